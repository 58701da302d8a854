import { Body, Controller, Delete, Get, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { toFillerPresetDto, type FillerPresetDto, type FillerPresetRequest } from "../dto/filler-preset-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/filler/presets")
@Tags("Filler presets")
export class FillerPresetController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every filler preset, by name.
   * @summary List filler presets
   */
  @Get()
  public async listFillerPresets(): Promise<FillerPresetDto[]> {
    return (await this.context.services.fillerPresets.list()).map(toFillerPresetDto);
  }

  /**
   * Creates a preset; its body is shaped by fillerKind and fillerMode (a field another mode uses is 422).
   * @summary Create a filler preset
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createFillerPreset(@Body() body: FillerPresetRequest): Promise<FillerPresetDto> {
    const preset = await this.context.services.fillerPresets.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/filler/presets/${preset.id}`);
    return toFillerPresetDto(preset);
  }

  /**
   * One filler preset: its kind, mode and the content it plays.
   * @isInt id
   * @summary Get a filler preset
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getFillerPreset(@Path() id: number): Promise<FillerPresetDto> {
    return toFillerPresetDto(await this.context.services.fillerPresets.get(id));
  }

  /**
   * Replaces every field; a preset in use must keep the kind its users need.
   * @isInt id
   * @summary Replace a filler preset
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateFillerPreset(@Path() id: number, @Body() body: FillerPresetRequest): Promise<FillerPresetDto> {
    return toFillerPresetDto(await this.context.services.fillerPresets.update(id, body));
  }

  /**
   * Refused (422) while a schedule item or a channel uses the preset.
   * @isInt id
   * @summary Delete a filler preset
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteFillerPreset(@Path() id: number): Promise<void> {
    await this.context.services.fillerPresets.delete(id);
    this.setStatus(204);
  }
}
