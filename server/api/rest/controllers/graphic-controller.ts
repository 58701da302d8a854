import { Readable } from "node:stream";
import { Body, Controller, Delete, Get, Path, Post, Produces, Put, Query, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { toGraphicDto, type GraphicDto, type GraphicRequest } from "../dto/graphic-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/graphics")
@Tags("Graphics")
export class GraphicController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every graphics element, by name.
   * @summary List graphics elements
   */
  @Get()
  public async listGraphics(): Promise<GraphicDto[]> {
    return (await this.context.services.graphics.list()).map(toGraphicDto);
  }

  /**
   * Creates a graphics element: `Text` (a template with placeholders), `Image`, `NowNext` (what is on and
   * what comes next, with its start time) or `Clock` (the channel's local time), drawn into the picture of
   * the channels that list it in `graphicsIds` (and of schedule and block items that add it), by the
   * channel's one FFmpeg. Placeholders of `text`: `{{title}}`, `{{showTitle}}`, `{{season}}`, `{{episode}}`,
   * `{{year}}`, `{{artist}}`, `{{album}}`, `{{channelName}}`, `{{channelNumber}}`, `{{start}}`, `{{end}}`,
   * `{{next.title}}`, `{{next.showTitle}}`, `{{next.start}}`, `{{time}}`; missing values render as nothing.
   * Text is drawn with DejaVu Sans (Latin, Greek, Cyrillic; characters it lacks, such as Chinese or
   * Japanese, are drawn as empty boxes). Example: `{"name":"Now on","kind":"Text","text":"Now: {{title}}","position":"BottomLeft","show":"Always"}`.
   * @summary Create a graphics element
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(413, "imageData is larger than 5 MiB decoded, or the body larger than 8 MiB")
  @Response<ValidationProblemDetails>(422, "Validation failed: the field is named (an unknown placeholder in text, a bad position, seconds out of range, an image of another type…)")
  public async createGraphic(@Body() body: GraphicRequest): Promise<GraphicDto> {
    const graphic = await this.context.services.graphics.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/graphics/${graphic.id}`);
    return toGraphicDto(graphic);
  }

  /**
   * One graphics element.
   * @isInt id
   * @summary Get a graphics element
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getGraphic(@Path() id: number): Promise<GraphicDto> {
    return toGraphicDto(await this.context.services.graphics.get(id));
  }

  /**
   * One 640×360 frame of a generated test pattern with the element drawn on it by FFmpeg, as PNG, shown
   * whatever its timing: filled in from channel `channel`'s programme on air and the next one, or from
   * sample titles without a channel.
   * @isInt id
   * @param channel A channel number (e.g. `1` or `4.1`).
   * @summary Preview a graphics element
   */
  @Get("{id}/preview")
  @Produces("image/png")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "No such channel, the image cannot be drawn, or FFmpeg failed")
  public async previewGraphic(@Path() id: number, @Query() channel?: string): Promise<Readable> {
    const png = await this.context.services.graphics.preview(id, channel);
    this.setHeader("Content-Type", "image/png");
    this.setHeader("Cache-Control", "no-store");
    return Readable.from([png]);
  }

  /**
   * Replaces every field (absent ones take their defaults).
   * @isInt id
   * @summary Replace a graphics element
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ProblemDetails>(413, "imageData is larger than 5 MiB decoded, or the body larger than 8 MiB")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateGraphic(@Path() id: number, @Body() body: GraphicRequest): Promise<GraphicDto> {
    return toGraphicDto(await this.context.services.graphics.update(id, body));
  }

  /**
   * Refused (422, naming them) while channels, schedule items or block items use the element.
   * @isInt id
   * @summary Delete a graphics element
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteGraphic(@Path() id: number): Promise<void> {
    await this.context.services.graphics.delete(id);
    this.setStatus(204);
  }
}
