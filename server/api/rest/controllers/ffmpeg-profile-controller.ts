import { Body, Controller, Delete, Get, Patch, Path, Post, Put, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import type { ProfileTrialResult } from "../../../domain/ffmpeg-info";
import type { FFmpegProfileInput } from "../../../services/ffmpeg-profile-input";
import { toFFmpegProfileDto, type FFmpegProfileCreateRequest, type FFmpegProfileDto } from "../dto/ffmpeg-profile-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/ffmpeg/profiles")
@Tags("FFmpeg profiles")
export class FFmpegProfileController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Every FFmpeg profile, by name.
   * @summary List FFmpeg profiles
   */
  @Get()
  public async listFFmpegProfiles(): Promise<FFmpegProfileDto[]> {
    return (await this.context.services.ffmpegProfiles.list()).map(toFFmpegProfileDto);
  }

  /**
   * One FFmpeg profile.
   * @isInt id
   * @summary Get an FFmpeg profile
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getFFmpegProfile(@Path() id: number): Promise<FFmpegProfileDto> {
    return toFFmpegProfileDto(await this.context.services.ffmpegProfiles.get(id));
  }

  /**
   * Creates a profile; omitted fields take their defaults.
   * @summary Create an FFmpeg profile
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createFFmpegProfile(@Body() body: FFmpegProfileCreateRequest): Promise<FFmpegProfileDto> {
    const view = await this.context.services.ffmpegProfiles.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/ffmpeg/profiles/${view.profile.id}`);
    return toFFmpegProfileDto(view);
  }

  /**
   * Replaces the profile: omitted fields return to their defaults.
   * @isInt id
   * @summary Replace an FFmpeg profile
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async replaceFFmpegProfile(@Path() id: number, @Body() body: FFmpegProfileCreateRequest): Promise<FFmpegProfileDto> {
    return toFFmpegProfileDto(await this.context.services.ffmpegProfiles.replace(id, body));
  }

  /**
   * Changes only the fields present in the body.
   * @isInt id
   * @summary Change an FFmpeg profile
   */
  @Patch("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(400, "Bad request")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateFFmpegProfile(@Path() id: number, @Body() body: FFmpegProfileInput): Promise<FFmpegProfileDto> {
    return toFFmpegProfileDto(await this.context.services.ffmpegProfiles.patch(id, body));
  }

  /**
   * A profile that channels use, or the default profile, cannot be deleted (422).
   * @isInt id
   * @summary Delete an FFmpeg profile
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async deleteFFmpegProfile(@Path() id: number): Promise<void> {
    await this.context.services.ffmpegProfiles.delete(id);
    this.setStatus(204);
  }

  /**
   * A copy of the profile named "<name> (copy)", to start a variant from.
   * @summary Duplicate an FFmpeg profile
   */
  @Post("{id}/duplicate")
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(404, "Resource not found")
  public async duplicateFFmpegProfile(@Path() id: number): Promise<FFmpegProfileDto> {
    this.setStatus(201);
    return toFFmpegProfileDto(await this.context.services.ffmpegProfiles.duplicate(id));
  }

  /**
   * Encodes 5 s of a generated test pattern with the profile (as fast as it can) and reports the speed
   * (media time per wall-clock time; above 1 keeps up with live), the encoder used and any FFmpeg error.
   * @summary Test an FFmpeg profile
   */
  @Post("{id}/test")
  @Response<ProblemDetails>(404, "Resource not found")
  public async testFFmpegProfile(@Path() id: number): Promise<ProfileTrialResult> {
    return this.context.services.ffmpegProfiles.tryOut(id);
  }
}
