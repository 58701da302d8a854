import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Put, Response, Route, Tags } from "@tsoa/runtime";
import { settingsService, toSettingsDto, type SettingsDto } from "../../views/settings-view";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { baseUrlOf, presentedProof, type RestContext } from "../rest-context";

/** A value overrides the setting in settings.json, null removes the override, absent leaves it. */
export interface SettingsUpdateRequest {
  timeZone?: string | null;
  /** @isInt */
  playoutDaysToBuild?: number | null;
  /** @isInt */
  guideDaysToBuild?: number | null;
  /** @isInt */
  hdhomerunTunerCount?: number | null;
  /** @isInt */
  backupIntervalHours?: number | null;
  /** @isInt */
  backupKeep?: number | null;
  ffmpegPath?: string | null;
  ffprobePath?: string | null;
  /** Api:WriteKey (applies at once). Replacing or removing a key that is set needs it as X-Api-Key, or `currentPassword`. */
  writeKey?: string | null;
  /** JWT:IssuerSigningKey (applies after a restart). */
  iptvTokenKey?: string | null;
  /** Logging:Level (debug, info, warn, error; applies at once). */
  logLevel?: "debug" | "info" | "warn" | "error" | null;
  /** Logging:IptvAccessLog: log every /iptv/ request at debug level (applies at once). */
  iptvAccessLog?: boolean | null;
  /** The owner password, as proof for replacing or removing a write key that is set (instead of X-Api-Key); not stored. */
  currentPassword?: string;
}

@Route("api/v1/settings")
@Tags("Settings")
export class SettingsController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * The effective settings the UI edits; secrets only as whether they are set.
   * @summary Get the settings
   */
  @Get()
  @Response<ProblemDetails>(404, "Settings are not available")
  public async getSettings(): Promise<SettingsDto> {
    return toSettingsDto(settingsService(this.context.services).get(), baseUrlOf(this.request));
  }

  /**
   * Validates every given setting (all or nothing) with the rules of start-up configuration and saves it to settings.json.
   * @summary Change settings
   */
  @Put()
  @Response<ValidationProblemDetails>(422, "Validation failed")
  @Response<ValidationProblemDetails>(429, "Too many wrong passwords (currentPassword)")
  public async updateSettings(@Body() body: SettingsUpdateRequest): Promise<SettingsDto> {
    const { currentPassword, ...change } = body;
    const proof = { ...presentedProof(this.context, this.request), currentPassword };
    return toSettingsDto(await settingsService(this.context.services).update(change, proof), baseUrlOf(this.request));
  }
}
