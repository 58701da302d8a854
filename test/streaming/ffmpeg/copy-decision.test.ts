import { describe, expect, it } from "vitest";
import { AudioFormat, SubtitleMode, VideoFormat } from "../../../server/domain/enums";
import { alignToKeyframes, buildPlayoutArgs, decideCopy, keyframeIntervals, type ProbedAudioStream, type ProbedVideoStream } from "../../../server/streaming/ffmpeg";
import { caps as fixtureCaps, profile, request, source } from "./fixtures";

const P720 = profile({ copyWhenCompatible: true, resolution: { width: 1280, height: 720 } });
const V720: ProbedVideoStream = { index: 0, codec: "h264", width: 1280, height: 720, sampleAspectRatio: "1:1", frameRate: "25/1", scanKind: "Progressive", pixelFormat: "yuv420p", profile: "high", level: 31, bitDepth: 8, hasBFrames: true };
const AAC: ProbedAudioStream = { index: 1, codec: "aac", channels: 2, sampleRate: 48000 };
const NONE = { watermark: false, burnSubtitles: false, generatedVideo: false };

const caps = fixtureCaps();

describe("copy when compatible: video", () => {
  const cases: Array<[string, Partial<ProbedVideoStream>, Partial<typeof P720>, Partial<typeof NONE>, "copy" | "transcode", RegExp]> = [
    ["720p H.264 high 3.1 yuv420p", {}, {}, {}, "copy", /fits/],
    ["constrained baseline into high", { profile: "constrained baseline" }, {}, {}, "copy", /fits/],
    ["main into a main profile", { profile: "main" }, { videoProfile: "main" }, {}, "copy", /fits/],
    ["high into a main profile", {}, { videoProfile: "main" }, {}, "transcode", /codec profile high, profile wants main/],
    ["HEVC into H.264", { codec: "hevc", profile: "main" }, {}, {}, "transcode", /codec hevc, profile wants h264/],
    ["HEVC main into HEVC", { codec: "hevc", profile: "main", level: 93 }, { videoFormat: VideoFormat.Hevc }, {}, "copy", /fits/],
    ["1080p into 720p", { width: 1920, height: 1080 }, {}, {}, "transcode", /scaling 1920x1080 to 1280x720/],
    ["anamorphic", { sampleAspectRatio: "4:3" }, {}, {}, "transcode", /sample aspect ratio 4:3/],
    ["level 5.1", { level: 51 }, {}, {}, "transcode", /level 51 above 41/],
    ["unknown level", { level: undefined }, {}, {}, "transcode", /level unknown/],
    ["10-bit into 8-bit", { pixelFormat: "yuv420p10le", bitDepth: 10, profile: "high 10" }, {}, {}, "transcode", /bit depth 10, profile wants 8/],
    ["4:4:4 pixel format", { pixelFormat: "yuv444p" }, {}, {}, "transcode", /pixel format yuv444p/],
    ["25 fps into normalized 30", {}, { normalizeFramerate: true, normalizedFrameRate: 30 }, {}, "transcode", /frame rate 25 fps, profile wants 30/],
    ["30000/1001 into normalized 29.97", { frameRate: "30000/1001" }, { normalizeFramerate: true, normalizedFrameRate: 29.97 }, {}, "copy", /fits/],
    ["interlaced with deinterlacing", { scanKind: "Interlaced" }, { deinterlaceVideo: true }, {}, "transcode", /deinterlacing/],
    ["B-frames (every player decodes them)", { hasBFrames: true }, { allowBFrames: false }, {}, "copy", /fits/],
    ["watermark", {}, {}, { watermark: true }, "transcode", /watermark/],
    ["subtitles burned in", {}, {}, { burnSubtitles: true }, "transcode", /subtitles burned in/],
    ["song picture", {}, {}, { generatedVideo: true }, "transcode", /no video stream/],
    ["option off", {}, { copyWhenCompatible: false }, {}, "transcode", /copy when compatible is off/],
  ];
  it.each(cases)("%s → %s", (_name, video, prof, effects, mode, reason) => {
    const decision = decideCopy({ ...P720, ...prof }, { ...V720, ...video }, AAC, { ...NONE, ...effects });
    expect(decision.video.mode).toBe(mode);
    expect(decision.video.reason).toMatch(reason);
  });
});

