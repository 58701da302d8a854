import { describe, expect, it } from "vitest";
import { AudioFormat, HardwareAcceleration, VideoFormat } from "../../../server/domain/enums";
import { buildErrorSlateArgs, buildOfflineSlateArgs, OFFLINE_SLATE_TEXT } from "../../../server/streaming/ffmpeg";
import { caps, profile, valueOf, valuesOf } from "./fixtures";

describe("offline slate", () => {
  it("draws 'Channel is Offline' on black in the channel resolution with silence, for the given duration", () => {
    const { args, warnings } = buildOfflineSlateArgs(
      profile({ resolution: { width: 1280, height: 720 } }),
      { durationMs: 90_000, realtime: false, output: { kind: "mpegts" }, channelName: "News" },
      caps(),
    );
    expect(warnings).toEqual([]);
    expect(OFFLINE_SLATE_TEXT).toBe("Channel is Offline");
    expect(valuesOf(args, "-i")).toEqual(["color=c=black:s=1280x720:r=30:d=90", "anullsrc=channel_layout=stereo:sample_rate=48000"]);
    expect(valuesOf(args, "-f").slice(0, 2)).toEqual(["lavfi", "lavfi"]);
    expect(valueOf(args, "-filter_complex")).toBe(
      "[0:v]drawtext=font=Sans:text=Channel is Offline:expansion=none:fontcolor=white:fontsize=36:x=(w-text_w)/2:y=h-text_h-36,format=yuv420p[vout]",
    );
    expect(valuesOf(args, "-map")).toEqual(["[vout]", "1:a"]);
    expect(valueOf(args, "-t")).toBe("00:01:30.000");
    expect(valueOf(args, "-c:v")).toBe("libx264");
    expect(valueOf(args, "-c:a")).toBe("aac");
    expect(args.slice(-3)).toEqual(["-f", "mpegts", "pipe:1"]);
    expect(args).toEqual(expect.arrayContaining(["-metadata", "service_name=News"]));
  });

  it("uses the profile's codecs, audio layout and keyframe cadence", () => {
    const { args } = buildOfflineSlateArgs(
      profile({ videoFormat: VideoFormat.Hevc, audioFormat: AudioFormat.Ac3, audioChannels: 6, normalizeFramerate: true, normalizedFrameRate: 25 }),
      { durationMs: 4000, realtime: false, output: { kind: "mpegts" } },
      caps(),
    );
    expect(valueOf(args, "-c:v")).toBe("libx265");
    expect(valueOf(args, "-c:a")).toBe("ac3");
    expect(valuesOf(args, "-i")).toEqual(["color=c=black:s=1920x1080:r=25:d=4", "anullsrc=channel_layout=5.1:sample_rate=48000"]);
    expect(valueOf(args, "-g")).toBe("50");
    expect(valueOf(args, "-force_key_frames")).toBe("expr:gte(t,n_forced*2)");
  });

  it("paces both generated inputs in real time and can continue an HLS session", () => {
    const { args } = buildOfflineSlateArgs(
      profile(),
      { durationMs: 60_000, realtime: true, ptsOffsetMs: 12_000, output: { kind: "hls", playlistPath: "l.m3u8", segmentFilenamePattern: "l%06d.ts", continuesSession: true } },
      caps(),
    );
    expect(valuesOf(args, "-readrate")).toEqual(["1.0", "1.0"]);
    expect(valueOf(args, "-output_ts_offset")).toBe("12");
    expect(valueOf(args, "-hls_flags")).toContain("discont_start");
  });

  it("falls back to software encoding with a warning, and to a plain picture without drawtext", () => {
    const { args, warnings, videoEncoder } = buildOfflineSlateArgs(
      profile({ hardwareAcceleration: HardwareAcceleration.Amf }),
      { durationMs: 1000, realtime: false, output: { kind: "mpegts" } },
      caps({ filters: [] }),
    );
    expect(videoEncoder).toBe("libx264");
    expect(warnings).toHaveLength(2);
    expect(valueOf(args, "-filter_complex")).toBe("[0:v]format=yuv420p[vout]");
  });
});

describe("error slate", () => {
  it("draws the reason text, escaped for the filtergraph, with an optional font file", () => {
    const { args } = buildErrorSlateArgs(
      profile({ resolution: { width: 720, height: 480 } }),
      "Playout item does not exist on disk\n/media/A: b's [c], d; 100%",
      { durationMs: 2500, realtime: false, output: { kind: "mpegts" }, fontFile: "/fonts/Roboto.ttf" },
      caps(),
    );
    expect(valueOf(args, "-filter_complex")).toBe(
      "[0:v]drawtext=fontfile=/fonts/Roboto.ttf:text=Playout item does not exist on disk\n/media/A\\\\: b\\\\\\'s \\[c\\]\\, d\\; 100%" +
        ":expansion=none:fontcolor=white:fontsize=24:x=(w-text_w)/2:y=h-text_h-24,format=yuv420p[vout]",
    );
    expect(valuesOf(args, "-i")[0]).toBe("color=c=black:s=720x480:r=30:d=2.5");
    expect(valueOf(args, "-t")).toBe("00:00:02.500");
  });
});
