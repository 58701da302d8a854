import { Readable } from "node:stream";
import { Body, Controller, Get, Post, Produces, Query, Response, Route, Tags } from "@tsoa/runtime";
import type { ImportReport } from "../../../services/setup-transfer/setup-document";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

export interface SetupImportRequest {
  /** The YAML text of a setup export. */
  document: string;
  /**
   * Start every imported playout again from now (a Reset build) instead of continuing the timelines the document
   * carries (default false: each channel plays on as on the exporting server).
   */
  reset?: boolean;
}

/** The whole setup as one YAML document, and its import. */
@Route("api/v1")
@Tags("Setup")
export class SetupTransferController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * Channels, FFmpeg profiles, watermarks, collections (media by guid, else library and path), smart and multi
   * collections, filler presets, playlists, schedules, blocks, templates, playouts (with their seeds), each
   * playout's built timeline from now on with its builder state (`timelines`, media by identity), and the
   * portable settings, as YAML. No keys, tokens or machine paths of settings.
   * @summary Export the setup
   */
  @Get("export")
  @Produces("application/yaml")
  public async exportSetup(): Promise<Readable> {
    const text = await this.context.services.setupTransfer.exportYaml();
    this.setHeader("Content-Type", "application/yaml; charset=utf-8");
    this.setHeader("Content-Disposition", 'attachment; filename="airwave-setup.yaml"');
    return Readable.from([text]);
  }

  /**
   * Checks a setup export and reports what importing it would create, update or skip, which media it names that
   * this library does not have, and every problem with its path in the document. Nothing changes unless
   * `apply=true`; then everything is written in one transaction (422 with the problems when it cannot be),
   * settings are saved, and each imported playout continues the timeline the document carries (its items from
   * the export on and its builder state, media by identity) with a Continue build, or starts again with a Reset
   * build when `reset` is true, the document carries no timeline for it, or its timeline names media this library
   * lacks. `notices` lists what goes on differently without stopping the import: settings the environment decides,
   * files and library folders the document names that this machine lacks, how each timeline goes on.
   * @summary Import a setup
   * @param apply Write the setup (default: only report).
   */
  @Post("import")
  @Response<ValidationProblemDetails>(422, "The document cannot be applied")
  @Response<ProblemDetails>(413, "The body is larger than 1 MiB")
  public async importSetup(@Body() body: SetupImportRequest, @Query() apply?: boolean): Promise<ImportReport> {
    return this.context.services.setupTransfer.importYaml(body.document, { apply: apply === true, reset: body.reset === true });
  }
}
