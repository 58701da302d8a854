import type { Request as ExpressRequest } from "express";
import { Body, Controller, Delete, Get, Patch, Path, Post, Put, Query, Response, Route, SuccessResponse, Tags } from "@tsoa/runtime";
import { useLegacyErrorMapping } from "../../../http/problem-details";
import {
  toLibraryDto,
  toScanStatusDto,
  type LibraryCreateRequest,
  type LibraryDto,
  type LibraryPathRequest,
  type LibraryUpdateRequest,
  type ScanQueuedDto,
} from "../dto/library-dto";
import type { ProblemDetails, ValidationProblemDetails } from "../dto/problem-dto";
import type { RestContext } from "../rest-context";

@Route("api/v1/libraries")
@Tags("Libraries")
export class LibraryController extends Controller {
  constructor(
    private readonly context: RestContext,
    private readonly request: ExpressRequest,
  ) {
    super();
  }

  /**
   * Every library with its paths and last scan.
   * @summary List libraries
   */
  @Get()
  public async listLibraries(): Promise<LibraryDto[]> {
    return (await this.context.services.libraries.list()).map(toLibraryDto);
  }

  /**
   * One library with its folders and the state of a scan running on it.
   * @isInt id
   * @summary Get a library
   */
  @Get("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  public async getLibrary(@Path() id: number): Promise<LibraryDto> {
    return toLibraryDto(await this.context.services.libraries.get(id));
  }

  /**
   * Paths must be absolute, readable folders that no other library path overlaps.
   * @summary Create a library
   */
  @Post()
  @SuccessResponse(201, "Created")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async createLibrary(@Body() body: LibraryCreateRequest): Promise<LibraryDto> {
    const view = await this.context.services.libraries.create(body);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/libraries/${view.library.id}`);
    return toLibraryDto(view);
  }

  /**
   * Renames the library and, when `paths` is given, replaces its paths (items under removed paths are deleted).
   * @isInt id
   * @summary Replace a library
   */
  @Put("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async replaceLibrary(@Path() id: number, @Body() body: LibraryCreateRequest): Promise<LibraryDto> {
    return toLibraryDto(await this.context.services.libraries.update(id, body));
  }

  /**
   * Renames the library or replaces its folders; its kind never changes, and folders cannot change while it is being scanned (422).
   * @isInt id
   * @summary Change a library
   */
  @Patch("{id}")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async updateLibrary(@Path() id: number, @Body() body: LibraryUpdateRequest): Promise<LibraryDto> {
    return toLibraryDto(await this.context.services.libraries.update(id, body));
  }

  /**
   * Deletes the library with all its items.
   * @isInt id
   * @summary Delete a library
   */
  @Delete("{id}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  public async deleteLibrary(@Path() id: number): Promise<void> {
    await this.context.services.libraries.delete(id);
    this.setStatus(204);
  }

  /**
   * Adds a folder to the library (it must exist, be readable and not overlap another library's folder); scan the library to read it.
   * @isInt id
   * @summary Add a folder to a library
   */
  @Post("{id}/paths")
  @SuccessResponse(201, "Created")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(422, "Validation failed")
  public async addLibraryPath(@Path() id: number, @Body() body: LibraryPathRequest): Promise<LibraryDto> {
    const view = await this.context.services.libraries.addPath(id, body.path);
    this.setStatus(201);
    this.setHeader("Location", `/api/v1/libraries/${id}`);
    return toLibraryDto(view);
  }

  /**
   * Removes a folder from the library; refused (422) while the library is being scanned.
   * @isInt id
   * @isInt pathId
   * @summary Remove a folder from a library
   */
  @Delete("{id}/paths/{pathId}")
  @SuccessResponse(204, "Deleted")
  @Response<ProblemDetails>(404, "Resource not found")
  public async removeLibraryPath(@Path() id: number, @Path() pathId: number): Promise<void> {
    await this.context.services.libraries.removePath(id, pathId);
    this.setStatus(204);
  }

  /**
   * Operational command: queues a scan of the library (joins the running one if any). 200 when queued,
   * 404 for an unknown library, 400 when the scan cannot start.
   * @isInt id
   * @param force re-probe every file, changed or not
   * @summary Scan a library
   */
  @Post("{id}/scan")
  @SuccessResponse(200, "Queued")
  @Response<ProblemDetails>(404, "Resource not found")
  @Response<ValidationProblemDetails>(400, "Bad request")
  public async scanLibrary(@Path() id: number, @Query() force?: boolean): Promise<ScanQueuedDto> {
    useLegacyErrorMapping(this.request.res!);
    const { status, coalesced } = await this.context.services.libraries.scan(id, force ?? false);
    return { started: !coalesced, scan: toScanStatusDto(status) };
  }
}
