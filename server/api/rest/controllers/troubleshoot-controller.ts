import { Controller, Path, Post, Query, Response, Route, Tags } from "@tsoa/runtime";
import type { TroubleshootReport } from "../../../services/troubleshoot-service";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

/** Why a channel does not play: its real pipeline, run without viewers, reported in full. */
@Route("api/v1/troubleshoot")
@Tags("Troubleshooting")
export class TroubleshootController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Plans what the channel plays now, probes the input, and runs the FFmpeg command a stream would run for up
   * to 20 s of media (as fast as it goes, no viewers): the exact command line (credentials redacted), FFmpeg's
   * error output, the chosen streams, filters and encoders, the time to the first segment and the speed; `text`
   * holds all of it as one file.
   * @summary Troubleshoot a channel's stream
   */
  @Post("channels/{channelNumber}")
  @Response<ProblemDetails>(404, "No enabled channel with this number")
  public async troubleshootChannel(@Path() channelNumber: string): Promise<TroubleshootReport> {
    return this.context.services.troubleshoot.channel(channelNumber);
  }

  /**
   * Runs a media item from its start with an FFmpeg profile through the same pipeline as a channel (up to 20 s of
   * media, no viewers) and reports the same findings; `channelNumber` is empty and `channelName` says what ran.
   * @isInt mediaItemId
   * @isInt ffmpegProfileId
   * @summary Troubleshoot a media item with a profile
   */
  @Post("media/{mediaItemId}")
  @Response<ProblemDetails>(404, "No media item with this id")
  @Response<ValidationProblemDetails>(422, "No FFmpeg profile with this id")
  public async troubleshootMediaItem(@Path() mediaItemId: number, @Query() ffmpegProfileId: number): Promise<TroubleshootReport> {
    return this.context.services.troubleshoot.mediaItem(mediaItemId, ffmpegProfileId);
  }
}
