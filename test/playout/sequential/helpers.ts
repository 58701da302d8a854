import { validateDefinition, type PlayoutDefinition } from "../../../server/playout/definition";
import type { MediaItem } from "../../../server/playout/content";
import {
  buildSequentialPlayout,
  type ResolvedContent,
  type SequentialBuildInput,
  type SequentialBuildResult,
  type SequentialItem,
} from "../../../server/playout/sequential";

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
/** Monday 2026-01-05 00:00 UTC: the fixed build clock. */
export const T0 = Date.UTC(2026, 0, 5, 0, 0, 0);
export const SEED = 12345;

/** Parses and validates a YAML definition; fails the test with the messages when invalid. */
export function definitionOf(yaml: string): PlayoutDefinition {
  const result = validateDefinition(yaml, { fileName: "test.yaml" });
  if (!result.definition) {
    throw new Error(`invalid definition: ${result.errors.map((e) => `${e.line}:${e.column} ${e.message}`).join("; ")}`);
  }
  return result.definition;
}

/** A movie with a whole-minute duration. */
export function movie(id: number, minutes: number, extra: Partial<MediaItem> = {}): MediaItem {
  return { id, kind: "movie", title: `Movie ${id}`, durationMs: minutes * MIN, releaseDate: `2000-01-${String(id % 28 + 1).padStart(2, "0")}`, ...extra };
}

/** An episode; release dates follow season/episode so chronological = SxxEyy order. */
export function episode(id: number, season: number, ep: number, minutes: number, extra: Partial<MediaItem> = {}): MediaItem {
  return {
    id,
    kind: "episode",
    title: `S${season}E${ep}`,
    showId: 1,
    seasonNumber: season,
    episodeNumber: ep,
    durationMs: minutes * MIN,
    releaseDate: `20${String(10 + season).padStart(2, "0")}-01-${String(ep).padStart(2, "0")}`,
    ...extra,
  };
}

export const items = (...list: MediaItem[]): ResolvedContent => ({ items: list });

export type BuildOptions = Partial<Omit<SequentialBuildInput, "definition" | "content">>;

export function build(
  definition: PlayoutDefinition | string,
  content: Record<string, ResolvedContent>,
  options: BuildOptions = {},
): SequentialBuildResult {
  return buildSequentialPlayout({
    definition: typeof definition === "string" ? definitionOf(definition) : definition,
    content,
    mode: "Reset",
    start: T0,
    horizonMs: DAY,
    timeZone: "UTC",
    seed: SEED,
    ...options,
  });
}

/** ISO time without seconds/ms when they are zero: "2026-01-05T01:30Z". */
export function iso(ms: number): string {
  return new Date(ms).toISOString().replace(":00.000Z", "Z");
}

/** "start–finish id" per item; gaps show "off", filler kinds other than None are appended. */
export function brief(list: readonly SequentialItem[]): string[] {
  return list.map((item) => {
    const kind = item.fillerKind === "None" ? "" : ` ${item.fillerKind}`;
    return `${iso(item.start).slice(11)}-${iso(item.finish).slice(11)} ${item.mediaItemId ?? "off"}${kind}`;
  });
}

/** Asserts every item starts where the previous one finished. */
export function contiguous(list: readonly SequentialItem[]): boolean {
  return list.every((item, i) => i === 0 || item.start === list[i - 1].finish);
}
