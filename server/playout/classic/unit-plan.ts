import { FillerKind, FillerMode } from "../../domain/enums";
import type { MediaItem } from "../content/types";
import { compileBooleanExpression, type CompiledExpression } from "../grammar/expression";
import { CHAPTER_VARIABLES, type ChapterVariables } from "../grammar/expression-variables";
import { splitAtChapters, type ZoneClock } from "../core";
import { totalLength, type FillerPlayer, type Piece } from "./filler";
import type { ClassicFiller, ClassicScheduleItem } from "./types";

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface UnitPlanContext {
  filler: FillerPlayer;
  zone: ZoneClock;
  warn(message: string): void;
}

const compiled = new Map<string, CompiledExpression<ChapterVariables, boolean> | null>();

function chapterFilter(filler: ClassicFiller, warn: (message: string) => void): CompiledExpression<ChapterVariables, boolean> {
  const source = filler.expression?.trim() || "true";
  if (!compiled.has(source)) {
    const result = compileBooleanExpression<ChapterVariables>(source, CHAPTER_VARIABLES);
    compiled.set(source, result.ok ? result.value : null);
  }
  const filter = compiled.get(source);
  if (filter) return filter;
  warn(`filler preset ${filler.id}: mid-roll expression "${source}" is not valid; every chapter break is used`);
  return chapterFilter({ ...filler, expression: null }, warn);
}

/** The first instant at or after `instant` whose local wall-clock minute is a multiple of `minutes` (seconds zero). */
export function nextPadBoundary(zone: ZoneClock, instant: number, minutes: number): number {
  const step = minutes * MINUTE;
  const msOfDay = zone.decimalHours(instant) * 3_600_000;
  const rounded = Math.round(msOfDay);
  const boundary = Math.min(Math.ceil(rounded / step) * step, DAY);
  return instant + (boundary - rounded);
}

/**
 * Lays out one scheduled unit (one media item, or the parts of a multi-part episode) with its filler, starting
 * at `at`: per media item pre-roll, the item split at its chapter breaks with mid-roll between, post-roll; then
 * the pad filler (the one of pre/mid/post in Pad mode) up to the next `padToNearestMinute` boundary, whole items
 * at its position, and the item's fallback filler cut to reach the boundary exactly.
 */
export function planUnit(ctx: UnitPlanContext, item: ClassicScheduleItem, unit: readonly MediaItem[], at: number): Piece[] {
  const pad = padFiller(item);
  const pieces: Piece[] = [];
  let firstBreak: number | null = null;
  for (const media of unit) {
    roll(ctx, pieces, item.preRoll, FillerKind.PreRoll);
    const segments = item.midRoll ? splitAtChapters(media, chapterFilter(item.midRoll, ctx.warn)) : null;
    if (segments) {
      for (let i = 0; i < segments.length; i++) {
        if (i > 0) {
          firstBreak ??= pieces.length;
          roll(ctx, pieces, item.midRoll, FillerKind.MidRoll);
        }
        pieces.push(primaryPiece(item, media, segments[i].inPointMs, segments[i].outPointMs));
      }
    } else {
      pieces.push(primaryPiece(item, media, 0, media.durationMs));
      if (item.midRoll) {
        ctx.warn(`schedule item ${item.index + 1}: mid-roll needs media with at least two chapters; played as post-roll instead`);
        roll(ctx, pieces, item.midRoll, FillerKind.PostRoll);
      }
    }
    roll(ctx, pieces, item.postRoll, FillerKind.PostRoll);
  }

  if (pad && pad.padToNearestMinute) {
    const end = at + totalLength(pieces);
    const remaining = nextPadBoundary(ctx.zone, end, pad.padToNearestMinute) - end;
    if (remaining > 0) {
      const kind = pad === item.preRoll ? FillerKind.PreRoll : pad === item.midRoll ? FillerKind.MidRoll : FillerKind.PostRoll;
      const padding = ctx.filler.wholeUpTo(pad, kind, remaining);
      padding.push(...ctx.filler.loopTrimmed(item.fallback, remaining - totalLength(padding)));
      const position = kind === FillerKind.PreRoll ? 0 : kind === FillerKind.MidRoll && firstBreak !== null ? firstBreak : pieces.length;
      pieces.splice(position, 0, ...padding);
    }
  }
  return pieces;
}

/** The first of pre-, mid- and post-roll in Pad mode (planned after the unit), or null. */
function padFiller(item: ClassicScheduleItem): ClassicFiller | null {
  if (item.preRoll?.mode === FillerMode.Pad) return item.preRoll;
  if (item.midRoll?.mode === FillerMode.Pad) return item.midRoll;
  if (item.postRoll?.mode === FillerMode.Pad) return item.postRoll;
  return null;
}

/** Appends a pre/mid/post-roll's pieces (a preset in Pad mode plays after the unit instead). */
function roll(ctx: UnitPlanContext, pieces: Piece[], filler: ClassicFiller | null, kind: FillerKind): void {
  if (!filler || filler.mode === FillerMode.Pad) return;
  for (const piece of ctx.filler.roll(filler, kind)) pieces.push(piece);
}

/** One literal per piece (the planner runs for every programme of every build). */
function primaryPiece(item: ClassicScheduleItem, media: MediaItem, inPointMs: number, outPointMs: number): Piece {
  return { mediaItemId: media.id, fillerKind: FillerKind.None, contentKey: item.contentKey, disableWatermarks: false, primary: true, inPointMs, outPointMs };
}
