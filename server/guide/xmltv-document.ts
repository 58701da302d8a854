/**
 * Assembles `/iptv/xmltv.xml` from channel fragments: header, every `<channel>` (numeric channel
 * order), every `<programme>`, footer, with the request's base URL and token filled in. Yields the
 * document in pieces so a server can stream it.
 */
import { compareChannelNumbers } from "./channel-sort";
import type { UrlContext } from "./types";
import type { ChannelGuideFragment } from "./xmltv-fragment";
import { fillUrlPlaceholders } from "./xmltv-url-writer";

export const XMLTV_GENERATOR_NAME = "Airwave";

export function* xmltvDocumentParts(fragments: readonly ChannelGuideFragment[], ctx: UrlContext): Generator<string> {
  const ordered = [...fragments].sort((a, b) => compareChannelNumbers(a.number, b.number));
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<tv generator-info-name="${XMLTV_GENERATOR_NAME}">\n`;
  for (const fragment of ordered) yield `${fillUrlPlaceholders(fragment.channelXml, ctx)}\n`;
  for (const fragment of ordered) {
    if (fragment.programmesXml !== "") yield `${fillUrlPlaceholders(fragment.programmesXml, ctx)}\n`;
  }
  yield "</tv>\n";
}

export function buildXmltvDocument(fragments: readonly ChannelGuideFragment[], ctx: UrlContext): string {
  return [...xmltvDocumentParts(fragments, ctx)].join("");
}
