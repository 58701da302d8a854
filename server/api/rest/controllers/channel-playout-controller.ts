import { Controller, Get, Path, Post, Query, Response, Route, Tags } from "tsoa";
import { toBuildSummaryDto, toNowPlayingDto, type BuildSummaryDto, type NowPlayingDto } from "../../views/playout-view";
import type { ProblemDetails } from "../dto/problem-dto";
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
