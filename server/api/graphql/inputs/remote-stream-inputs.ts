import { Field, InputType } from "type-graphql";

@InputType({ description: "An HTTP request header sent with a remote stream's URL (only to its origin)." })
export class RemoteStreamHeaderInput {
  @Field(() => String)
  name: string;

  @Field(() => String, { description: "A secret: never shown in answers or logs." })
  value: string;
}

@InputType({ description: "A remote stream item: the fields of an item file in a RemoteStreams library." })
export class RemoteStreamCreateInput {
  @Field(() => String, { description: "http, https, hls+http(s), rtmp(s), rtsp(s), or udp/rtp from a multicast group or this computer." })
  url: string;

  @Field(() => String, { nullable: true, description: "The URL's host when absent." })
  title?: string | null;

  @Field(() => String, { nullable: true })
  plot?: string | null;

  @Field(() => [String], { nullable: true })
  genres?: string[] | null;

  @Field(() => String, { nullable: true, description: "A fixed length (\"30 minutes\", \"01:00:00\"), looped when the source is shorter; required unless live." })
  duration?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Unbounded: the schedule decides how long it plays." })
  live?: boolean | null;

  @Field(() => [RemoteStreamHeaderInput], { nullable: true, description: "Sent with http, https and HLS URLs, only to the URL's origin." })
  headers?: RemoteStreamHeaderInput[] | null;
}

@InputType({ description: "A remote stream's new fields: each replaces the stored one (left out: removed), except url and headers, which stay when left out (answers never show a URL's query or a header's value); headers [] removes them." })
export class RemoteStreamUpdateInput {
  @Field(() => String, { nullable: true, description: "The new source; the stored URL stays when absent." })
  url?: string | null;

  @Field(() => String, { nullable: true, description: "The URL's host when absent." })
  title?: string | null;

  @Field(() => String, { nullable: true })
  plot?: string | null;

  @Field(() => [String], { nullable: true })
  genres?: string[] | null;

  @Field(() => String, { nullable: true, description: "A fixed length (\"30 minutes\", \"01:00:00\"), looped when the source is shorter; required unless live." })
  duration?: string | null;

  @Field(() => Boolean, { nullable: true, description: "Unbounded: the schedule decides how long it plays." })
  live?: boolean | null;

  @Field(() => [RemoteStreamHeaderInput], { nullable: true, description: "Replaces the headers (the stored ones stay when absent; [] removes them)." })
  headers?: RemoteStreamHeaderInput[] | null;
}
