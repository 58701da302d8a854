import { Controller, Get, Route, Tags } from "@tsoa/runtime";
import type { AccelerationStatus, FFmpegInfo } from "../../../domain/ffmpeg-info";
import type { RestContext } from "../rest-context";

@Route("api/v1/ffmpeg")
@Tags("FFmpeg profiles")
export class FFmpegInfoController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Which FFmpeg and ffprobe the server uses (configured, on PATH, or bundled), their version and capabilities.
   * @summary Get FFmpeg information
   */
  @Get("info")
  public async getFFmpegInfo(): Promise<FFmpegInfo> {
    const source = this.context.services.ffmpegInfo;
    if (!source) {
      return { ffmpegPath: "ffmpeg", ffprobePath: "ffprobe", ffmpegSource: "missing", ffprobeSource: "missing", available: false, error: "FFmpeg is not configured", supportsReadrate: false, missingFeatures: [], videoEncoders: [], audioEncoders: [], hardwareAccelerations: [] };
    }
    return source.info();
  }

  /**
   * Each hardware acceleration a profile may ask for: usable on this machine (tried once with a short encode),
   * or why not (no encoder in this FFmpeg, no device, no driver).
   * @summary List hardware accelerations
   */
  @Get("accelerations")
  public async listHardwareAccelerations(): Promise<AccelerationStatus[]> {
    return this.context.services.ffmpegProfiles.accelerations();
  }
}
