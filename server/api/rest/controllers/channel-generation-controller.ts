import type { Request as ExpressRequest } from "express";
import { Body, Controller, Post, Query, Response, Route, Tags } from "@tsoa/runtime";
import { toChannelGenerationReportDto, type ChannelGenerationReportDto, type GenerateChannelsRequest } from "../dto/channel-generation-dto";
import type { ValidationProblemDetails } from "../dto/problem-dto";
import { baseUrlOf, type RestContext } from "../rest-context";

@Route("api/v1/channels")
@Tags("Channels")
export class ChannelGenerationController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * Channels made from the library's metadata: one per network (studio), genre, release decade, collection or
   * show that holds at least `minimumItems` playable items, the largest first, numbered from `firstNumber`
   * (numbers in use are skipped). Each plays its content with a Classic playout (shows shuffled, each show's
   * episodes in order) or a Block day of 30- or 60-minute slots; networks, genres and decades are stored as smart
   * collections, so the channels follow the library as it grows. Without `apply=true` nothing changes: the answer
   * lists the channels that would be made (name, number, logo, estimated hours) and the groups left out with why.
   * With it, everything is created in one transaction (all or nothing) and the playouts are built.
   * @summary Make channels from the library
   * @param apply Create the channels (default: only report).
   */
  @Post("generate")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async generateChannels(@Body() body: GenerateChannelsRequest, @Query() apply?: boolean): Promise<ChannelGenerationReportDto> {
    const report = await this.context.services.channelGeneration.generate(body, apply === true);
    return toChannelGenerationReportDto(report, baseUrlOf(this.request));
  }
}
