import { describe, expect, it } from "vitest";
import type { SessionSegment } from "../../server/streaming/hls/playlist";
import type { RunRecord } from "../../server/streaming/hls/session-details";
import { cutSegments, segmentNumberAt, takeAired } from "../../server/streaming/hls/session-segments";

const T = 1_000_000;
/** Segments 10… of 4 s from T (the first of run 2 at 18, a discontinuity). */
const list = (): SessionSegment[] => Array.from({ length: 6 }, (_, i) => ({ number: 10 + i, durationMs: 4000, wallStart: T + i * 4000, discontinuity: i === 2 }));
const run = (wallStart: number, durationMs: number): RunRecord => ({ kind: "media", title: "x.mkv", seekMs: 0, wallStart, durationMs, realtime: false, startedAt: 0 });

describe("a shared session's segment list", () => {
  it("a skip's cut drops what ends after it, reuses the first dropped number and continues from the end of what is kept", () => {
    const segments = list();
    const runs = [run(T, 8000), run(T + 8000, 16_000)];
    const cut = cutSegments(segments, runs, T + 9000, T);
    expect(cut).toMatchObject({ nextNumber: 12, wallCursor: T + 8000, droppedMs: 16_000 });
    expect(cut!.dropped.map((s) => s.number)).toEqual([12, 13, 14, 15]);
    expect(segments.map((s) => s.number)).toEqual([10, 11]);
    // What the Sessions page shows of the runs ends at the cut too.
    expect(runs.map((r) => r.durationMs)).toEqual([8000, 0]);
  });

  it("nothing is cut when nothing was made past the skip; a cut before every segment keeps none", () => {
    expect(cutSegments(list(), [], T + 30_000, T)).toBeUndefined();
    const segments = list();
    expect(cutSegments(segments, [], T - 500, T - 2000)).toMatchObject({ nextNumber: 10, wallCursor: T - 500 });
    expect(segments).toEqual([]);
  });

  it("the segment on air, and the aired ones (at least one is kept)", () => {
    const segments = list();
    expect(segmentNumberAt(segments, T + 5000, 16)).toBe(11);
    expect(segmentNumberAt(segments, T + 30_000, 16)).toBe(16);
    expect(segmentNumberAt([], T, 3)).toBe(3);
    expect(takeAired(segments, T + 13_000, 4000).map((s) => s.number)).toEqual([10, 11]);
    expect(takeAired(segments, T + 100_000, 0).map((s) => s.number)).toEqual([12, 13, 14]);
    expect(segments.map((s) => s.number)).toEqual([15]);
  });
});
