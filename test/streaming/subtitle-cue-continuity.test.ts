import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import type { ProbedSubtitleStream } from "../../server/streaming/ffmpeg";
import type { SessionSegment } from "../../server/streaming/hls/playlist";
import { CueCache, SessionRenditions } from "../../server/streaming/hls/session-renditions";
import { ProcessRegistry } from "../../server/streaming/process-registry";
import { cuesForSegment, parseWebVtt } from "../../server/streaming/subtitles/webvtt";
import { wholeDocumentCues } from "../../server/streaming/subtitles/whole-document";
import { useTempDir } from "../support/test-server";

/**
 * Issue #27: WebVTT cues stay with the picture across segment boundaries, programme changes, cuts (a skip) and
 * session restarts. Segment files are real MPEG-TS packets carrying a video PES with a known PTS (all a
 * subtitle segment reads of them); cues come from real sidecar .srt files converted by FFmpeg.
 */
const folder = useTempDir("airwave-cue-continuity-");

/** One 188-byte transport packet starting a video PES whose PTS is `ms` (90 kHz ticks). */
function videoPacket(ms: number): Buffer {
  const pts = Math.round(ms * 90);
  const packet = Buffer.alloc(188, 0xff);
  Buffer.from([0x47, 0x41, 0x00, 0x10, 0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5]).copy(packet);
  packet[13] = 0x21 | ((Math.floor(pts / 2 ** 30) & 7) << 1);
  packet[14] = Math.floor(pts / 2 ** 22) & 0xff;
  packet[15] = ((Math.floor(pts / 2 ** 15) & 0x7f) << 1) | 1;
  packet[16] = Math.floor(pts / 2 ** 7) & 0xff;
  packet[17] = ((pts & 0x7f) << 1) | 1;
  return packet;
}

function srt(name: string, cues: Array<[number, number, string]>): ProbedSubtitleStream {
  const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");
  const file = path.join(folder.path, name);
  fs.writeFileSync(file, cues.map(([from, to, text], i) => `${i + 1}\n${stamp(from)} --> ${stamp(to)}\n${text}\n`).join("\n"));
  return { index: 0, codec: "subrip", language: "eng", forced: false, isDefault: true, kind: "Text", externalPath: file };
}

type Session = { renditions: SessionRenditions; segments: SessionSegment[]; segment(number: number, run: number, ptsMs: number, durationMs: number): SessionSegment };

function session(name: string): Session {
  const dir = path.join(folder.path, name);
  fs.mkdirSync(dir, { recursive: true });
  const file = (n: number) => path.join(dir, `live${String(n).padStart(6, "0")}.ts`);
  const registry = new ProcessRegistry(locateFFmpeg({}).ffmpeg, path.join(dir, "processes"));
  const segments: SessionSegment[] = [];
  return {
    renditions: new SessionRenditions(registry, new CueCache(registry, path.join(dir, "cues")), file),
    segments,
    segment(number, run, ptsMs, durationMs) {
      fs.writeFileSync(file(number), videoPacket(ptsMs));
      const made = { number, durationMs, wallStart: 0, discontinuity: false, run };
      segments.push(made);
      return made;
    },
  };
}

/** The cues of a WebVTT segment as [startMs, endMs, text], on the MPEG-TS clock its header maps. */
async function cuesOf(s: Session, segment: SessionSegment): Promise<Array<[number, number, string]>> {
  const text = await s.renditions.subtitleSegment(segment, 0);
  expect(text.startsWith("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n")).toBe(true);
  return parseWebVtt(text).map((c) => [c.startMs, c.endMs, c.text]);
}

const soft = (stream: ProbedSubtitleStream) => ({ input: stream.externalPath!, tracks: [{ language: "eng", stream }] });

describe("cuesForSegment (pure)", () => {
  it("puts a cue that spans a segment boundary in both segments with the same times", () => {
    const cues = [{ startMs: 3500, endMs: 5000, text: "across" }];
    const first = cuesForSegment(cues, 0, 1400, { startMs: 1400, endMs: 5400 }, 9400);
    const second = cuesForSegment(cues, 0, 1400, { startMs: 5400, endMs: 9400 }, 9400);
    expect(first).toEqual([{ startMs: 4900, endMs: 6400, text: "across" }]);
    expect(second).toEqual(first);
    // A cue that ends where a segment starts is not in it.
    expect(cuesForSegment([{ startMs: 0, endMs: 4000, text: "ended" }], 0, 1400, { startMs: 5400, endMs: 9400 }, 9400)).toEqual([]);
  });
});

