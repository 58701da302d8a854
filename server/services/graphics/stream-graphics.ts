/**
 * Which graphics elements a piece of a stream draws, made ready for the argument builder: the channel's
 * list, with the playout item's own list added or in its place; each element's template filled from the
 * programme on air and the next one, its timing turned into times from the piece's start. Filler shows
 * only the elements that allow it; an image is handed to FFmpeg only when it lies inside the data folder.
 */
import type { Graphic } from "../../db/entities/graphic";
import type { Repositories } from "../../db/repositories";
import { GraphicKind, GraphicShow, GraphicsMode, GraphicTimeFormat, MediaItemKind } from "../../domain/enums";
import type { GraphicTiming, StreamGraphic, TextRun } from "../../domain/stream-plan";
import { ZoneClock } from "../../playout/core/zone-clock";
import type { WatermarkImageCheck } from "../stream-watermark";
import { fillTemplate, type PlaceholderValues } from "./placeholders";

/** A programme as graphics name it. */
export interface GraphicProgramme {
  title?: string;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  artist?: string;
  album?: string;
  /** Wall-clock start and finish (ms). */
  start: number;
  finish: number;
}

/** What a piece's graphics are filled from. */
export interface GraphicsContext {
  channel: { name: string; number: string };
  /** The programme on air (absent in a gap). */
  now?: GraphicProgramme;
  next?: GraphicProgramme;
  /** Wall-clock time of the piece's first frame. */
  at: number;
  filler: boolean;
  timeZone: string;
}

/** The item's graphics settings (a playout row); absent for fallback filler and gaps. */
export interface ItemGraphics {
  graphicsIds: number[] | null;
  graphicsMode: string | null;
}

/** The ids a piece draws: the channel's, with the item's added (Add) or instead (Replace). */
export function graphicsIdsFor(channel: { graphicsIds: number[] | null }, item: ItemGraphics | undefined): number[] {
  const own = channel.graphicsIds ?? [];
  if (!item || (item.graphicsIds === null && item.graphicsMode !== GraphicsMode.Replace)) return own;
  const extra = item.graphicsIds ?? [];
  return item.graphicsMode === GraphicsMode.Replace ? extra : [...own, ...extra.filter((id) => !own.includes(id))];
}

/** The elements with these ids, in this order, ready to draw (those that show nothing in this context left out). */
export async function streamGraphics(repos: Repositories, ids: readonly number[], context: GraphicsContext, check: WatermarkImageCheck): Promise<StreamGraphic[]> {
  if (!ids.length) return [];
  const found = await repos.graphics.findByIds(ids);
  const out: StreamGraphic[] = [];
  for (const id of ids) {
    const graphic = found.find((g) => g.id === id);
    const drawn = graphic ? await toStreamGraphic(graphic, context, check) : undefined;
    if (drawn) out.push(drawn);
  }
  return out;
}

/** One element as the builder draws it in this context, or undefined when it shows nothing here. */
export async function toStreamGraphic(g: Graphic, context: GraphicsContext, check: WatermarkImageCheck): Promise<StreamGraphic | undefined> {
  if (context.filler && !g.showDuringFiller) return undefined;
  const when = timing(g, context);
  if (!when) return undefined;
  const base = {
    position: g.position,
    horizontalMarginPercent: g.horizontalMarginPercent,
    verticalMarginPercent: g.verticalMarginPercent,
    sizePercent: g.sizePercent,
    opacityPercent: g.opacity,
    fadeMs: g.show === GraphicShow.Always ? 0 : Math.round(g.fadeSeconds * 1000),
    when,
  };
  if (g.kind === GraphicKind.Image) {
    const imagePath = g.imagePath ? await check(g.imagePath) : undefined;
    return imagePath ? { ...base, draw: { kind: "image", imagePath } } : undefined;
  }
  const box = g.backgroundOpacity > 0 ? { color: ffmpegColor(g.backgroundColor), opacityPercent: g.backgroundOpacity } : undefined;
  return { ...base, draw: { kind: "text", lines: textLines(g, context), color: ffmpegColor(g.color), ...(box ? { box } : {}) } };
}

/** The element's text: a Text template filled in; NowNext's two lines; Clock's time. */
export function textLines(g: Graphic, context: GraphicsContext): TextRun[][] {
  const clock = new ZoneClock(context.timeZone);
  const at = (instant: number) => formatTime(instant + clock.offsetMs(instant), g.timeFormat);
  const clockRun: TextRun = { clock: { format: g.timeFormat === GraphicTimeFormat.TwelveHour ? "%I:%M %p" : "%H:%M", offsetSeconds: (context.at + clock.offsetMs(context.at)) / 1000 } };
  const values = placeholderValues(context, at);
  switch (g.kind) {
    case GraphicKind.Clock:
      return [[clockRun]];
    case GraphicKind.NowNext:
      return fillTemplate(`Now: {{title}}${context.next ? "\nNext {{next.start}}: {{next.title}}" : ""}`, values, clockRun);
    default:
      return fillTemplate(g.text ?? "", values, clockRun);
  }
}

