import type { Request as ExpressRequest } from "express";
import { Controller, Get, Post, Route, Tags } from "@tsoa/runtime";
import { useLegacyErrorMapping } from "../../../http/problem-details";
import type { BackupInfo } from "../../../services/backup-service";
import type { RestContext } from "../rest-context";

/** A database backup in `<data>/backups/`. */
export interface BackupDto {
  /** File name inside the backups folder; restore with `airwave restore <data>/backups/<name>` while the server is stopped. */
  name: string;
  createdAt: Date;
  sizeBytes: number;
  /** `manual` (taken on request) or `scheduled` (Backup:IntervalHours). */
  trigger: "manual" | "scheduled";
}

const toBackupDto = (backup: BackupInfo): BackupDto => ({ name: backup.name, createdAt: backup.createdAt, sizeBytes: backup.sizeBytes, trigger: backup.trigger });

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

  /**
   * Deletes trashed media items (files that disappeared from disk) for good.
   * @summary Empty the trash
   */
  @Post("empty_trash")
  public async emptyTrash(): Promise<{ deleted: number }> {
    return this.context.services.maintenance.emptyTrash();
  }

  /**
   * Removes cached artwork that no media item references.
   * @summary Clean unused artwork
   */
  @Post("clean_artwork")
  public async cleanArtwork(): Promise<{ deleted: number }> {
    return this.context.services.maintenance.cleanArtwork();
  }

  /**
   * Writes a consistent snapshot of the database, with settings.json inside it, to `<data>/backups/`, then keeps only the newest `Backup:Keep`.
   * @summary Take a backup now
   */
  @Post("backup")
  public async backup(): Promise<BackupDto> {
    return toBackupDto(await this.context.services.backups.create("manual"));
  }

  /**
   * The backups in `<data>/backups/`, newest first.
   * @summary List backups
   */
  @Get("backups")
  public async backups(): Promise<BackupDto[]> {
    return this.context.services.backups.list().map(toBackupDto);
  }
}
