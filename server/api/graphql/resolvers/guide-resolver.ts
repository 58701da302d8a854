import { Arg, Ctx, Query, Resolver } from "type-graphql";
import type { GuideProgramme } from "../../../guide";
import { guideImageForUi } from "../../../services/artwork-service";
import type { GraphqlContext } from "../context";
import { GuideChannelRowType, GuideProgrammeType } from "../types/guide-types";


function absolute(url: string | undefined, baseUrl: string): string | null {
  if (!url) return null;
  return url.startsWith("/") ? baseUrl + url : url;
}

function toProgrammeType(p: GuideProgramme, baseUrl: string): GuideProgrammeType {
  const { item } = p;
  return {
    start: new Date(p.start).toISOString(),
    stop: new Date(p.stop).toISOString(),
    title: p.customTitle ?? item.title,
    subtitle: p.customTitle ? null : (item.subtitle ?? null),
    description: p.customTitle ? null : (item.description ?? null),
    seasonNumber: p.customTitle ? null : (item.seasonNumber ?? null),
    episodeNumber: p.customTitle ? null : (item.episodeNumber ?? null),
    kind: item.kind,
    contentRating: item.contentRating ?? null,
    imageUrl: absolute(guideImageForUi(item.iconUrl ?? item.posterUrl ?? item.thumbnailUrl), baseUrl),
  };
}

@Resolver()
export class GuideResolver {
  @Query(() => [GuideChannelRowType], {
    description: "The guide grid: every guide channel with its programmes between `from` and `to` (ISO 8601; default now and 6 hours later; at most 7 days), grouped as in XMLTV.",
  })
  // type-graphql lists arguments last parameter first; this order prints (from, to).
  async guide(
    @Arg("to", () => String, { nullable: true }) to: string | null | undefined,
    @Arg("from", () => String, { nullable: true }) from: string | null | undefined,
    @Ctx() ctx: GraphqlContext,
  ): Promise<GuideChannelRowType[]> {
    const start = from === undefined || from === null ? undefined : Date.parse(from);
    const end = to === undefined || to === null ? undefined : Date.parse(to);
    const rows = await ctx.services.guide.gridRows(start, end);
    return rows.map(({ channel, programmes }) => ({
      channelId: channel.id,
      number: channel.number,
      name: channel.name,
      logoUrl: channel.logoUrl,
      programmes: programmes.map((p) => toProgrammeType(p, ctx.baseUrl)),
    }));
  }
}
