import { FillerKind, FillerMode, PlaybackOrder } from "../../domain/enums";
import type { MediaItem } from "../content/types";
import type { EnumeratorPool } from "./enumerator-pool";
import type { UndoableEnumerator } from "./undoable-enumerator";
import type { ClassicFiller } from "./types";

/** A stretch of the timeline before times are assigned: a media segment (or a gap when `mediaItemId` is null). */
export interface Piece {
  mediaItemId: number | null;
  inPointMs: number;
  outPointMs: number;
  fillerKind: FillerKind;
  contentKey: string | null;
  disableWatermarks: boolean;
  /** The scheduled programme (not filler). */
  primary: boolean;
}

export const pieceLength = (p: Piece): number => p.outPointMs - p.inPointMs;
export const totalLength = (pieces: readonly Piece[]): number => pieces.reduce((sum, p) => sum + pieceLength(p), 0);

export function gapPiece(lengthMs: number): Piece {
  // The same property order as every other piece: one object shape for the code that reads them.
  return { mediaItemId: null, fillerKind: FillerKind.None, contentKey: null, disableWatermarks: false, primary: false, inPointMs: 0, outPointMs: lengthMs };
}

/** Draws a random integer in [0, maxExclusive) from the build's counted random stream. */
export type Draw = (maxExclusive: number) => number;

/** Plays the filler presets' content: every preset's content is shuffled and keeps its own progress. */
export class FillerPlayer {
  private readonly enumerators = new Map<ClassicFiller, UndoableEnumerator>();

  constructor(
    private readonly pool: EnumeratorPool,
    private readonly draw: Draw,
  ) {}

  /** Pre/mid/post-roll pieces by the preset's Count, RandomCount or Duration rule (Pad is planned by the caller). */
  roll(filler: ClassicFiller, kind: FillerKind): Piece[] {
    switch (filler.mode) {
      case FillerMode.Count:
        return this.count(filler, kind, (filler.count ?? 0) * this.passMultiplier(filler));
      case FillerMode.RandomCount:
        return this.count(filler, kind, this.draw(Math.max(0, filler.count ?? 0) * this.passMultiplier(filler) + 1));
      case FillerMode.Duration:
        return this.wholeUpTo(filler, kind, filler.durationMs ?? 0);
      default:
        return [];
    }
  }

  /** Whole items while the next one fits in `remainingMs` (tail filler, pad filler, Duration filler). */
  wholeUpTo(filler: ClassicFiller, kind: FillerKind, remainingMs: number): Piece[] {
    const out: Piece[] = [];
    let left = remainingMs;
    const enumerator = this.enumerator(filler);
    for (let guard = 0; guard <= enumerator.count + 1; guard++) {
      const media = enumerator.current();
      if (!media) break;
      if (media.durationMs <= 0) {
        enumerator.moveNext();
        continue;
      }
      const pieces = this.piecesOf(filler, kind, media);
      const length = totalLength(pieces);
      if (length > left) break;
      enumerator.moveNext();
      out.push(...pieces);
      left -= length;
      guard = -1;
    }
    return out;
  }

  /** Fallback: items looped and the last one cut, exactly filling `remainingMs`; a gap when there is no content. */
  loopTrimmed(filler: ClassicFiller | null, remainingMs: number): Piece[] {
    if (remainingMs <= 0) return [];
    if (!filler) return [gapPiece(remainingMs)];
    const enumerator = this.enumerator(filler);
    const out: Piece[] = [];
    let left = remainingMs;
    let skipped = 0;
    while (left > 0) {
      const media = enumerator.current();
      if (!media || skipped > enumerator.count) {
        out.push(gapPiece(left));
        break;
      }
      enumerator.moveNext();
      if (media.durationMs <= 0) {
        skipped++;
        continue;
      }
      skipped = 0;
      for (const piece of this.piecesOf(filler, FillerKind.Fallback, media)) {
        if (left <= 0) break;
        const length = Math.min(pieceLength(piece), left);
        out.push({ ...piece, outPointMs: piece.inPointMs + length });
        left -= length;
      }
    }
    return out;
  }

  private count(filler: ClassicFiller, kind: FillerKind, n: number): Piece[] {
    const out: Piece[] = [];
    const enumerator = this.enumerator(filler);
    let taken = 0;
    for (let guard = 0; taken < n && guard <= enumerator.count + 1; guard++) {
      const media = enumerator.current();
      if (!media) break;
      enumerator.moveNext();
      if (media.durationMs <= 0) continue;
      for (const piece of this.piecesOf(filler, kind, media)) {
        if (taken >= n) break;
        out.push(piece);
        taken++;
      }
      guard = -1;
    }
    return out;
  }

  /** Playlist filler counts per playlist pass (reference §5.1: count × the playlist's item count). */
  private passMultiplier(filler: ClassicFiller): number {
    const enumerator = this.enumerator(filler);
    return enumerator.order === "playlist" ? Math.max(1, enumerator.passLength) : 1;
  }

  private piecesOf(filler: ClassicFiller, kind: FillerKind, media: MediaItem): Piece[] {
    // One literal per piece: spreading a shared `base` into each took most of a Classic build's filler time.
    const disableWatermarks = !filler.allowWatermarks;
    const piece = (inPointMs: number, outPointMs: number): Piece => ({ mediaItemId: media.id, fillerKind: kind, contentKey: filler.contentKey, disableWatermarks, primary: false, inPointMs, outPointMs });
    const chapters = filler.useChaptersAsMediaItems ? (media.chapters ?? []).filter((c) => c.endMs > c.startMs) : undefined;
    if (!chapters || chapters.length < 2) return [piece(0, media.durationMs)];
    return chapters.sort((a, b) => a.startMs - b.startMs).map((c) => piece(c.startMs, Math.min(c.endMs, media.durationMs)));
  }

  /** A preset's enumerator, looked up in the pool once per build. */
  private enumerator(filler: ClassicFiller): UndoableEnumerator {
    let enumerator = this.enumerators.get(filler);
    if (!enumerator) {
      enumerator = this.pool.get({ contentKey: filler.contentKey, order: PlaybackOrder.Shuffle, filler: true });
      this.enumerators.set(filler, enumerator);
    }
    return enumerator;
  }
}
