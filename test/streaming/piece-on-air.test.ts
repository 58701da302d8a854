import { describe, expect, it } from "vitest";
import { pieceOnAir, type RunRecord } from "../../server/streaming/hls/session-details";

const run = (title: string, wallStart: number, durationMs: number, extra: Partial<RunRecord> = {}): RunRecord => ({
  kind: "media", title, seekMs: 1000, wallStart, durationMs, realtime: true, startedAt: wallStart, ...extra,
});

describe("the piece on air in a session's listing", () => {
  it("is the run whose span covers now, while the session is ahead of the clock", () => {
    const runs = [run("a.mkv", 0, 3000, { endedAt: 500 }), run("b.mkv", 3000, 3000)];
    expect(pieceOnAir(runs, 1000, 200)).toMatchObject({ title: "a.mkv", offsetMs: 2000, durationMs: 4000 });
    expect(pieceOnAir(runs, 4000, 200)).toMatchObject({ title: "b.mkv", offsetMs: 2000 });
  });

  it("is the newest run, at what it produced, when the session is behind the clock (started late, slow machine)", () => {
    // Each run plays 3 s but the session is 5 s behind: no run's span covers now.
    const runs = [run("a.mkv", 0, 3000, { endedAt: 6000 }), run("b.mkv", 3000, 3000)];
    expect(pieceOnAir(runs, 8500, 1200)).toMatchObject({ kind: "media", title: "b.mkv", offsetMs: 2200 });
    // Between two runs, the one that just ended (whole).
    const ended = [run("a.mkv", 0, 3000, { endedAt: 6000 })];
    expect(pieceOnAir(ended, 7000)).toMatchObject({ title: "a.mkv", offsetMs: 4000 });
  });

  it("is nothing before the first run or while the next run is still ahead of the clock", () => {
    expect(pieceOnAir([], 1000)).toBeNull();
    expect(pieceOnAir([run("a.mkv", 5000, 3000)], 1000)).toBeNull();
  });
});
