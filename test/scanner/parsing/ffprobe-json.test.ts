import { describe, expect, it } from "vitest";
import { MediaStreamKind } from "../../../server/domain/enums";
import { ffprobeArgs, parseFfprobeJson, type ProbeInfo, type ProbeResult } from "../../../server/media/probe";

function valueOf(result: ProbeResult): ProbeInfo {
  if (!result.ok) throw new Error(`expected a parsed probe, got: ${result.reason}`);
  return result.value;
}

function probe(json: unknown): ProbeInfo {
  return valueOf(parseFfprobeJson(JSON.stringify(json)));
}

const video = (extra: Record<string, unknown> = {}) => ({
  index: 0,
  codec_name: "h264",
  profile: "High",
  codec_type: "video",
  width: 1920,
  height: 1080,
  sample_aspect_ratio: "1:1",
  display_aspect_ratio: "16:9",
  pix_fmt: "yuv420p",
  field_order: "progressive",
  r_frame_rate: "24000/1001",
  avg_frame_rate: "24000/1001",
  bits_per_raw_sample: "8",
  disposition: { default: 1, forced: 0, attached_pic: 0 },
  ...extra,
});

const MKV = {
  streams: [
    video({ profile: "Main 10", pix_fmt: "yuv420p10le", bits_per_raw_sample: undefined, codec_name: "hevc", tags: { language: "und", title: "Main" } }),
    {
      index: 1,
      codec_name: "eac3",
      profile: "unknown",
      codec_type: "audio",
      channels: 6,
      channel_layout: "5.1(side)",
      bits_per_sample: 0,
      r_frame_rate: "0/0",
      disposition: { default: 1, forced: 0 },
      tags: { LANGUAGE: "de", title: "Deutsch 5.1" },
    },
    {
      index: 2,
      codec_name: "flac",
      codec_type: "audio",
      channels: 2,
      bits_per_raw_sample: "24",
      disposition: { default: 0, forced: 0 },
      tags: { language: "jpn" },
    },
    {
      index: 3,
      codec_name: "subrip",
      codec_type: "subtitle",
      disposition: { default: 0, forced: 1 },
      tags: { language: "fre", title: "Forced" },
    },
    {
      index: 4,
      codec_name: "hdmv_pgs_subtitle",
      codec_type: "subtitle",
      width: 1920,
      height: 1080,
      disposition: { default: 0, forced: 0 },
      tags: { language: "xx" },
    },
    { index: 5, codec_type: "attachment", codec_name: "ttf", tags: { filename: "font.ttf", mimetype: "application/x-truetype-font" } },
    { index: 6, codec_type: "data", codec_name: "bin_data" },
    video({ index: 7, codec_name: "mjpeg", profile: "Baseline", width: 600, height: 900, pix_fmt: "yuvj420p", disposition: { default: 0, attached_pic: 1 }, tags: { filename: "cover.jpg" } }),
  ],
  chapters: [
    { id: 9, time_base: "1/1000000000", start: 600000000000, start_time: "600.000000", end: 1200000000000, end_time: "1200.000000", tags: { title: "Part 2" } },
    { id: 3, time_base: "1/1000000000", start: 0, start_time: "0.000000", end: 600000000000, end_time: "600.000000", tags: { title: "Part 1" } },
    { id: 12, time_base: "1/1000", start: 1200000, end: 1500500 },
    { id: 13, start_time: "1500.500000", tags: { title: "Credits" } },
    { id: 14, start_time: "N/A", end_time: "N/A", tags: { title: "Broken" } },
  ],
  format: { filename: "x.mkv", nb_streams: 8, format_name: "matroska,webm", duration: "1800.123456", size: "1", tags: {} },
};

