/**
 * One XMLTV `<programme>` element, children in the order the XMLTV DTD requires.
 *
 * A guide writes tens of thousands of programmes that share most of their text (a show's title,
 * genres, rating and poster), so a writer made once per fragment (`programmeWriter`) keeps the
 * escaped pieces it has made and builds each element by concatenation: no per-line arrays, and
 * nothing escaped twice; items sharing a `metadataId` share the text between start and end tag.
 */
import { artworkLocation } from "./logo-url";
import type { GuideItem, GuideProgramme } from "./types";
import { escapeXml } from "./xml-escape";
import { formatXmltvDate, formatXmltvTime } from "./xmltv-time";
import type { XmlUrlWriter } from "./xmltv-url-writer";

export interface ProgrammeXmlOptions {
  channelId: string;
  timeZone: string;
  urls: XmlUrlWriter;
  /** `lang` of textual elements; default `en`. */
  lang?: string;
  /** Channel categories, added after the programme's own. */
  channelCategories?: readonly string[];
}

export function programmeXml(programme: GuideProgramme, options: ProgrammeXmlOptions): string {
  const sink = stringSink();
  programmeWriter(options)(programme, sink);
  return sink.xml;
}

/**
 * Receives a programme's text piece by piece, so a sink writing bytes makes as few strings as it can:
 * `text` is written once; `recurring` is a string the writer hands out again and again (the same
 * string object: a programme's metadata text, a tag), so a sink may keep it encoded; `time` is an
 * XMLTV timestamp (`formatXmltvTime`), which a byte sink writes digit by digit (`writeXmltvTime`).
 */
export interface XmlTextSink {
  text(value: string): void;
  recurring(value: string): void;
  time(epochMs: number, timeZone: string): void;
}

/** A sink that collects the text in `xml`. */
export function stringSink(): XmlTextSink & { xml: string } {
  const sink = {
    xml: "",
    text: (value: string) => void (sink.xml += value),
    recurring: (value: string) => void (sink.xml += value),
    time: (epochMs: number, timeZone: string) => void (sink.xml += formatXmltvTime(epochMs, timeZone)),
  };
  return sink;
}

const START_TAG_OPEN = '  <programme start="';
const STOP_ATTRIBUTE = '" stop="';
const END_TAG = "  </programme>";

/** Entries a writer's caches hold at most (a channel's fragment rarely has this many distinct values). */
const CACHE_LIMIT = 2000;

