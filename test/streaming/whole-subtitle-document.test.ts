import { describe, expect, it } from "vitest";
import { parseWebVtt } from "../../server/streaming/subtitles/webvtt";
import { PTS_WRAP_TICKS, readsWholeSubtitles, unwrapPts, wholeDocumentCues, wholeSubtitlePlaylist, wholeWebVtt, type WholeSpan } from "../../server/streaming/subtitles/whole-document";

/**
 * Issue #27: the whole subtitle document libavformat-based players (mpv) get instead of a live WebVTT rendition.
 * Pure: spans (runs and planned programmes) in, cues on the session's MPEG-TS clock out.
 */
const limits = { fromWall: 0, horizonMs: 3 * 3_600_000, maxCues: 1000, guardMs: 50 };
const cues = (...list: Array<[number, number, string]>) => list.map(([startMs, endMs, text]) => ({ startMs, endMs, text }));
const table = (spans: WholeSpan[], options = limits) => wholeDocumentCues(spans, options).map((c) => [c.startMs, c.endMs, c.text]);

describe("wholeDocumentCues", () => {
  it("moves each run's cues onto its measured first PTS and cuts them to the run", () => {
    const spans: WholeSpan[] = [
      { wallStart: 10_000, durationMs: 8000, sourceStartMs: 30_000, startPts: 1400 * 90, cues: cues([29_000, 31_000, "on at the seek"], [35_000, 36_000, "five in"], [37_500, 39_000, "past the end"]) },
      { wallStart: 18_000, durationMs: 4000, sourceStartMs: 0, startPts: 9450 * 90, cues: cues([1000, 2000, "next one"]) },
    ];
    expect(table(spans)).toEqual([[1400, 2400, "on at the seek"], [6400, 7400, "five in"], [8900, 9400, "past the end"], [10_450, 11_450, "next one"]]);
  });

  it("places runs and programmes not measured yet from the last measured run by wall time, plus the guard per run between", () => {
    const spans: WholeSpan[] = [
      { wallStart: 0, durationMs: 60_000, sourceStartMs: 0, startPts: 2000 * 90, cues: [] },
      { wallStart: 60_000, durationMs: 1_800_000, sourceStartMs: 0, cues: cues([1000, 2000, "running"]) },
      { wallStart: 1_860_000, durationMs: 600_000, sourceStartMs: 0, cues: cues([500, 1500, "planned"]) },
    ];
    expect(table(spans)).toEqual([[63_050, 64_050, "running"], [1_862_600, 1_863_600, "planned"]]);
    // Nothing measured yet: nothing can be placed.
    expect(table(spans.slice(1))).toEqual([]);
  });

  it("continues the clock past a 33-bit wrap instead of jumping back", () => {
    const top = PTS_WRAP_TICKS - 10 * 90_000; // 10 s before the wrap
    const spans: WholeSpan[] = [
      { wallStart: 0, durationMs: 20_000, sourceStartMs: 0, startPts: top, cues: cues([1000, 2000, "before"], [15_000, 16_000, "after"]) },
      { wallStart: 20_000, durationMs: 5000, sourceStartMs: 0, startPts: 10 * 90_000 + 50 * 90, cues: cues([1000, 2000, "next run"]) },
    ];
    const wrapMs = PTS_WRAP_TICKS / 90;
    const fromWrap = table(spans).map(([from, to, text]) => [Math.round((from as number) - wrapMs), Math.round((to as number) - wrapMs), text]);
    expect(fromWrap).toEqual([[-9000, -8000, "before"], [5000, 6000, "after"], [11_050, 12_050, "next run"]]);
    // The nearest value: forward past a wrap, and back to before it.
    expect(unwrapPts(5, PTS_WRAP_TICKS - 5)).toBe(PTS_WRAP_TICKS + 5);
    expect(unwrapPts(PTS_WRAP_TICKS - 5, PTS_WRAP_TICKS + 5)).toBe(PTS_WRAP_TICKS - 5);
    expect(unwrapPts(123, undefined)).toBe(123);
  });

  it("keeps to the horizon and the cue cap", () => {
    const many = Array.from({ length: 50 }, (_, i) => [i * 1000, i * 1000 + 500, `cue ${i}`] as [number, number, string]);
    const spans: WholeSpan[] = [
      { wallStart: 0, durationMs: 60_000, sourceStartMs: 0, startPts: 0, cues: cues([1000, 2000, "aired long ago"]) },
      { wallStart: 60_000, durationMs: 60_000, sourceStartMs: 0, cues: cues(...many) },
      { wallStart: 200_000, durationMs: 60_000, sourceStartMs: 0, cues: cues([0, 1000, "beyond the horizon"]) },
    ];
    const got = table(spans, { fromWall: 70_000, horizonMs: 100_000, maxCues: 10, guardMs: 0 });
    expect(got).toHaveLength(10);
    expect(got[0]).toEqual([60_000, 60_500, "cue 0"]);
    expect(table(spans, { fromWall: 70_000, horizonMs: 100_000, maxCues: 1000, guardMs: 0 }).map((c) => c[2])).not.toContain("beyond the horizon");
  });
});

describe("the document and its playlist", () => {
  it("writes a WebVTT document without a timestamp map whose cues read back, and a finished one-entry playlist", () => {
    const list = [{ startMs: 95_000_000, endMs: 95_001_000, text: "Hola --> adiós" }];
    const text = wholeWebVtt(list);
    expect(text.startsWith("WEBVTT\n\n")).toBe(true);
    expect(text).not.toContain("X-TIMESTAMP-MAP");
    expect(parseWebVtt(text)).toEqual([{ startMs: 95_000_000, endMs: 95_001_000, text: "Hola -> adiós" }]);
    const playlist = wholeSubtitlePlaylist("subtitles-1.vtt?access_token=x", list);
    expect(playlist.split("\n")).toEqual(["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:95001", "#EXT-X-PLAYLIST-TYPE:VOD", "#EXTINF:95001.0,", "subtitles-1.vtt?access_token=x", "#EXT-X-ENDLIST", ""]);
  });
});

describe("readsWholeSubtitles", () => {
  it("picks the players that read HLS through libavformat", () => {
    for (const ua of ["Lavf/59.27.100", "Lavf/61.7.100", "libmpv", "mpv 0.35.1", "mpv/0.38.0"]) expect(readsWholeSubtitles(ua), ua).toBe(true);
    for (const ua of ["VLC/3.0.18 LibVLC/3.0.18", "Mozilla/5.0 (X11; Linux x86_64)", "AppleCoreMedia/1.0.0", "Kodi/20.2", "streamlink/6.0", "mpvlike", "", undefined, null]) expect(readsWholeSubtitles(ua), String(ua)).toBe(false);
  });
});
