import { Controller, Delete, Get, Path, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";
import { toSessionDto, type SessionDto } from "../../views/session-view";
import { toOnDemandStateDto, type OnDemandStateDto } from "../../views/on-demand-view";

/** Live streaming sessions: one shared FFmpeg transcode per watched channel. */
@Route("api/v1/sessions")
@Tags("Sessions")
export class SessionController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * The channels being streamed now, in channel-number order.
   * @summary List stream sessions
   */
  @Get()
  public async listSessions(): Promise<SessionDto[]> {
    return (await this.context.services.streamSessions.list()).map(toSessionDto);
  }

  /**
   * Every on-demand channel with a playout: playing, or paused since when and where it resumes.
   * @summary List on-demand channel states
   */
  @Get("on-demand")
  public async listOnDemandStates(): Promise<OnDemandStateDto[]> {
    return (await this.context.services.onDemand.states()).map(toOnDemandStateDto);
  }

  /**
   * Stops the channel's streaming at once (its FFmpeg processes end; connected viewers are cut off).
   * @summary Stop a channel's stream
   */
  @Delete("{channelNumber}")
  @SuccessResponse(204, "Stopped")
  @Response<ProblemDetails>(404, "No session for this channel")
  public async stopSession(@Path() channelNumber: string): Promise<void> {
    await this.context.services.streamSessions.stop(channelNumber);
    this.setStatus(204);
  }
}
