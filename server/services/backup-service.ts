import fs from "node:fs";
import path from "node:path";
import { SETTINGS_FILE } from "../config/load-config";
import { PRIVATE_FILE, PRIVATE_FOLDER, snapshotDatabase } from "../db/snapshot";
import { DomainError } from "../domain/domain-error";
import { NO_EVENT_LOG, type EventLog } from "../domain/event-log";

export const BACKUP_FOLDER = "backups";

export type BackupTrigger = "manual" | "scheduled";

export interface BackupInfo {
  /** The file name inside `<data>/backups/` (what `airwave restore` takes, with the folder). */
  name: string;
  createdAt: Date;
  sizeBytes: number;
  trigger: BackupTrigger;
}

/** airwave-20261125-190503-manual.sqlite3 (UTC), with -2, -3… when two land in one second. */
const NAME = /^airwave-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?-(manual|scheduled)\.sqlite3$/;

const pad = (n: number) => String(n).padStart(2, "0");

function stamp(at: Date): string {
  return `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;
}

export interface BackupSettings {
  readonly intervalHours: number;
  readonly keep: number;
}

/**
 * Consistent snapshots of the database (with settings.json stored inside) in `<data>/backups/`;
 * after each one only the newest `keep` backups stay.
 */
export class BackupService {
  private running: Promise<BackupInfo> | undefined;

  constructor(
    private readonly dataDir: string,
    private readonly settings: BackupSettings,
    private readonly clock: () => number = Date.now,
    private readonly database: "sqlite" | "postgres" = "sqlite",
    /** Backups made, pruned and failed. */
    private readonly events: EventLog = NO_EVENT_LOG,
  ) {}

  get folder(): string {
    return path.join(this.dataDir, BACKUP_FOLDER);
  }

  /** Takes a backup now; a request while one is being written waits for it and gets the same backup. */
  create(trigger: BackupTrigger = "manual"): Promise<BackupInfo> {
    if (this.database === "postgres") {
      return Promise.reject(DomainError.invalid("database", "Airwave backs up its SQLite database only; back up a PostgreSQL database with pg_dump"));
    }
    this.running ??= this.write(trigger)
      .then(
        (backup) => {
          this.events.info("backup made", { name: backup.name, trigger, sizeBytes: backup.sizeBytes });
          return backup;
        },
        (error: unknown) => {
          this.events.warn("backup failed", { trigger, folder: this.folder, error: error instanceof Error ? error.message : String(error) });
          throw error;
        },
      )
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  /** Every backup, newest first. */
  list(): BackupInfo[] {
    let names: string[];
    try {
      names = fs.readdirSync(this.folder);
    } catch {
      return [];
    }
    const backups: (BackupInfo & { sequence: number })[] = [];
    for (const name of names) {
      const match = NAME.exec(name);
      if (!match) continue;
      const [, y, mo, d, h, mi, s, sequence, trigger] = match;
      let sizeBytes: number;
      try {
        sizeBytes = fs.statSync(path.join(this.folder, name)).size;
      } catch {
        continue;
      }
      backups.push({ name, createdAt: new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s)), sizeBytes, trigger: trigger as BackupTrigger, sequence: Number(sequence ?? 1) });
    }
    backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.sequence - a.sequence);
    return backups.map(({ sequence: _sequence, ...backup }) => backup);
  }

  /**
   * Whether the schedule is due: on, and the interval has passed since the newest backup (of any kind)
   * or, when there is none, since `since` (the server's start: a fresh data folder holds nothing yet).
   */
  isDue(since: number): boolean {
    const hours = this.settings.intervalHours;
    if (hours <= 0) return false;
    const newest = this.list()[0]?.createdAt.getTime() ?? since;
    return this.clock() - newest >= hours * 3_600_000;
  }

  private async write(trigger: BackupTrigger): Promise<BackupInfo> {
    // Backups hold every secret (settings.json's keys, media-server credentials): the owner's only. A folder or
    // backup left readable by an earlier version is tightened too.
    fs.mkdirSync(this.folder, { recursive: true, mode: PRIVATE_FOLDER });
    fs.chmodSync(this.folder, PRIVATE_FOLDER);
    for (const old of this.list()) fs.chmodSync(path.join(this.folder, old.name), PRIVATE_FILE);
    const at = new Date(this.clock());
    let name = `airwave-${stamp(at)}-${trigger}.sqlite3`;
    for (let n = 2; fs.existsSync(path.join(this.folder, name)); n += 1) name = `airwave-${stamp(at)}-${n}-${trigger}.sqlite3`;
    const files: Record<string, string> = {};
    try {
      files[SETTINGS_FILE] = fs.readFileSync(path.join(this.dataDir, SETTINGS_FILE), "utf8");
    } catch {
      // No settings.json: defaults and the environment only.
    }
    const target = path.join(this.folder, name);
    await snapshotDatabase(this.dataDir, target, files);
    this.prune();
    return this.list().find((backup) => backup.name === name)!;
  }

  private prune(): void {
    const old = this.list().slice(this.settings.keep);
    for (const backup of old) fs.rmSync(path.join(this.folder, backup.name), { force: true });
    if (old.length) this.events.info("old backups pruned", { removed: old.map((b) => b.name).join(", "), kept: this.settings.keep });
  }
}
