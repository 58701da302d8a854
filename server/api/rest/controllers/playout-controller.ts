import { Body, Controller, Delete, Get, Path, Post, Put, Query, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { PlayoutCreateInput, PlayoutPreviewInput, PlayoutUpdateInput } from "../../../services/playout-input";
import {
  toBuildSummaryDto,
  toPlayoutDto,
  toPlayoutItemDto,
  toPreviewItemDto,
  type PlayoutCreatedDto,
  type PlayoutDto,
  type PlayoutItemPageDto,
  type PreviewDto,
} from "../../views/playout-view";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";


@Route("api/v1/playouts")
@Tags("Playouts")
export class PlayoutController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every playout with its kind, channel and last build.
   * @summary List playouts
   */
  @Get()
  public async listPlayouts(): Promise<PlayoutDto[]> {
    return (await this.context.services.playouts.list()).map(toPlayoutDto);
  }

  /**
   * One playout: its channel, kind, source (schedule, channel file, definition or templates) and last build status.
   * @isInt id
   * @summary Get a playout
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getPlayout(@Path() id: number): Promise<PlayoutDto> {
    return toPlayoutDto(await this.context.services.playouts.get(id));
  }

  /**
   * Creates a channel's playout (one per channel) and runs a Reset build. Sequential playouts take
   * exactly one of `scheduleFile` and `definition`, which must validate (422 lists every error).
   * @summary Create a playout
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  @Response<ProblemDetails>(413, "The definition is larger than 256 KiB, or the body larger than 1 MiB")
  public async createPlayout(@Body() body: PlayoutCreateInput): Promise<PlayoutCreatedDto> {
    const { playout, build } = await this.context.services.playouts.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/playouts/${playout.id}`);
    return { ...toPlayoutDto(playout), build: toBuildSummaryDto(build) };
  }

  /**
   * Replaces the definition (re-validated), then rebuilds.
   * @isInt id
   * @summary Replace a playout's definition
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  @Response<ProblemDetails>(413, "The definition is larger than 256 KiB, or the body larger than 1 MiB")
  public async updatePlayout(@Path() id: number, @Body() body: PlayoutUpdateInput): Promise<PlayoutCreatedDto> {
    const { playout, build } = await this.context.services.playouts.update(id, body);
    return { ...toPlayoutDto(playout), build: toBuildSummaryDto(build) };
  }

  /**
   * Deletes the playout and its built items; the channel stays and plays nothing until it gets another.
   * @isInt id
   * @summary Delete a playout
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  public async deletePlayout(@Path() id: number): Promise<void> {
    await this.context.services.playouts.delete(id);
    this.setStatus(204);
  }

  /**
   * The timeline between `from` and `to` (ISO 8601; default now and 24 hours later).
   * @isInt id
   * @isInt pageNumber
   * @isInt pageSize
   * @summary List a playout's items
   */
  @Get("{id}/items")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async listPlayoutItems(@Path() id: number, @Query() from?: string, @Query() to?: string, @Query() pageNumber?: number, @Query() pageSize?: number): Promise<PlayoutItemPageDto> {
    const start = from === undefined ? undefined : Date.parse(from);
    const end = to === undefined ? undefined : Date.parse(to);
    const page = await this.context.services.playouts.items(id, start, end, pageNumber ?? 0, pageSize ?? 100);
    return { pageNumber: pageNumber ?? 0, pageSize: pageSize ?? 100, totalCount: page.totalCount, items: page.items.map(toPlayoutItemDto) };
  }

  /**
   * The timeline a Reset build of this definition would produce, without saving anything.
   * @summary Preview a YAML playout
   */
  @Post("preview")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  @Response<ProblemDetails>(413, "The definition is larger than 256 KiB, or the body larger than 1 MiB")
  public async previewPlayout(@Body() body: PlayoutPreviewInput): Promise<PreviewDto> {
    const result = await this.context.services.playouts.preview(body);
    return { items: result.items.map(toPreviewItemDto), warnings: result.warnings };
  }
}
