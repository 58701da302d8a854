import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { firstVideoPtsIn } from "../../server/streaming/hls/segment-start-pts";
import { truncateTs } from "../../server/streaming/hls/ts-truncate";
import { makeTempDir } from "../support/test-server";
import { makeCountingClip } from "./support/stream-fixtures";
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

describe("a skip cuts the segment on air short", () => {
  it("the segment covering the skip is kept, ending at the skip; later ones are dropped and timestamps go back by what was cut", () => {
    const segments = list();
    const runs = [run(T, 8000), run(T + 8000, 16_000)];
    const cut = cutSegments(segments, runs, T + 9000, T, 12);
    expect(cut).toMatchObject({ nextNumber: 13, wallCursor: T + 9000, droppedMs: 15_000 });
    expect(cut!.dropped.map((s) => s.number)).toEqual([13, 14, 15]);
    expect(segments.map((s) => [s.number, s.durationMs])).toEqual([[10, 4000], [11, 4000], [12, 1000]]);
    expect(runs.map((r) => r.durationMs)).toEqual([8000, 1000]);
  });

  it("truncateTs keeps the video frames and audio before the cut: FFmpeg reads a shorter segment that ends where the cut is", () => {
    const folder = makeTempDir("airwave-ts-truncate-");
    const clip = path.join(folder, "clip.mkv");
    makeCountingClip(clip, 4, 90);
    const ts = path.join(folder, "seg.ts");
    execFileSync("ffmpeg", ["-v", "error", "-i", clip, "-c", "copy", "-f", "mpegts", ts]);
    const data = fs.readFileSync(ts);
    const start = firstVideoPtsIn(data)!;
    const cutAt = 1500;
    const shorter = truncateTs(data, start + cutAt * 90)!;
    expect(shorter.length % 188).toBe(0);
    expect(shorter.length).toBeLessThan(data.length * 0.6);
    const out = path.join(folder, "short.ts");
    fs.writeFileSync(out, shorter);
    const probe = (kind: string) => Number(execFileSync("ffprobe", ["-v", "error", "-select_streams", kind, "-show_entries", "packet=pts_time,duration_time", "-of", "csv=p=0", out]).toString().trim().split("\n").map((l) => l.split(",").reduce((a, b) => Number(a) + Number(b), 0)).reduce((a, b) => Math.max(a, b), 0));
    const startSeconds = start / 90_000;
    // Video ends at the cut (the last kept frame starts before it: it ends at most a frame, 40 ms, later); audio never runs past it.
    expect(probe("v:0") - startSeconds).toBeGreaterThan(cutAt / 1000 - 0.1);
    expect(probe("v:0") - startSeconds).toBeLessThanOrEqual(cutAt / 1000 + 0.041);
    expect(probe("a:0") - startSeconds).toBeLessThanOrEqual(cutAt / 1000 + 0.001);
    expect(probe("a:0") - startSeconds).toBeGreaterThan(cutAt / 1000 - 0.5);
    // Not a transport stream, or a cut before the first frame: nothing to keep.
    expect(truncateTs(Buffer.alloc(100), 0)).toBeUndefined();
    expect(truncateTs(data, start)).toBeUndefined();
  });
});
