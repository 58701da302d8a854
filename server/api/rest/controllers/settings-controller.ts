import type { Request as ExpressRequest } from "express";
import { Body, Controller, Get, Put, Response, Route, Tags } from "tsoa";
import { DomainError } from "../../../services/domain-error";
import type { SettingsService } from "../../../services/settings-service";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import { baseUrlOf, type RestContext } from "../rest-context";

/** The effective settings; secrets appear only as whether they are set. */
export interface SettingsDto {
  timeZone: string;
  /** @isInt */
  playoutDaysToBuild: number;
  /** @isInt */
  guideDaysToBuild: number;
  /** @isInt */
  hdhomerunTunerCount: number;
  ffmpegPath: string | null;
  ffprobePath: string | null;
  writeKeySet: boolean;
  iptvTokenKeySet: boolean;
  /** The server accepts connections from other machines, not only loopback. */
  listeningBeyondLoopback: boolean;
  /** Saved changes take effect only after a restart. */
  restartRequired: boolean;
  /** Setting keys fixed by environment variables (they win over settings.json). */
  environmentOverrides: string[];
  m3uUrl: string;
  xmltvUrl: string;
  hdhomerunUrl: string;
}

/** A value overrides the setting in settings.json, null removes the override, absent leaves it. */
export interface SettingsUpdateRequest {
  timeZone?: string | null;
  /** @isInt */
  playoutDaysToBuild?: number | null;
  /** @isInt */
  guideDaysToBuild?: number | null;
  /** @isInt */
  hdhomerunTunerCount?: number | null;
  ffmpegPath?: string | null;
  ffprobePath?: string | null;
  /** Api:WriteKey (applies after a restart). */
  writeKey?: string | null;
  /** JWT:IssuerSigningKey (applies after a restart). */
  iptvTokenKey?: string | null;
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
    return this.dto(this.service().get());
  }

  /**
   * Validates every given setting (all or nothing) with the rules of start-up configuration and saves it to settings.json.
   * @summary Change settings
   */
  @Put()
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateSettings(@Body() body: SettingsUpdateRequest): Promise<SettingsDto> {
    return this.dto(this.service().update(body));
  }

  private service(): SettingsService {
    if (!this.context.services.settings) throw new DomainError("NotFound", "settings are not available on this server");
    return this.context.services.settings;
  }

  private dto(view: ReturnType<SettingsService["get"]>): SettingsDto {
    const base = baseUrlOf(this.request);
    return { ...view, m3uUrl: `${base}/iptv/channels.m3u`, xmltvUrl: `${base}/iptv/xmltv.xml`, hdhomerunUrl: base };
  }
}
