import { Controller, Get, Path, Post, Query, Response, Route, Tags } from "@tsoa/runtime";
import { toSkipResultDto, type SkipResultDto } from "../../views/on-demand-view";
import { toBuildSummaryDto, toNowPlayingDto, type BuildSummaryDto, type NowPlayingDto } from "../../views/playout-view";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/channels")
@Tags("Playouts")
export class ChannelPlayoutController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Runs a Reset build of the channel's playout now (keyed by channel id, not number). Content
   * positions carry over; `eraseHistory=true` forgets them and draws a new seed.
   * @isInt id
   * @summary Reset a channel's playout
   */
  @Post("{id}/playout/reset")
  @Response<ProblemDetails>(404, "No such channel, or the channel has no playout")
  public async resetChannelPlayout(@Path() id: number, @Query() eraseHistory?: boolean): Promise<BuildSummaryDto> {
    return toBuildSummaryDto(await this.context.services.playouts.resetChannel(id, eraseHistory ?? false));
  }

  /**
   * Ends the programme on air for every viewer: the next item starts now and every later item moves
   * earlier by the time skipped (a paused on-demand channel skips at its checkpoint). Live streams switch
   * within seconds. Only on kinds whose times can move (Sequential, ExternalJson); 422 names the reason.
   * @isInt id
   * @summary Skip what a channel plays
   */
  @Post("{id}/skip")
  @Response<ProblemDetails>(404, "No such channel")
  @Response<ValidationProblemDetails>(422, "The channel has no playout, is a mirror, or its playout keeps fixed times")
  public async skipChannel(@Path() id: number): Promise<SkipResultDto> {
    return toSkipResultDto(await this.context.services.onDemand.skip(id));
  }

  /**
   * What the channel plays now (or at `at`, ISO 8601): the item, the offset into it, and what follows.
   * @isInt id
   * @summary Get what a channel plays now
   */
  @Get("{id}/now")
  @Response<ProblemDetails>(404, "No such channel, or the channel has no playout")
  public async getChannelNowPlaying(@Path() id: number, @Query() at?: string): Promise<NowPlayingDto> {
    const time = at === undefined ? undefined : Date.parse(at);
    return toNowPlayingDto(await this.context.services.playouts.nowPlaying(id, time !== undefined && Number.isFinite(time) ? time : undefined));
  }
}