describe("a session's WebVTT rendition", () => {
  it("keeps cues in step across segment boundaries, a programme change, a skip and a restart with a seek", { timeout: 30_000 }, async () => {
    const itemA = srt("a.srt", [[1000, 2000, "A one"], [3500, 5000, "A across"], [9000, 12_000, "A after its run"]]);
    const itemB = srt("b.srt", [[200, 600, "B first"], [800, 3000, "B long"]]);
    const itemC = srt("c.srt", [[0, 1000, "C first"]]);
    const s = session("one");

    // Item A from its start: 8 s from PTS 1.4 s, two 4 s segments.
    s.renditions.runStarted(0, 0, 100_000, 0, 8000, soft(itemA), undefined, ["eng"]);
    const a0 = s.segment(0, 0, 1400, 4000);
    const a1 = s.segment(1, 0, 5400, 4000);
    s.renditions.firstSegmentOfRun(0);
    expect(await cuesOf(s, a0)).toEqual([[2400, 3400, "A one"], [4900, 6400, "A across"]]);
    expect(await cuesOf(s, a1)).toEqual([[4900, 6400, "A across"]]);

    // The programme changes: item B's cues are offset to its own first frame (PTS 9.5 s), A's later cue is not shown.
    s.renditions.runStarted(1, 2, 108_000, 0, 8000, soft(itemB), undefined, ["eng"]);
    const b0 = s.segment(2, 1, 9500, 4000);
    expect(await cuesOf(s, b0)).toEqual([[9700, 10_100, "B first"], [10_300, 12_500, "B long"]]);

    // A skip 1 s into B: B's kept segment is cut to 1 s; its cues end there, and C follows from PTS 10.6 s.
    s.renditions.runEnded(1, 6000);
    s.segments.splice(0);
    b0.durationMs = 1000;
    s.renditions.runCut(1, { number: 2, durationMs: 1000 });
    expect(await cuesOf(s, b0)).toEqual([[9700, 10_100, "B first"], [10_300, 10_500, "B long"]]);
    s.renditions.runStarted(2, 3, 109_000, 0, 8000, soft(itemC), undefined, ["eng"]);
    const c0 = s.segment(3, 2, 10_600, 4000);
    expect(await cuesOf(s, c0)).toEqual([[10_600, 11_600, "C first"]]);

    // FFmpeg stopped after 2 s of a run: its cues end there.
    s.renditions.runStarted(3, 4, 117_000, 0, 8000, soft(itemA), undefined, ["eng"]);
    const failed = s.segment(4, 3, 20_000, 2000);
    s.renditions.runEnded(3, 2000);
    expect(await cuesOf(s, failed)).toEqual([[21_000, 22_000, "A one"]]);

    // The whole document (players reading HLS through libavformat): every run's cues at once, on the same PTS
    // clock as the segments', each cut to what its run played.
    const { spans, endWall } = await s.renditions.wholeSpans(0);
    expect(endWall).toBe(119_000);
    const whole = wholeDocumentCues(spans, { fromWall: 0, horizonMs: 3_600_000, maxCues: 100, guardMs: 50 });
    expect(whole.map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [2400, 3400, "A one"], [4900, 6400, "A across"], [9700, 10_100, "B first"], [10_300, 10_500, "B long"], [10_600, 11_600, "C first"], [21_000, 22_000, "A one"],
    ]);

    // A restart: a new session seeks 1.5 s into A. The cue already on screen shows from the first frame, the next
    // one 2 s later, as the picture does.
    const restarted = session("two");
    restarted.renditions.runStarted(0, 0, 100_000, 1500, 8000, soft(itemA), undefined, ["eng"]);
    const r0 = restarted.segment(0, 0, 1400, 4000);
    expect(await cuesOf(restarted, r0)).toEqual([[1400, 1900, "A one"], [3400, 4900, "A across"]]);
  });
});
