import type { Request as ExpressRequest } from "express";
import { Body, Controller, Delete, Get, Patch, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { SerializedJsonCache } from "../../../http/serialized-json";
import type { Services } from "../../../services";
import type { ChannelInput } from "../../../services/channel-input";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { toChannelDto, type ChannelCreateRequest, type ChannelDto } from "../dto/channel-dto";
import { baseUrlOf, type RestContext } from "../rest-context";

/** The channel list is read far more often than written: its answer is kept per write version and host. */
const listCache = new SerializedJsonCache<Services>();

@Route("api/v1/channels")
@Tags("Channels")
export class ChannelController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * Every channel, in channel-number order.
   * @summary List channels
   */
  @Get()
  public async listChannels(): Promise<ChannelDto[]> {
    const base = baseUrlOf(this.request);
    const { channels } = this.context.services;
    const version = channels.listVersion;
    const views = await channels.list();
    // The cached text stands in for the DTO list; res.json sends it unchanged.
    return listCache.get(this.context.services, `${version}\n${base}`, () => views.map((view) => toChannelDto(view, base))) as unknown as ChannelDto[];
  }

  /**
   * One channel.
   * @isInt id
   * @summary Get a channel
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getChannel(@Path() id: number): Promise<ChannelDto> {
    return toChannelDto(await this.context.services.channels.get(id), baseUrlOf(this.request));
  }

  /**
   * Creates a channel; without a number it takes the next free one.
   * @summary Create a channel
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createChannel(@Body() body: ChannelCreateRequest): Promise<ChannelDto> {
    const view = await this.context.services.channels.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/channels/${view.channel.id}`);
    return toChannelDto(view, baseUrlOf(this.request));
  }

  /**
   * Replaces the channel: omitted fields return to their defaults.
   * @isInt id
   * @summary Replace a channel
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async replaceChannel(@Path() id: number, @Body() body: ChannelCreateRequest): Promise<ChannelDto> {
    return toChannelDto(await this.context.services.channels.replace(id, body), baseUrlOf(this.request));
  }

  /**
   * Changes only the fields present in the body; `null` clears a clearable field.
   * @isInt id
   * @summary Change a channel
   */
  @Patch("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateChannel(@Path() id: number, @Body() body: ChannelInput): Promise<ChannelDto> {
    return toChannelDto(await this.context.services.channels.patch(id, body), baseUrlOf(this.request));
  }

  /**
   * Deletes the channel and its playout.
   * @isInt id
   * @summary Delete a channel
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteChannel(@Path() id: number): Promise<void> {
    await this.context.services.channels.delete(id);
    this.setStatus(204);
  }
}
