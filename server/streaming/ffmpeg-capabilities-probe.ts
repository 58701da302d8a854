import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { FFmpegBinaries } from "../config/ffmpeg-binaries";
import type { FFmpegInfo, FFmpegInfoSource } from "../domain/ffmpeg-info";
import { parseCapabilities } from "./ffmpeg/capabilities-parser";
import { missingFFmpegFeatures } from "./ffmpeg/feature-check";
import type { EncoderCapabilities } from "./ffmpeg/types";

const run = promisify(execFile);
// Five FFmpeg runs at once at start-up: on a loaded machine (a CI run, a scan) they took more than 15 s, and a
// probe that times out makes every stream wait for the next attempt.
const TIMEOUT_MS = 60_000;

async function output(binary: string, args: string[]): Promise<string> {
  const { stdout } = await run(binary, ["-hide_banner", ...args], { timeout: TIMEOUT_MS, maxBuffer: 8 * 1024 * 1024, windowsHide: true });
  return String(stdout);
}

/**
 * Asks the installed FFmpeg what it can do (version, encoders, hardware acceleration, filters,
 * `-readrate`), once: the answer does not change while the server runs.
 */
export class FFmpegCapabilitiesProbe implements FFmpegInfoSource {
  private probed: Promise<FFmpegInfo> | undefined;
  private parsed: EncoderCapabilities | undefined;

  constructor(private readonly binaries: FFmpegBinaries) {}

  info(): Promise<FFmpegInfo> {
    this.probed ??= this.probe();
    return this.probed;
  }

  /** What the argument builder needs to know; throws when FFmpeg cannot be run. */
  async capabilities(): Promise<EncoderCapabilities> {
    const info = await this.info();
    if (!this.parsed) throw new Error(`FFmpeg is not usable: ${info.error ?? "unknown error"}`);
    return this.parsed;
  }

  private async probe(): Promise<FFmpegInfo> {
    const base = { ffmpegPath: this.binaries.ffmpeg, ffprobePath: this.binaries.ffprobe, ffmpegSource: this.binaries.source.ffmpeg, ffprobeSource: this.binaries.source.ffprobe, ...(await this.ffprobeVersion()) };
    try {
      const [version, encoders, hwaccels, filters, options] = await Promise.all([
        output(this.binaries.ffmpeg, ["-version"]),
        output(this.binaries.ffmpeg, ["-encoders"]),
        output(this.binaries.ffmpeg, ["-hwaccels"]),
        output(this.binaries.ffmpeg, ["-filters"]),
        output(this.binaries.ffmpeg, ["-h", "long"]),
      ]);
      const capabilities = parseCapabilities({ version, encoders, hwaccels, filters, options });
      this.parsed = capabilities;
      return {
        ...base,
        available: true,
        version: version.split("\n")[0].trim(),
        supportsReadrate: capabilities.supportsReadrate,
        missingFeatures: missingFFmpegFeatures(capabilities),
        videoEncoders: [...capabilities.encoders].filter((e) => /264|265|hevc|mpeg2|av1|vp9/i.test(e)).sort(),
        audioEncoders: [...capabilities.encoders].filter((e) => /^(aac|ac3|eac3|libmp3lame|libopus|mp2)$/i.test(e)).sort(),
        hardwareAccelerations: [...capabilities.hwaccels].sort(),
      };
    } catch (error) {
      this.probed = undefined;
      return { ...base, available: false, error: firstLine(error), videoEncoders: [], audioEncoders: [], hardwareAccelerations: [], supportsReadrate: false, missingFeatures: [] };
    }
  }

  private async ffprobeVersion(): Promise<{ ffprobeVersion?: string; ffprobeError?: string }> {
    try {
      return { ffprobeVersion: (await output(this.binaries.ffprobe, ["-version"])).split("\n")[0].trim() };
    } catch (error) {
      return { ffprobeError: firstLine(error) };
    }
  }
}

function firstLine(error: unknown): string {
  return error instanceof Error ? error.message.split("\n")[0] : String(error);
}