describe("parseFfprobeJson", () => {
  it("reads a Matroska file's version, streams and chapters", () => {
    expect(probe(MKV)).toEqual({
      durationMs: 1_800_123,
      container: "matroska,webm",
      width: 1920,
      height: 1080,
      sampleAspectRatio: "1:1",
      displayAspectRatio: "16:9",
      frameRate: "24000/1001",
      scanKind: "progressive",
      streams: [
        { index: 0, kind: MediaStreamKind.Video, codec: "hevc", profile: "main 10", level: null, hasBFrames: false, language: null, title: "Main", channels: null, width: 1920, height: 1080, pixelFormat: "yuv420p10le", bitDepth: 10, isDefault: true, isForced: false },
        { index: 1, kind: MediaStreamKind.Audio, codec: "eac3", profile: null, sampleRate: null, language: "ger", title: "Deutsch 5.1", channels: 6, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: true, isForced: false },
        { index: 2, kind: MediaStreamKind.Audio, codec: "flac", profile: null, sampleRate: null, language: "jpn", title: null, channels: 2, width: null, height: null, pixelFormat: null, bitDepth: 24, isDefault: false, isForced: false },
        { index: 3, kind: MediaStreamKind.Subtitle, codec: "subrip", profile: null, language: "fre", title: "Forced", channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: true },
        { index: 4, kind: MediaStreamKind.Subtitle, codec: "hdmv_pgs_subtitle", profile: null, language: null, title: null, channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
        { index: 5, kind: MediaStreamKind.Attachment, codec: "ttf", profile: null, language: null, title: null, channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
        { index: 7, kind: MediaStreamKind.Attachment, codec: "mjpeg", profile: "baseline", language: null, title: null, channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
      ],
      chapters: [
        { index: 0, startMs: 0, endMs: 600_000, title: "Part 1" },
        { index: 1, startMs: 600_000, endMs: 1_200_000, title: "Part 2" },
        { index: 2, startMs: 1_200_000, endMs: 1_500_500, title: null },
        { index: 3, startMs: 1_500_500, endMs: 1_800_123, title: "Credits" },
      ],
    });
  });

  it("takes the first video stream that is not cover art as the main picture", () => {
    const info = probe({
      streams: [
        video({ index: 0, codec_name: "mjpeg", width: 500, height: 500, disposition: { attached_pic: 1 } }),
        video({ index: 1, width: 1280, height: 720, field_order: "tt" }),
      ],
      format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "10" },
    });
    expect([info.width, info.height, info.scanKind]).toEqual([1280, 720, "interlaced"]);
    expect(info.streams.map((s) => s.kind)).toEqual([MediaStreamKind.Attachment, MediaStreamKind.Video]);
  });

  const scanKinds: Array<[string | undefined, string]> = [
    ["progressive", "progressive"],
    ["tt", "interlaced"],
    ["bb", "interlaced"],
    ["tb", "interlaced"],
    ["bt", "interlaced"],
    ["unknown", "unknown"],
    [undefined, "unknown"],
  ];
  it.each(scanKinds)("field_order %s → %s", (fieldOrder, scanKind) => {
    expect(probe({ streams: [video({ field_order: fieldOrder })], format: { duration: "1" } }).scanKind).toBe(scanKind);
  });

  it("computes missing or zero aspect ratios", () => {
    const dvd = (sar: unknown, dar: unknown) => probe({ streams: [video({ width: 720, height: 480, sample_aspect_ratio: sar, display_aspect_ratio: dar })], format: { duration: "1" } });
    expect([dvd("32:27", undefined).sampleAspectRatio, dvd("32:27", undefined).displayAspectRatio]).toEqual(["32:27", "16:9"]);
    expect([dvd("0:1", "16:9").sampleAspectRatio, dvd("0:1", "16:9").displayAspectRatio]).toEqual(["32:27", "16:9"]);
    expect([dvd("0:1", "0:1").sampleAspectRatio, dvd("0:1", "0:1").displayAspectRatio]).toEqual(["1:1", "3:2"]);
    expect([dvd(undefined, undefined).sampleAspectRatio, dvd(undefined, undefined).displayAspectRatio]).toEqual(["1:1", "3:2"]);
    expect([dvd("N/A", "bogus").sampleAspectRatio, dvd("0:0", "N/A").displayAspectRatio]).toEqual(["1:1", "3:2"]);
  });

  it("uses avg_frame_rate when r_frame_rate is 0/0, and omits a frame rate nobody knows", () => {
    expect(probe({ streams: [video({ r_frame_rate: "0/0", avg_frame_rate: "30000/1001" })], format: {} }).frameRate).toBe("30000/1001");
    expect(probe({ streams: [video({ r_frame_rate: "0/0", avg_frame_rate: "0/0" })], format: {} }).frameRate).toBeUndefined();
    expect(probe({ streams: [video({ r_frame_rate: "N/A", avg_frame_rate: undefined })], format: {} }).frameRate).toBeUndefined();
  });

  it("falls back to stream durations (and Matroska DURATION tags) when the container's is N/A", () => {
    expect(probe({ streams: [video({ duration: "12.5" }), { index: 1, codec_type: "audio", duration: "13.0004" }], format: { duration: "N/A" } }).durationMs).toBe(13_000);
    expect(probe({ streams: [video({ tags: { DURATION: "01:02:03.456000000" } })], format: { format_name: "matroska,webm" } }).durationMs).toBe(3_723_456);
    expect(probe({ streams: [video()], format: { duration: "N/A" } }).durationMs).toBe(0);
    expect(probe({ streams: [video({ duration: "-5" })], format: { duration: "0.000000" } }).durationMs).toBe(0);
  });

  it("reads an audio-only file without picture fields", () => {
    const info = probe({
      streams: [{ index: 0, codec_name: "mp3", codec_type: "audio", channels: 2, sample_rate: "44100", disposition: { default: 0 }, tags: { language: "EN" } }],
      format: { format_name: "mp3", duration: "201.456789" },
    });
    expect(info).toEqual({
      durationMs: 201_457,
      container: "mp3",
      scanKind: "unknown",
      streams: [{ index: 0, kind: MediaStreamKind.Audio, codec: "mp3", profile: null, sampleRate: 44100, language: "eng", title: null, channels: 2, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false }],
      chapters: [],
      tags: { language: "EN" },
    });
  });

  it("gives an audio file's tags with lowercase keys, the container's over the audio stream's (Vorbis comments)", () => {
    const info = probe({
      streams: [{ index: 0, codec_type: "audio", tags: { TITLE: "From Stream", ALBUMARTIST: "Band", language: "eng" } }],
      format: { format_name: "ogg", tags: { Title: "From Container", ARTIST: "Singer", TRACK: "3/12", empty: " " } },
    });
    expect(info.tags).toEqual({ title: "From Container", artist: "Singer", track: "3/12", albumartist: "Band", language: "eng" });
    // A song with cover art (an attached picture) is still audio-only.
    const withCover = probe({
      streams: [{ index: 0, codec_type: "audio" }, video({ index: 1, codec_name: "mjpeg", disposition: { attached_pic: 1 } })],
      format: { format_name: "mp3", tags: { title: "Song" } },
    });
    expect(withCover.tags).toEqual({ title: "Song" });
    expect(probe({ streams: [video()], format: { format_name: "matroska,webm", tags: { title: "A Film" } } }).tags).toBeUndefined();
  });

  it("tolerates odd field types and missing pieces", () => {
    const info = probe({
      streams: [
        { codec_type: "video", width: "640", height: -1, disposition: "nope", tags: ["x"] },
        { index: "n/a", codec_type: "audio", channels: 0 },
        "not a stream",
        null,
      ],
      format: { duration: 5 },
    });
    expect(info.durationMs).toBe(5_000);
    expect(info.width).toBe(640);
    expect(info.height).toBeUndefined();
    expect(info.sampleAspectRatio).toBeUndefined();
    expect(info.streams).toEqual([
      { index: 0, kind: MediaStreamKind.Video, codec: null, profile: null, level: null, hasBFrames: false, language: null, title: null, channels: null, width: 640, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
      { index: 1, kind: MediaStreamKind.Audio, codec: null, profile: null, sampleRate: null, language: null, title: null, channels: null, width: null, height: null, pixelFormat: null, bitDepth: null, isDefault: false, isForced: false },
    ]);
  });

  const bitDepths: Array<[string, number | null]> = [
    ["yuv420p", 8],
    ["yuvj420p", 8],
    ["nv12", 8],
    ["yuv420p10le", 10],
    ["yuv422p12be", 12],
    ["p010le", 10],
    ["rgb24", null],
  ];
  it.each(bitDepths)("derives the bit depth of %s when ffprobe gives none", (pixFmt, bitDepth) => {
    expect(probe({ streams: [video({ pix_fmt: pixFmt, bits_per_raw_sample: undefined })], format: {} }).streams[0].bitDepth).toBe(bitDepth);
  });

  const failures: Array<[string, string, RegExp]> = [
    ["not JSON", "ffprobe: command not found", /^ffprobe output is not JSON: /],
    ["empty", "", /^ffprobe output is not JSON: /],
    ["an array", "[]", /^ffprobe output is not a JSON object$/],
    ["null", "null", /^ffprobe output is not a JSON object$/],
    ["an error object", JSON.stringify({ error: { code: -2, string: "No such file or directory" } }), /^ffprobe error: No such file or directory$/],
    ["an error without text", JSON.stringify({ error: { code: -1094995529 } }), /^ffprobe error: code -1094995529$/],
    ["nothing", "{}", /^ffprobe output has neither format nor streams$/],
  ];
  it.each(failures)("reports %s as a failure", (_name, text, reason) => {
    const result = parseFfprobeJson(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(reason);
  });
});

describe("ffprobeArgs", () => {
  it("builds the argument array with the file as one argument", () => {
    expect(ffprobeArgs("/media/My Movie (2019)/My Movie; rm -rf $HOME.mkv")).toEqual([
      "-hide_banner", "-v", "error", "-print_format", "json", "-show_format", "-show_streams", "-show_chapters", "-i",
      "/media/My Movie (2019)/My Movie; rm -rf $HOME.mkv",
    ]);
  });

  it("keeps paths that cannot be mistaken for a protocol as they are", () => {
    expect(ffprobeArgs("C:\\Media\\movie.mkv").at(-1)).toBe("C:\\Media\\movie.mkv");
    expect(ffprobeArgs("-movie.mkv").slice(-2)).toEqual(["-i", "-movie.mkv"]);
  });

  it("prefixes file: to a relative name that looks like a protocol", () => {
    expect(ffprobeArgs("http:movie.mkv").at(-1)).toBe("file:http:movie.mkv");
    expect(ffprobeArgs("Part One: The Beginning.mkv").at(-1)).toBe("Part One: The Beginning.mkv");
    expect(ffprobeArgs("concat:a.mkv|b.mkv").at(-1)).toBe("file:concat:a.mkv|b.mkv");
  });
});
