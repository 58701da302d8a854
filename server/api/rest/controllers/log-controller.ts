import fs from "node:fs";
import type { Readable } from "node:stream";
import { Controller, Get, Path, Produces, Query, Response, Route, Tags } from "@tsoa/runtime";
import type { LogLine } from "../../../domain/log-line";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

/** The server log (keys and tokens are taken out before a line is kept). */
@Route("api/v1/logs")
@Tags("Logs")
export class LogController extends Controller {
  constructor(private readonly context: RestContext) {
    super();
  }

  /**
   * The newest lines of this run, newest first.
   * @param level The lowest level shown: debug, info, warn or error.
   * @param text Only lines containing this text (ignoring case).
   * @param after Only lines after this sequence number (to follow new lines).
   * @param limit At most this many lines (1–2000, default 500).
   * @isInt after
   * @isInt limit
   * @summary List log lines
   */
  @Get()
  @Response<ValidationProblemDetails>(422, "Unknown level or a limit out of range")
  public async listLogLines(@Query() level?: string, @Query() text?: string, @Query() after?: number, @Query() limit?: number): Promise<LogLine[]> {
    return this.context.services.logs.list({ level, text, after, limit });
  }

  /**
   * The log file of this run (`current`) or of the previous one (`previous`), as text.
   * @param which current or previous
   * @summary Download a log file
   */
  @Get("files/{which}")
  @Produces("text/plain")
  @Response<ProblemDetails>(404, "No such log file (yet)")
  public async downloadLogFile(@Path() which: string): Promise<Readable> {
    const file = this.context.services.logs.file(which);
    this.setHeader("Content-Type", "text/plain; charset=utf-8");
    this.setHeader("Content-Disposition", `attachment; filename="airwave-${which}.log"`);
    return fs.createReadStream(file);
  }
}
