import { describe, expect, it } from "vitest";
import { AudioFormat } from "../../../server/domain/enums";
import { buildPlayoutArgs } from "../../../server/streaming/ffmpeg";
import { channelLayout } from "../../../server/streaming/ffmpeg/audio-filter-chain";
import { caps, profile, request, source, valueOf } from "./fixtures";

function audioSegment(args: string[]): string {
  const graph = valueOf(args, "-filter_complex") ?? "";
  const segment = graph.split(";").find((s) => s.endsWith("[aout]"));
  if (!segment) throw new Error(`no audio segment in ${graph}`);
  return segment;
}

describe("audio filter chain", () => {
  it("resamples to the profile rate with async correction and pads with silence (bounded by -t)", () => {
    const { args } = buildPlayoutArgs(profile(), source(), request({ durationMs: 60_000 }), caps());
    expect(audioSegment(args)).toBe("[0:1]aresample=48000:async=1:first_pts=0,apad[aout]");
    expect(valueOf(args, "-t")).toBe("00:01:00.000");
    expect(args).not.toContain("-shortest");
    expect(args).toEqual(expect.arrayContaining(["-map", "[aout]"]));
  });

  it("bounds the output by the rest of the source when no limit is requested", () => {
    const { args, limitMs } = buildPlayoutArgs(profile(), source({ durationMs: 100_000 }), request({ durationMs: undefined, seekMs: 40_000 }), caps());
    expect(limitMs).toBe(60_000);
    expect(valueOf(args, "-t")).toBe("00:01:00.000");
    expect(audioSegment(args)).toContain(",apad[aout]");
  });

  it("never pads when nothing bounds the output", () => {
    const { args } = buildPlayoutArgs(profile(), source({ durationMs: undefined }), request({ durationMs: undefined }), caps());
    expect(audioSegment(args)).not.toContain("apad");
    expect(args).not.toContain("-t");
  });

  it("normalises loudness with loudnorm before resampling", () => {
    const { args } = buildPlayoutArgs(profile({ normalizeLoudness: true }), source(), request(), caps());
    expect(audioSegment(args)).toBe("[0:1]loudnorm=I=-16:TP=-1.5:LRA=11,aresample=48000:async=1:first_pts=0,apad[aout]");
    const custom = buildPlayoutArgs(profile({ normalizeLoudness: true, targetLoudness: -23 }), source(), request(), caps());
    expect(audioSegment(custom.args)).toMatch(/^\[0:1\]loudnorm=I=-23:/);
  });

  it("encodes with the profile's codec, channels, bitrate, buffer and sample rate", () => {
    const { args } = buildPlayoutArgs(
      profile({ audioFormat: AudioFormat.Ac3, audioChannels: 6, audioBitrate: 384, audioBufferSize: 768, audioSampleRate: 44.1 }),
      source(),
      request(),
      caps(),
    );
    const at = args.indexOf("-c:a");
    expect(args.slice(at, at + 12)).toEqual([
      "-c:a", "ac3", "-ac", "6", "-b:a", "384k", "-maxrate:a", "384k", "-bufsize:a", "768k", "-ar", "44100",
    ]);
    expect(audioSegment(args)).toContain("aresample=44100:");
  });

  it("generates silence when the source has no audio", () => {
    const { args, audioStream } = buildPlayoutArgs(profile({ audioChannels: 2 }), source({ audio: [] }), request(), caps());
    expect(audioStream).toBeUndefined();
    const lavfi = args.indexOf("anullsrc=channel_layout=stereo:sample_rate=48000");
    expect(args.slice(lavfi - 3, lavfi + 1)).toEqual(["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=48000"]);
    expect(audioSegment(args)).toBe("[1:a]aresample=48000:async=1:first_pts=0,apad[aout]");
  });

  it("ends with the real stream when silence is generated and nothing bounds the output", () => {
    const command = buildPlayoutArgs(profile(), source({ audio: [], durationMs: undefined }), request({ durationMs: undefined }), caps());
    expect(command.args).toContain("-shortest");
    expect(command.warnings).toHaveLength(1);
  });

  it("names channel layouts", () => {
    expect([1, 2, 6, 8, 3].map(channelLayout)).toEqual(["mono", "stereo", "5.1", "7.1", "3c"]);
  });
});
