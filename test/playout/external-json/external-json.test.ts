import { describe, expect, it } from "vitest";
import { layOutChannel, parseChannelFile, type FileLookup } from "../../../server/playout/external-json";

const T0 = Date.parse("2026-11-22T06:00:00Z");
const MIN = 60_000;

function channelText(programs: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ startTime: "2026-11-22T06:00:00Z", guideMinimumDurationSeconds: 60, programs, ...extra });
}

const present = (): FileLookup => ({ kind: "file", path: "/abs" });

describe("parseChannelFile", () => {
  it("reads a dizqueTV channel: start time, minimum guide duration and programmes", () => {
    const result = parseChannelFile(
      channelText([
        { title: "Pilot", showTitle: "Show", season: 1, episode: 2, type: "episode", duration: 30 * MIN, file: "/m/a.mkv", year: 2001 },
        { isOffline: true, duration: 5 * MIN },
      ]),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.channel.startTime).toBe(T0);
    expect(result.channel.guideMinimumDurationSeconds).toBe(60);
    expect(result.channel.programs).toEqual([
      { durationMs: 30 * MIN, isOffline: false, title: "Pilot", showTitle: "Show", season: 1, episode: 2, year: 2001, icon: undefined, type: "episode", file: "/m/a.mkv" },
      { durationMs: 5 * MIN, isOffline: true, title: "Offline", showTitle: undefined, season: undefined, episode: undefined, year: undefined, icon: undefined, type: undefined, file: undefined },
    ]);
  });

  it("reads a start time without an offset as UTC and honours an explicit offset", () => {
    const utc = parseChannelFile(channelText([], { startTime: "2026-11-22T06:00:00" }));
    const offset = parseChannelFile(channelText([], { startTime: "2026-11-22T07:00:00+01:00" }));
    expect(utc.ok && utc.channel.startTime).toBe(T0);
    expect(offset.ok && offset.channel.startTime).toBe(T0);
  });

  it("names the JSON path of every bad value", () => {
    const result = parseChannelFile(
      JSON.stringify({ startTime: "yesterday", guideMinimumDurationSeconds: -1, programs: [{ title: "ok", duration: 1000 }, { title: 3, duration: 0 }, "x", { duration: 10 }] }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toEqual(["startTime", "guideMinimumDurationSeconds", "programs[1].duration", "programs[1].title", "programs[2]", "programs[3].title"]);
  });

  it("refuses text that is not JSON or not an object", () => {
    for (const text of ["{", "[]", "null", "42", ""]) {
      const result = parseChannelFile(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.errors[0].path).toBe("$");
    }
    const noPrograms = parseChannelFile(JSON.stringify({ startTime: "2026-11-22T06:00:00Z" }));
    expect(!noPrograms.ok && noPrograms.errors[0]).toEqual({ path: "programs", message: "must be an array of programmes" });
  });
});

describe("layOutChannel", () => {
  const parsed = parseChannelFile(
    channelText([
      { title: "A", duration: 30 * MIN, file: "/m/a.mkv" },
      { title: "Bumper", duration: 30_000, file: "/m/bumper.mkv" },
      { title: "B", duration: 20 * MIN, file: "/m/gone.mkv" },
      { isOffline: true, duration: 10 * MIN },
      { title: "C", duration: 60 * MIN, file: "/m/c.mkv", showTitle: "Show", season: 2, episode: 3, type: "episode" },
    ]),
  );
  if (!parsed.ok) throw new Error("fixture");
  const channel = parsed.channel;
  const lookup = (file: string): FileLookup => (file === "/m/gone.mkv" ? { kind: "missing" } : file === "/m/a.mkv" ? { kind: "library", mediaItemId: 7 } : { kind: "file", path: file });

  it("plays programmes back to back from the start time with exact times", () => {
    const { items, warnings } = layOutChannel(channel, T0, T0 + 24 * 60 * MIN, lookup);
    expect(items.map((i) => [i.start - T0, i.finish - T0])).toEqual([
      [0, 30 * MIN],
      [30 * MIN, 30 * MIN + 30_000],
      [30 * MIN + 30_000, 50 * MIN + 30_000],
      [50 * MIN + 30_000, 60 * MIN + 30_000],
      [60 * MIN + 30_000, 120 * MIN + 30_000],
    ]);
    expect(items[0]).toMatchObject({ mediaItemId: 7, externalMetadata: { title: "A" }, hiddenFromGuide: false });
    expect(items[0].externalPath).toBeUndefined();
    expect(items[1]).toMatchObject({ mediaItemId: null, externalPath: "/m/bumper.mkv", hiddenFromGuide: true });
    expect(items[4]).toMatchObject({ externalPath: "/m/c.mkv", externalMetadata: { title: "C", showTitle: "Show", season: 2, episode: 3, type: "episode" } });
    expect(warnings[0]).toMatch(/1 file\(s\) not found.*\/m\/gone\.mkv/);
    expect(warnings[1]).toMatch(/end at 2026-11-22T08:00:30\.000Z; the channel is offline after that/);
  });

  it("turns missing files and offline slots into gaps outside the guide", () => {
    const { items } = layOutChannel(channel, T0, T0 + 24 * 60 * MIN, lookup);
    expect(items[2]).toMatchObject({ mediaItemId: null, guideGroup: 0, contentKey: null });
    expect(items[2].externalPath).toBeUndefined();
    expect(items[3]).toMatchObject({ mediaItemId: null, guideGroup: 0 });
    expect(new Set(items.filter((i) => i.mediaItemId !== null || i.externalPath).map((i) => i.guideGroup)).size).toBe(3);
  });

  it("keeps only programmes overlapping the window (the one playing now included)", () => {
    const { items } = layOutChannel(channel, T0 + 40 * MIN, T0 + 55 * MIN, present);
    expect(items.map((i) => i.externalMetadata?.title ?? null)).toEqual(["B", null]);
    expect(items[0].start).toBe(T0 + 30 * MIN + 30_000);
  });

  it("says when the programmes ended before now", () => {
    const { items, warnings } = layOutChannel(channel, T0 + 10 * 60 * MIN, T0 + 20 * 60 * MIN, present);
    expect(items).toEqual([]);
    expect(warnings).toEqual(["the channel file's programmes ended at 2026-11-22T08:00:30.000Z; the channel is offline"]);
  });
});
