import { Readable } from "node:stream";
import { Body, Controller, Delete, Get, Path, Post, Produces, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { toWatermarkDto, type WatermarkDto, type WatermarkRequest } from "../dto/watermark-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/watermarks")
@Tags("Watermarks")
export class WatermarkController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every watermark, by name.
   * @summary List watermarks
   */
  @Get()
  public async listWatermarks(): Promise<WatermarkDto[]> {
    return (await this.context.services.watermarks.list()).map(toWatermarkDto);
  }

  /**
   * Creates a watermark (an image or the channel logo laid over the picture).
   * @summary Create a watermark
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(413, "imageData is larger than 5 MiB decoded, or the body larger than 8 MiB")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createWatermark(@Body() body: WatermarkRequest): Promise<WatermarkDto> {
    const watermark = await this.context.services.watermarks.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/watermarks/${watermark.id}`);
    return toWatermarkDto(watermark);
  }

  /**
   * One watermark: its image source, position, size, margins, opacity, and when it shows (always, or every so many minutes for so long).
   * @isInt id
   * @summary Get a watermark
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getWatermark(@Path() id: number): Promise<WatermarkDto> {
    return toWatermarkDto(await this.context.services.watermarks.get(id));
  }

  /**
   * One 640×360 frame of a generated test pattern with the watermark drawn on it by FFmpeg, as PNG.
   * @isInt id
   * @summary Preview a watermark
   */
  @Get("{id}/preview")
  @Produces("image/png")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "The image cannot be drawn, or FFmpeg failed")
  public async previewWatermark(@Path() id: number): Promise<Readable> {
    const png = await this.context.services.watermarks.preview(id);
    this.setHeader("Content-Type", "image/png");
    this.setHeader("Cache-Control", "no-store");
    return Readable.from([png]);
  }

  /**
   * Replaces every field (absent ones take their defaults).
   * @isInt id
   * @summary Replace a watermark
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ProblemDetails>(413, "imageData is larger than 5 MiB decoded, or the body larger than 8 MiB")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateWatermark(@Path() id: number, @Body() body: WatermarkRequest): Promise<WatermarkDto> {
    return toWatermarkDto(await this.context.services.watermarks.update(id, body));
  }

  /**
   * Refused (422) while a channel or a schedule item uses the watermark.
   * @isInt id
   * @summary Delete a watermark
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteWatermark(@Path() id: number): Promise<void> {
    await this.context.services.watermarks.delete(id);
    this.setStatus(204);
  }
}
