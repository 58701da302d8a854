import { describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../../server/config/ffmpeg-binaries";
import { ffmpegChecks } from "../../../server/services/health/system-checks";
import { FFMPEG_FEATURES, missingFFmpegFeatures } from "../../../server/streaming/ffmpeg/feature-check";
import { FFmpegCapabilitiesProbe } from "../../../server/streaming/ffmpeg-capabilities-probe";
import { makeTempDir } from "../../support/temp-dir";

const everything = {
  encoders: new Set(["libx264", "aac"]),
  hwaccels: new Set<string>(),
  filters: new Set(["drawtext", "overlay", "subtitles", "zscale", "tonemap", "loudnorm", "yadif", "gblur"]),
  supportsReadrate: true,
};

describe("what an FFmpeg lacks, probed by filters, encoders and options", () => {
  it("names each missing feature with what is lost, and nothing when all are there", () => {
    expect(missingFFmpegFeatures(everything)).toEqual([]);
    const without = missingFFmpegFeatures({ ...everything, supportsReadrate: false, filters: new Set([...everything.filters].filter((f) => f !== "zscale")) });
    expect(without).toEqual([expect.stringMatching(/^option -readrate \(/), expect.stringMatching(/^filter zscale \(HDR to SDR/)]);
    expect(FFMPEG_FEATURES.every((feature) => feature.has(everything))).toBe(true);
  });

  it("the system FFmpeg (>= 5) lacks nothing; the optional npm package's (4.1, 2018) lacks -readrate, and the health page and the info say so", async () => {
    const system = await new FFmpegCapabilitiesProbe(locateFFmpeg({})).info();
    expect(system.ffmpegSource).toBe("path");
    expect(system.missingFeatures).toEqual([]);
    expect(ffmpegChecks(system)[0]).toMatchObject({ id: "ffmpeg", status: "ok" });

    const npm = await new FFmpegCapabilitiesProbe(locateFFmpeg({}, { PATH: makeTempDir() })).info();
    expect(npm.ffmpegSource).toBe("npm");
    expect(npm.available).toBe(true);
    expect(npm.missingFeatures).toContainEqual(expect.stringMatching(/^option -readrate/));
    const check = ffmpegChecks(npm)[0];
    expect(check.status).toBe("warning");
    expect(check.reason).toContain("option -readrate");
    expect(check.action).toMatch(/FFmpeg \(5 or newer/);
  });
});