describe("copy when compatible: audio", () => {
  const cases: Array<[string, Partial<ProbedAudioStream> | undefined, Partial<typeof P720>, "copy" | "transcode", RegExp]> = [
    ["AAC stereo 48 kHz", {}, {}, "copy", /fits/],
    ["AC-3 into AAC", { codec: "ac3" }, {}, "transcode", /codec ac3, profile wants aac/],
    ["AC-3 5.1 into AC-3 5.1", { codec: "ac3", channels: 6 }, { audioFormat: AudioFormat.Ac3, audioChannels: 6 }, "copy", /fits/],
    ["5.1 into stereo", { channels: 6 }, {}, "transcode", /6 channels, profile wants 2/],
    ["44.1 kHz into 48", { sampleRate: 44100 }, {}, "transcode", /sample rate 44100 Hz, profile wants 48000/],
    ["loudness normalization", {}, { normalizeLoudness: true }, "transcode", /loudness normalization/],
    ["no audio stream", undefined, {}, "transcode", /no audio stream/],
  ];
  it.each(cases)("%s → %s", (_name, audio, prof, mode, reason) => {
    const decision = decideCopy({ ...P720, ...prof }, V720, audio && { ...AAC, ...audio }, NONE);
    expect(decision.audio.mode).toBe(mode);
    expect(decision.audio.reason).toMatch(reason);
  });
});

describe("copied streams in the FFmpeg command", () => {
  const fitting = source({ video: V720, audio: [AAC] });
  it("maps the streams and copies them, with no filter graph and DTS kept", () => {
    const command = buildPlayoutArgs(P720, fitting, request({ output: { kind: "hls", playlistPath: "/s/p.m3u8", segmentFilenamePattern: "/s/l%06d.ts" } }), caps);
    expect(command.decision.video.mode).toBe("copy");
    expect(command.args).not.toContain("-filter_complex");
    expect(command.args.join(" ")).toContain("-map 0:0 -map 0:1 -c:v copy -c:a copy");
    expect(command.args[command.args.indexOf("-fflags") + 1]).toBe("+discardcorrupt");
  });
  it("transcodes audio alone when only the video fits", () => {
    const command = buildPlayoutArgs(P720, source({ video: V720, audio: [{ ...AAC, codec: "ac3", channels: 6 }] }), request(), caps);
    expect(command.args.join(" ")).toMatch(/-map 0:0 -map \[aout\] -c:v copy -c:a aac/);
  });
  it("a watermark forces the video through the encoder", () => {
    const watermark = { imagePath: "/w.png", position: "BottomRight", widthPercent: 10, opacityPercent: 100, horizontalMarginPercent: 2, verticalMarginPercent: 2 } as const;
    const command = buildPlayoutArgs(P720, fitting, request({ watermark: watermark as never, subtitleMode: SubtitleMode.None }), caps);
    expect(command.decision.video).toEqual({ mode: "transcode", reason: "watermark" });
    expect(command.args).toContain("libx264");
  });
});

describe("keyframe alignment of copied pieces", () => {
  const keyframes = [0, 4000, 8000, 12000, 16000];
  const piece = { path: "/a.mp4", lookbackMs: 20_000 };
  it("starts on the keyframe at or before the offset and says how early", () => {
    expect(alignToKeyframes(keyframes, { ...piece, seekMs: 5500, durationMs: 60_000, limitMs: 60_000 })).toEqual({ seekMs: 4000, durationMs: 60_000, earlyMs: 1500 });
  });
  it("ends a chunk on the last keyframe inside it; the next chunk resumes there", () => {
    const first = alignToKeyframes(keyframes, { ...piece, seekMs: 5500, durationMs: 9000, limitMs: 60_000 })!;
    expect(first).toEqual({ seekMs: 4000, durationMs: 8000, earlyMs: 1500 });
    const next = alignToKeyframes(keyframes, { ...piece, seekMs: 5500 + 8000, durationMs: 9000, limitMs: 52_000 }, { path: "/a.mp4", endMs: 12_000 });
    expect(next?.seekMs).toBe(12_000);
    expect(next?.earlyMs).toBe(1500);
  });
  it("gives up (transcode) when no keyframe lies within the look-back", () => {
    expect(alignToKeyframes([0], { ...piece, seekMs: 30_000, durationMs: 5000, limitMs: 5000 })).toBeUndefined();
  });
  it("asks ffprobe only for the start and the chunk end", () => {
    expect(keyframeIntervals(0, 60_000, 60_000, 20_000)).toEqual([]);
    expect(keyframeIntervals(50_000, 60_000, 600_000, 20_000)).toEqual([[30_000, 50_001], [90_000, 110_001]]);
    expect(keyframeIntervals(50_000, 10_000, 600_000, 20_000)).toEqual([[30_000, 60_001]]);
  });
});
