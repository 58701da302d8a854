/**
 * Per-channel XMLTV fragments. The server builds one fragment per channel whenever its playout
 * changes, caches it (e.g. on disk), and streams the cached fragments into `/iptv/xmltv.xml`.
 *
 * A fragment has two strings because the XMLTV DTD orders a document as every `<channel>` first,
 * then every `<programme>` (`<!ELEMENT tv (channel*, programme*)>`); the document writer emits the
 * `channelXml` parts of all fragments, then their `programmesXml` parts. URLs inside are
 * placeholders until `fillUrlPlaceholders` (done by the document writer) puts in the request's base
 * URL and token.
 */
import { channelGuideId, type ChannelIdOptions } from "./channel-identifier";
import { groupBlockProgrammes, groupProgrammes, type BlockGuideBehavior } from "./programme-grouping";
import type { GuideChannel, GuideItem, GuideProgramme } from "./types";
import { channelCategories, channelXml } from "./xmltv-channel";
import { programmeXml } from "./xmltv-programme";
import { placeholderUrlWriter, type XmlUrlWriter } from "./xmltv-url-writer";

export interface ChannelGuideFragment {
  /** The channel's guide id (same as the M3U `tvg-id`). */
  channelId: string;
  /** Channel number, for numeric ordering in the document. */
  number: string;
  /** The `<channel>` element (with placeholders). */
  channelXml: string;
  /** The channel's `<programme>` elements, newline-separated (with placeholders); may be empty. */
  programmesXml: string;
}

export interface FragmentOptions extends ChannelIdOptions {
  /** IANA zone the times are written in (e.g. `Europe/Berlin`, `UTC`). */
  timeZone: string;
  /** `items` (default) for classic/sequential/scripted/external playouts, `blocks` for block playouts. */
  layout?: "items" | "blocks";
  blockBehavior?: BlockGuideBehavior;
  /** Mirror channels: shift every programme by the channel's playout offset (ms). */
  offsetMs?: number;
  /** Only programmes overlapping [from, to) (after the offset), e.g. now .. now + days to build. */
  window?: { from: number; to: number };
  lang?: string;
  /** Defaults to placeholders; pass `immediateUrlWriter(ctx)` to resolve URLs right away. */
  urls?: XmlUrlWriter;
}

export function buildChannelFragment(
  channel: GuideChannel,
  items: readonly GuideItem[],
  options: FragmentOptions,
): ChannelGuideFragment {
  const channelId = channelGuideId(channel.number, options);
  const urls = options.urls ?? placeholderUrlWriter;
  const categories = channelCategories(channel.categories);
  const programmes = guideProgrammes(items, options);
  return {
    channelId,
    number: channel.number,
    channelXml: channelXml(channel, channelId, urls),
    programmesXml: programmes
      .map((p) => programmeXml(p, { channelId, timeZone: options.timeZone, urls, lang: options.lang, channelCategories: categories }))
      .join("\n"),
  };
}

/** Grouped, shifted and windowed programmes of one channel. */
export function guideProgrammes(
  items: readonly GuideItem[],
  options: Pick<FragmentOptions, "layout" | "blockBehavior" | "offsetMs" | "window">,
): GuideProgramme[] {
  const grouped = options.layout === "blocks" ? groupBlockProgrammes(items, options.blockBehavior) : groupProgrammes(items);
  const offset = options.offsetMs ?? 0;
  return grouped
    .map((p) => (offset === 0 ? p : { ...p, start: p.start + offset, stop: p.stop + offset }))
    .filter((p) => p.stop > p.start)
    .filter((p) => !options.window || (p.stop > options.window.from && p.start < options.window.to));
}
