import { describe, expect, it } from "vitest";
import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../server/domain/enums";
import { buildRemuxArgs } from "../../server/streaming/ffmpeg";
import { hlsArgs } from "../../server/streaming/ffmpeg/output-muxer";
import { masterPlaylist, mediaPlaylist, parseRunPlaylist, parseSegmentUrlName, playlistWindow, segmentUrlName, type SessionSegment } from "../../server/streaming/hls/playlist";
import type { FFmpegProfile } from "../../server/streaming/ffmpeg/types";

const profile: FFmpegProfile = {
  threadCount: 0, hardwareAcceleration: HardwareAcceleration.None, resolution: { width: 1280, height: 720 }, scalingBehavior: ScalingBehavior.ScaleAndPad,
  videoFormat: VideoFormat.H264, bitDepth: 8, videoBitrate: 2000, videoBufferSize: 4000, audioFormat: AudioFormat.Aac, audioBitrate: 192,
  audioBufferSize: 384, audioChannels: 2, audioSampleRate: 48, normalizeFramerate: false, deinterlaceVideo: false, normalizeLoudness: false,
};

const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);
const segments = (count: number, discontinuities: number[] = []): SessionSegment[] =>
  Array.from({ length: count }, (_, i) => ({ number: i, durationMs: 4000, wallStart: T0 + i * 4000, discontinuity: discontinuities.includes(i) }));

describe("session playlists", () => {
  it("reads only complete entries of a playlist FFmpeg may be writing", () => {
    const text = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000000,\nlive000007.ts\n#EXTINF:3.960000,\nlive000008.ts\n#EXTINF:4.0";
    expect(parseRunPlaylist(text)).toEqual([{ number: 7, durationMs: 4000 }, { number: 8, durationMs: 3960 }]);
    expect(parseRunPlaylist("#EXTINF:4.000000,\nlive0000")).toEqual([]);
  });

  it("lists a window around the wall clock: nothing that aired over 30 s ago, nothing more than 8 s ahead, at most 10", () => {
    const all = segments(40);
    const now = T0 + 60_000;
    const window = playlistWindow(all, now);
    // Due: up to #17 (starts at 68 s = now + 8 s); recent: from #7 (ends at 32 s = now − 28 s); the last 10 of those.
    expect(window.map((s) => s.number)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(playlistWindow(all, T0 + 20_000).map((s) => s.number)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("writes media sequence, discontinuity sequence, program date-times and carries the query to segments", () => {
    const all = segments(6, [3, 5]);
    const text = mediaPlaylist(all, all.slice(2), "?access_token=abc");
    expect(text).toBe(
      [
        "#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-TARGETDURATION:4", "#EXT-X-MEDIA-SEQUENCE:2", "#EXT-X-DISCONTINUITY-SEQUENCE:0", "#EXT-X-INDEPENDENT-SEGMENTS",
        "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T12:00:08.000Z", "#EXTINF:4.000,", "live000002.ts?access_token=abc",
        "#EXT-X-DISCONTINUITY", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T12:00:12.000Z", "#EXTINF:4.000,", "live000003.ts?access_token=abc",
        "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T12:00:16.000Z", "#EXTINF:4.000,", "live000004.ts?access_token=abc",
        "#EXT-X-DISCONTINUITY", "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T12:00:20.000Z", "#EXTINF:4.000,", "live000005.ts?access_token=abc", "",
      ].join("\n"),
    );
    // When the window starts at a discontinuity its tag is gone: the sequence counts it.
    expect(mediaPlaylist(all, all.slice(3), "")).toMatch(/#EXT-X-DISCONTINUITY-SEQUENCE:1\n/);
    expect(mediaPlaylist(all, all.slice(3), "")).not.toMatch(/INDEPENDENT-SEGMENTS\n#EXT-X-DISCONTINUITY\n/);
  });

  it("lists tagged segments under names that never change content; reads those names back", () => {
    const tagged = segments(2).map((s, i) => ({ ...s, tag: `mi0abc-${i}` }));
    expect(mediaPlaylist(tagged, tagged, "?access_token=abc")).toMatch(/\nlive000000-mi0abc-0\.ts\?access_token=abc\n[^]*\nlive000001-mi0abc-1\.ts\?access_token=abc\n$/);
    expect(segmentUrlName(tagged[1]!)).toBe("live000001-mi0abc-1.ts");
    expect(parseSegmentUrlName("live000001-mi0abc-1.ts")).toEqual({ number: 1, tag: "mi0abc-1" });
    expect(parseSegmentUrlName("live000001.ts")).toEqual({ number: 1, tag: undefined });
    for (const bad of ["live1.ts", "live000001-.ts", "live000001-A.ts", "../live000001.ts", "live000001.ts.bak"]) expect(parseSegmentUrlName(bad), bad).toBeUndefined();
  });

  it("the master playlist names bandwidth, resolution and codecs of the profile", () => {
    expect(masterPlaylist(profile, "http://h/iptv/session/4/hls.m3u8")).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2630400,RESOLUTION=1280x720,CODECS="avc1.4D4028,mp4a.40.2"\nhttp://h/iptv/session/4/hls.m3u8\n',
    );
    expect(masterPlaylist({ ...profile, videoFormat: VideoFormat.Hevc, audioFormat: AudioFormat.Ac3 }, "u")).toMatch(/CODECS="hvc1\.1\.6\.L93\.B0,ac-3"/);
  });
});

describe("builder additions", () => {
  it("a session run continues the segment numbering", () => {
    const args = hlsArgs({ kind: "hls", playlistPath: "/s/run3.m3u8", segmentFilenamePattern: "/s/live%06d.ts", startNumber: 42, continuesSession: true }, 60_000);
    expect(args.slice(args.indexOf("-start_number"), args.indexOf("-start_number") + 2)).toEqual(["-start_number", "42"]);
    expect(args).not.toContain("-hls_segment_options");
    expect(hlsArgs({ kind: "hls", playlistPath: "p", segmentFilenamePattern: "s" }, 0)).not.toContain("-start_number");
  });

  it("hls-direct copies video and audio from the offset at real time", () => {
    const caps = { encoders: new Set<string>(), hwaccels: new Set<string>(), filters: new Set<string>(), supportsReadrate: true };
    const { args } = buildRemuxArgs({ inputPath: "/m/a b.mkv", seekMs: 61_500, durationMs: 1000, realtime: true, channelName: "One" }, caps);
    expect(args.join(" ")).toContain("-ss 00:01:01.500 -readrate 1.0 -i /m/a b.mkv -map 0:v:0? -map 0:a:0? -c copy -t 00:00:01.000");
    expect(args.slice(-3)).toEqual(["-f", "mpegts", "pipe:1"]);
    expect(buildRemuxArgs({ inputPath: "x", seekMs: 0, realtime: true }, { ...caps, supportsReadrate: false }).args).toContain("-re");
  });
});
