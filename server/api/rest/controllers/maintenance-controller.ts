import type { Request as ExpressRequest } from "express";
import { Controller, Post, Route, Tags } from "tsoa";
import { useLegacyErrorMapping } from "../../../http/problem-details";
import type { RestContext } from "../rest-context";

/** Operational commands (action-style names, older status mapping: 200 on success, 400 on failure). */
@Route("api/v1/maintenance")
@Tags("Maintenance")
export class MaintenanceController extends Controller {
  constructor(
    private readonly context: RestContext,
    request: ExpressRequest,
  ) {
    super();
    useLegacyErrorMapping(request.res!);
  }

  /** Deletes trashed media items (files that disappeared from disk) for good. */
  @Post("empty_trash")
  public async emptyTrash(): Promise<{ deleted: number }> {
    return this.context.services.maintenance.emptyTrash();
  }

  /** Removes cached artwork that no media item references. */
  @Post("clean_artwork")
  public async cleanArtwork(): Promise<{ deleted: number }> {
    return this.context.services.maintenance.cleanArtwork();
  }
}