function placeholderValues(context: GraphicsContext, at: (instant: number) => string): PlaceholderValues {
  const { now, next } = context;
  const text = (value: string | number | undefined) => (value === undefined || value === "" ? undefined : String(value));
  return {
    title: text(now?.title),
    showTitle: text(now?.showTitle),
    season: text(now?.season),
    episode: text(now?.episode),
    year: text(now?.year),
    artist: text(now?.artist),
    album: text(now?.album),
    channelName: context.channel.name,
    channelNumber: context.channel.number,
    start: now ? at(now.start) : undefined,
    end: now ? at(now.finish) : undefined,
    "next.title": text(next?.title),
    "next.showTitle": text(next?.showTitle),
    "next.start": next ? at(next.start) : undefined,
  };
}

/** When the element shows, in ms from the piece's start; undefined when it cannot show (a programme timing in a gap). */
function timing(g: Graphic, context: GraphicsContext): GraphicTiming | undefined {
  const seconds = (g.seconds ?? 0) * 1000;
  switch (g.show) {
    case GraphicShow.Always:
      return { kind: "always" };
    case GraphicShow.ProgrammeStart:
      return context.now ? { kind: "window", fromMs: context.now.start - context.at, toMs: context.now.start + seconds - context.at } : undefined;
    case GraphicShow.BeforeProgrammeEnd:
      return context.now ? { kind: "window", fromMs: context.now.finish - seconds - context.at, toMs: context.now.finish - context.at } : undefined;
    case GraphicShow.EveryMinutes: {
      const periodMs = (g.everyMinutes ?? 1) * 60_000;
      const local = context.at + new ZoneClock(context.timeZone).offsetMs(context.at);
      return { kind: "cycle", periodMs, showMs: seconds, phaseMs: ((local % periodMs) + periodMs) % periodMs };
    }
  }
}

/** A local instant (shifted by the zone offset, read with UTC getters) as `21:05` or `9:05 PM`. */
function formatTime(local: number, format: GraphicTimeFormat): string {
  const date = new Date(local);
  const hours = date.getUTCHours();
  const minutes = String(date.getUTCMinutes()).padStart(2, "0");
  if (format === GraphicTimeFormat.TwelveHour) return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${String(hours).padStart(2, "0")}:${minutes}`;
}

/** `#RRGGBB` as FFmpeg's `0xRRGGBB`. */
function ffmpegColor(color: string): string {
  return `0x${color.replace(/^#/, "")}`;
}

/** The fields of a playout row graphics read. */
export interface ProgrammeRow {
  mediaItemId: number | null;
  customTitle: string | null;
  externalMetadata?: { title?: string; showTitle?: string; season?: number; episode?: number; year?: number } | null;
}

/** A media item's names for graphics (the show's title looked up through the season). */
export async function programmeOf(repos: Repositories, item: ProgrammeRow, start: number, finish: number): Promise<GraphicProgramme> {
  const programme: GraphicProgramme = { start, finish };
  const media = item.mediaItemId !== null ? await repos.mediaItems.findById(item.mediaItemId) : null;
  const external = item.externalMetadata ?? undefined;
  const title = item.customTitle ?? external?.title ?? media?.title ?? undefined;
  if (title) programme.title = title;
  if (external?.showTitle) programme.showTitle = external.showTitle;
  if (external?.season !== undefined) programme.season = external.season;
  if (external?.episode !== undefined) programme.episode = external.episode;
  if (external?.year !== undefined) programme.year = external.year;
  if (!media) return programme;
  if (media.year !== null) programme.year = media.year;
  if (media.kind === MediaItemKind.Song || media.kind === MediaItemKind.MusicVideo) {
    const artist = media.artist ?? media.albumArtist;
    if (artist) programme.artist = artist;
    if (media.album) programme.album = media.album;
  }
  if (media.kind === MediaItemKind.Episode) {
    if (media.episodeNumber !== null) programme.episode = media.episodeNumber;
    const season = media.parentId !== null ? await repos.mediaItems.findById(media.parentId) : null;
    if (season?.seasonNumber != null) programme.season = season.seasonNumber;
    else if (media.seasonNumber !== null) programme.season = media.seasonNumber;
    const show = season?.parentId != null ? await repos.mediaItems.findById(season.parentId) : null;
    if (show) programme.showTitle = show.title;
  }
  return programme;
}
