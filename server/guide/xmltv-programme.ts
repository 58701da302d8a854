/** One XMLTV `<programme>` element, children in the order the XMLTV DTD requires. */
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
  const { item } = programme;
  const lang = escapeXml(options.lang ?? "en");
  const text = (tag: string, value: string | undefined): string[] =>
    value?.trim() ? [`    <${tag} lang="${lang}">${escapeXml(value.trim())}</${tag}>`] : [];
  const lines: string[] = [
    `  <programme start="${formatXmltvTime(programme.start, options.timeZone)}" stop="${formatXmltvTime(programme.stop, options.timeZone)}" channel="${escapeXml(options.channelId)}">`,
  ];

  if (programme.customTitle !== undefined) {
    lines.push(...text("title", programme.customTitle));
    lines.push(...episodeNumbers(item));
    lines.push("    <previously-shown />");
    lines.push(...ratings(item));
  } else {
    lines.push(...text("title", item.title || "Untitled"));
    lines.push(...text("sub-title", item.subtitle));
    lines.push(...text("desc", item.description));
    const date = formatXmltvDate(item.releaseDate);
    if (date) lines.push(`    <date>${date}</date>`);
    for (const category of categories(item, options.channelCategories ?? [])) lines.push(...text("category", category));
    const icon = item.iconUrl ?? item.posterUrl ?? item.thumbnailUrl;
    if (icon) lines.push(`    <icon src="${options.urls.image(artworkLocation(icon))}" />`);
    lines.push(...episodeNumbers(item));
    lines.push("    <previously-shown />");
    lines.push(...ratings(item));
    if (item.kind === "Episode") {
      if (item.posterUrl) lines.push(`    <image type="poster">${options.urls.image(artworkLocation(item.posterUrl))}</image>`);
      if (item.thumbnailUrl) lines.push(`    <image type="still">${options.urls.image(artworkLocation(item.thumbnailUrl))}</image>`);
    }
  }
  lines.push("  </programme>");
  return lines.join("\n");
}

const KIND_CATEGORY: Partial<Record<GuideItem["kind"], string>> = {
  Movie: "Movie",
  Episode: "Series",
  MusicVideo: "Music",
  Song: "Music",
};

function categories(item: GuideItem, channelCategories: readonly string[]): string[] {
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
  const season = validNumber(item.seasonNumber);
  const episode = validNumber(item.episodeNumber);
  if (season === undefined && episode === undefined) return [];
  const onscreen = `${season !== undefined ? `S${pad2(season)}` : ""}${episode !== undefined ? `E${pad2(episode)}` : ""}`;
  const ns = `${season !== undefined && season > 0 ? season - 1 : ""}.${episode !== undefined && episode > 0 ? episode - 1 : ""}.0/1`;
  const lines = [`    <episode-num system="onscreen">${onscreen}</episode-num>`];
  if (ns !== "..0/1") lines.push(`    <episode-num system="xmltv_ns">${ns}</episode-num>`);
  return lines;
}

/** `<rating>` per value of `a/b`; `us:` values get the MPAA (movies) or VCHIP (TV) system. */
function ratings(item: GuideItem): string[] {
  if (!item.contentRating) return [];
  return item.contentRating
    .split("/")
    .map((value) => value.trim())
    .filter((value) => value !== "")
    .map((value) => {
      const us = /^us:(.+)$/i.exec(value);
      const system = us ? ` system="${item.kind === "Movie" ? "MPAA" : "VCHIP"}"` : "";
      return `    <rating${system}>\n      <value>${escapeXml((us?.[1] ?? value).trim())}</value>\n    </rating>`;
    });
}

function validNumber(value: number | undefined): number | undefined {
  return value !== undefined && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
