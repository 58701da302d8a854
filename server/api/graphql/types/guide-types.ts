import { Field, Int, ObjectType } from "type-graphql";

@ObjectType("GuideProgramme", { description: "One programme of the guide grid, grouped as in XMLTV (filler merged into it)." })
export class GuideProgrammeType {
  @Field(() => String, { description: "ISO 8601" })
  start: string;

  @Field(() => String, { description: "ISO 8601" })
  stop: string;

  @Field(() => String, { description: "The custom title, else the movie or show title." })
  title: string;

  @Field(() => String, { nullable: true, description: "Episode title." })
  subtitle: string | null;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => Int, { nullable: true })
  seasonNumber: number | null;

  @Field(() => Int, { nullable: true })
  episodeNumber: number | null;

  @Field(() => String, { description: "Movie, Episode, MusicVideo, OtherVideo, Song or RemoteStream." })
  kind: string;

  @Field(() => String, { nullable: true, description: "e.g. us:PG-13" })
  contentRating: string | null;

  @Field(() => String, { nullable: true, description: "The programme's picture (what its XMLTV <icon> shows), absolute URL." })
  imageUrl: string | null;
}

@ObjectType("GuideChannelRow", { description: "A channel of the guide with its programmes in the asked window." })
export class GuideChannelRowType {
  @Field(() => Int)
  channelId: number;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  logoUrl: string | null;

  @Field(() => [GuideProgrammeType])
  programmes: GuideProgrammeType[];
}
