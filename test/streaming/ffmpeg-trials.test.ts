import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../../server/domain/enums";
import { FFmpegCapabilitiesProbe } from "../../server/streaming/ffmpeg-capabilities-probe";
import type { FFmpegProfile } from "../../server/streaming/ffmpeg";
import { FFmpegTrials } from "../../server/streaming/ffmpeg-trials";
import { ProcessRegistry } from "../../server/streaming/process-registry";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-trials-"));
const binaries = locateFFmpeg({});
const probe = new FFmpegCapabilitiesProbe(binaries);
const registry = new ProcessRegistry(binaries.ffmpeg, folder);
const trials = new FFmpegTrials(registry, () => probe.capabilities());

const profile: FFmpegProfile = {
  threadCount: 0,
  hardwareAcceleration: HardwareAcceleration.None,
  resolution: { width: 320, height: 180 },
  scalingBehavior: ScalingBehavior.ScaleAndPad,
  videoFormat: VideoFormat.H264,
  bitDepth: 8,
  videoBitrate: 500,
  videoBufferSize: 1000,
  audioFormat: AudioFormat.Aac,
  audioBitrate: 96,
  audioBufferSize: 192,
  audioChannels: 2,
  audioSampleRate: 48,
  normalizeFramerate: false,
  deinterlaceVideo: false,
  normalizeLoudness: false,
};

afterAll(async () => {
  await registry.killAll();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("trying a profile out on a generated test pattern", () => {
  it("encodes with a software profile and reports the speed from the encoded and elapsed time", { timeout: 60_000 }, async () => {
    const result = await trials.tryProfile(profile, 1000);
    expect(result.error).toBeUndefined();
    expect(result).toMatchObject({ ok: true, encodedMs: 1000, videoEncoder: "libx264", acceleration: "None" });
    expect(result.speed).toBeCloseTo(1000 / result.elapsedMs, 1);
    expect(result.speed!).toBeGreaterThan(0);
    expect(registry.count).toBe(0);
  });

  it("reports FFmpeg's own error text when the encode fails", { timeout: 60_000 }, async () => {
    const result = await trials.tryProfile({ ...profile, videoPreset: "no-such-preset" }, 500);
    expect(result.ok).toBe(false);
    expect(result.speed).toBeNull();
    expect(result.error).toMatch(/preset/i);
    expect(result.error).not.toMatch(/@ 0x[0-9a-f]+/);
  });

  it("says why each hardware acceleration cannot be used here", { timeout: 60_000 }, async () => {
    const statuses = await trials.accelerations();
    expect(statuses.map((s) => s.acceleration).sort()).toEqual(["Amf", "Nvenc", "Qsv", "Vaapi", "VideoToolbox"]);
    for (const s of statuses.filter((s) => !s.usable)) expect(s.reason).toMatch(/\S/);
    expect(await trials.accelerations()).toBe(statuses);
  });
});
