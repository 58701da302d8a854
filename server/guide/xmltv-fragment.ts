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
import { programmeWriter, stringSink, type XmlTextSink } from "./xmltv-programme";

const NEWLINE = "\n";
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
  const sink = stringSink();
  writeChannelProgrammes(channel, items, options, sink);
  return { channelId: channelGuideId(channel.number, options), number: channel.number, channelXml: channelFragmentXml(channel, options), programmesXml: sink.xml };
}

/** The fragment's `channelXml` alone (it needs no items). */
export function channelFragmentXml(channel: GuideChannel, options: Pick<FragmentOptions, "instanceId" | "domain" | "urls">): string {
  return channelXml(channel, channelGuideId(channel.number, options), options.urls ?? placeholderUrlWriter);
}

/**
 * The fragment's `programmesXml` handed to `write` piece by piece as it is made (the pieces joined are
 * exactly `programmesXml`), so a caller can put them straight into bytes instead of holding one string.
 * Answers how many programmes it wrote.
 */
export function writeChannelProgrammes(channel: GuideChannel, items: readonly GuideItem[], options: FragmentOptions, write: XmlTextSink): number {
  const channelId = channelGuideId(channel.number, options);
  const urls = options.urls ?? placeholderUrlWriter;
  const programme = programmeWriter({ channelId, timeZone: options.timeZone, urls, lang: options.lang, channelCategories: channelCategories(channel.categories) });
  const programmes = guideProgrammes(items, options);
  for (let i = 0; i < programmes.length; i++) {
    if (i > 0) write.recurring(NEWLINE);
    programme(programmes[i]!, write);
  }
  return programmes.length;
}

/** Grouped, shifted and windowed programmes of one channel. */
export function guideProgrammes(
  items: readonly GuideItem[],
  options: Pick<FragmentOptions, "layout" | "blockBehavior" | "offsetMs" | "window">,
): GuideProgramme[] {
  const grouped = options.layout === "blocks" ? groupBlockProgrammes(items, options.blockBehavior) : groupProgrammes(items);
  const offset = options.offsetMs ?? 0;
  const { window } = options;
  const result: GuideProgramme[] = [];
  for (const grouping of grouped) {
    const p = offset === 0 ? grouping : { ...grouping, start: grouping.start + offset, stop: grouping.stop + offset };
    if (p.stop > p.start && (!window || (p.stop > window.from && p.start < window.to))) result.push(p);
  }
  return result;
}
