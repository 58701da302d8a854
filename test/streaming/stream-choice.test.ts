import { describe, expect, it } from "vitest";
import { StreamingMode, SubtitleMode } from "../../server/domain/enums";
import type { StreamPlan } from "../../server/domain/stream-plan";
import { hlsDirectPlaylist, HlsDirectSequence, tsEntryPlaylist } from "../../server/streaming/hls/direct-playlist";
import { chooseChannelStream, tsStreamMode } from "../../server/streaming/stream-choice";

const { TransportStream: TS, TransportStreamHybrid: HYBRID, HttpLiveStreamingSegmenter: SEGMENTER, HttpLiveStreamingDirect: DIRECT } = StreamingMode;

describe("stream choice", () => {
  it("a .ts request without a mode follows the channel: MPEG-TS modes stream, HLS modes redirect", () => {
    expect(chooseChannelStream("ts", undefined, TS)).toEqual({ kind: "ts-stream", mode: "ts-legacy" });
    expect(chooseChannelStream("ts", "mixed", HYBRID)).toEqual({ kind: "ts-stream", mode: "hybrid" });
    expect(chooseChannelStream("ts", undefined, SEGMENTER)).toEqual({ kind: "redirect", mode: SEGMENTER });
    expect(chooseChannelStream("ts", undefined, DIRECT)).toEqual({ kind: "redirect", mode: DIRECT });
  });

  it("a .ts request with a mode is per viewer only for ts-legacy", () => {
    expect(chooseChannelStream("ts", "ts-legacy", SEGMENTER)).toEqual({ kind: "ts-stream", mode: "ts-legacy" });
    expect(chooseChannelStream("ts", "segmenter", TS)).toEqual({ kind: "ts-stream", mode: "hybrid" });
    expect(tsStreamMode(undefined)).toBe("hybrid");
    expect(tsStreamMode("ts-legacy")).toBe("ts-legacy");
  });

  it("an .m3u8 request without a mode follows the channel: HLS modes play, MPEG-TS modes redirect", () => {
    expect(chooseChannelStream("m3u8", undefined, SEGMENTER)).toEqual({ kind: "segmenter" });
    expect(chooseChannelStream("m3u8", "mixed", DIRECT)).toEqual({ kind: "hls-direct" });
    expect(chooseChannelStream("m3u8", undefined, TS)).toEqual({ kind: "redirect", mode: TS });
    expect(chooseChannelStream("m3u8", undefined, HYBRID)).toEqual({ kind: "redirect", mode: HYBRID });
  });

  it("an .m3u8 request with a mode gets that mode; an unknown mode is named in the error", () => {
    expect(chooseChannelStream("m3u8", "segmenter-v2", TS)).toEqual({ kind: "segmenter" });
    expect(chooseChannelStream("m3u8", "hls-direct", SEGMENTER)).toEqual({ kind: "hls-direct" });
    expect(chooseChannelStream("m3u8", "ts", SEGMENTER)).toEqual({ kind: "ts-playlist", legacy: false });
    expect(chooseChannelStream("m3u8", "ts-legacy", SEGMENTER)).toEqual({ kind: "ts-playlist", legacy: true });
    const unknown = chooseChannelStream("m3u8", "bogus", SEGMENTER);
    expect(unknown.kind).toBe("unknown-mode");
    expect(unknown.kind === "unknown-mode" && unknown.message).toContain("(got bogus)");
  });
});

describe("one-entry playlists", () => {
  const channel = { id: 1, number: "7", name: "Seven", streamingMode: DIRECT } as StreamPlan["channel"];
  const media = (path: string, at: number, seekMs: number): StreamPlan => ({
    channel,
    at,
    content: { kind: "media", path, seekMs, limitMs: 90_000, filler: false, preferredAudioLanguages: [], subtitleMode: SubtitleMode.None },
  });

  it("the MPEG-TS playlist lists the stream once, with no duration", () => {
    expect(tsEntryPlaylist("http://h/iptv/channel/7.ts")).toBe("#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:-1,\nhttp://h/iptv/channel/7.ts\n");
  });

  it("the HLS-direct sequence stays while the same item plays and moves on with the next one, per channel", () => {
    const sequence = new HlsDirectSequence();
    expect(sequence.indexFor("7", media("/a.mkv", 10_000, 4_000))).toBe(0);
    expect(sequence.indexFor("7", media("/a.mkv", 15_000, 9_000))).toBe(0);
    expect(sequence.indexFor("7", media("/b.mkv", 100_000, 0))).toBe(1);
    expect(sequence.indexFor("8", media("/b.mkv", 100_000, 0))).toBe(0);
    const offline: StreamPlan = { channel, at: 200_000, content: { kind: "offline", limitMs: 60_000 } };
    expect(sequence.indexFor("7", offline)).toBe(2);
    expect(sequence.indexFor("7", { ...offline, at: 230_000, content: { kind: "offline", limitMs: 30_000 } })).toBe(2);
  });

  it("the HLS-direct playlist carries the sequence and the piece's length", () => {
    const text = hlsDirectPlaylist(3, media("/a.mkv", 0, 0), "http://h/x.ts?index=3");
    expect(text.split("\n")).toEqual(["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10", "#EXT-X-MEDIA-SEQUENCE:3", "#EXT-X-DISCONTINUITY", "#EXTINF:90.000,", "http://h/x.ts?index=3", ""]);
  });
});