/** A function writing `<programme>` elements with the same options into a sink, reusing what it escaped before. */
export function programmeWriter(options: ProgrammeXmlOptions): (programme: GuideProgramme, sink: XmlTextSink) => void {
  const lang = escapeXml(options.lang ?? "en");
  /** The start tag's end, the same for every programme of the channel. */
  const startTagClose = `" channel="${escapeXml(options.channelId)}">\n`;
  const channelCategories = options.channelCategories ?? [];
  const { timeZone, urls } = options;
  const titles = new Map<string, string>();
  const images = new Map<string, string>();
  const ratingCache = new Map<string, string>();
  /** Category lines per kind, then per genre list (lists are shared by the items of one show). */
  const categoryCache = new Map<GuideItem["kind"], Map<readonly string[] | undefined, string>>();

  const remember = <K>(cache: Map<K, string>, key: K, value: string): string => {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(key, value);
    return value;
  };
  /** `    <tag lang="…">value</tag>\n`, or nothing when the value is blank. */
  const text = (tag: string, value: string | undefined): string => {
    const trimmed = value?.trim();
    return trimmed ? `    <${tag} lang="${lang}">${escapeXml(trimmed)}</${tag}>\n` : "";
  };
  /** `text("title", …)` for titles, which repeat (a show's episodes). */
  const title = (value: string): string => titles.get(value) ?? remember(titles, value, text("title", value));
  const image = (url: string): string => images.get(url) ?? remember(images, url, urls.image(artworkLocation(url)));
  const categories = (item: GuideItem): string => {
    let byGenres = categoryCache.get(item.kind);
    if (!byGenres) categoryCache.set(item.kind, (byGenres = new Map()));
    const cached = byGenres.get(item.genres);
    if (cached !== undefined) return cached;
    let lines = "";
    for (const name of categoryNames(item, channelCategories)) lines += text("category", name);
    return remember(byGenres, item.genres, lines);
  };
  const ratings = (item: GuideItem): string => {
    if (!item.contentRating) return "";
    const key = `${item.kind === "Movie" ? "M" : "T"}${item.contentRating}`;
    return ratingCache.get(key) ?? remember(ratingCache, key, ratingLines(item));
  };

  /** Everything between a programme's start tag and its end tag, for a programme without a custom title. */
  const metadata = (item: GuideItem): string => {
    let xml = title(item.title || "Untitled");
    xml += text("sub-title", item.subtitle);
    xml += text("desc", item.description);
    const date = formatXmltvDate(item.releaseDate);
    if (date) xml += `    <date>${date}</date>\n`;
    xml += categories(item);
    const icon = item.iconUrl ?? item.posterUrl ?? item.thumbnailUrl;
    if (icon) xml += `    <icon src="${image(icon)}" />\n`;
    xml += episodeNumberLines(item);
    xml += "    <previously-shown />\n";
    xml += ratings(item);
    if (item.kind === "Episode") {
      if (item.posterUrl) xml += `    <image type="poster">${image(item.posterUrl)}</image>\n`;
      if (item.thumbnailUrl) xml += `    <image type="still">${image(item.thumbnailUrl)}</image>\n`;
    }
    return xml;
  };
  const bodies = new Map<number, string>();

  return (programme, sink) => {
    const { item } = programme;
    sink.recurring(START_TAG_OPEN);
    sink.time(programme.start, timeZone);
    sink.recurring(STOP_ATTRIBUTE);
    sink.time(programme.stop, timeZone);
    sink.recurring(startTagClose);
    if (programme.customTitle !== undefined) {
      sink.text(`${title(programme.customTitle)}${episodeNumberLines(item)}    <previously-shown />\n${ratings(item)}`);
    } else {
      const id = item.metadataId;
      const known = id !== undefined ? bodies.get(id) : undefined;
      if (known !== undefined) sink.recurring(known);
      else if (id !== undefined) sink.recurring(remember(bodies, id, metadata(item)));
      else sink.text(metadata(item));
    }
    sink.recurring(END_TAG);
  };
}

const KIND_CATEGORY: Partial<Record<GuideItem["kind"], string>> = {
  Movie: "Movie",
  Episode: "Series",
  MusicVideo: "Music",
  Song: "Music",
};

/** The kind's category, the genres, then the channel's categories: trimmed, first spelling of each name. */
function categoryNames(item: GuideItem, channelCategories: readonly string[]): string[] {
  const all = [KIND_CATEGORY[item.kind], ...(item.genres ?? []), ...channelCategories];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const category of all) {
    const name = category?.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      result.push(name);
    }
  }
  return result;
}

/** `onscreen` (`S01E02`) and zero-based `xmltv_ns` (`0.1.0/1`); unknown parts are left empty. */
export function episodeNumbers(item: Pick<GuideItem, "seasonNumber" | "episodeNumber">): string[] {
  const lines = episodeNumberLines(item);
  return lines ? lines.slice(0, -1).split("\n") : [];
}

function episodeNumberLines(item: Pick<GuideItem, "seasonNumber" | "episodeNumber">): string {
  const season = validNumber(item.seasonNumber);
  const episode = validNumber(item.episodeNumber);
  if (season === undefined && episode === undefined) return "";
  const onscreen = `${season !== undefined ? `S${pad2(season)}` : ""}${episode !== undefined ? `E${pad2(episode)}` : ""}`;
  const ns = `${season !== undefined && season > 0 ? season - 1 : ""}.${episode !== undefined && episode > 0 ? episode - 1 : ""}.0/1`;
  const lines = `    <episode-num system="onscreen">${onscreen}</episode-num>\n`;
  return ns !== "..0/1" ? `${lines}    <episode-num system="xmltv_ns">${ns}</episode-num>\n` : lines;
}

/** `<rating>` per value of `a/b`; `us:` values get the MPAA (movies) or VCHIP (TV) system. */
function ratingLines(item: GuideItem): string {
  let lines = "";
  for (const part of item.contentRating?.split("/") ?? []) {
    const value = part.trim();
    if (value === "") continue;
    const us = /^us:(.+)$/i.exec(value);
    const system = us ? ` system="${item.kind === "Movie" ? "MPAA" : "VCHIP"}"` : "";
    lines += `    <rating${system}>\n      <value>${escapeXml((us?.[1] ?? value).trim())}</value>\n    </rating>\n`;
  }
  return lines;
}

function validNumber(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
