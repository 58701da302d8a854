import type { Logger } from "../logging/logger";
import type { BackupService } from "../services/backup-service";

const CHECK_EVERY_MS = 10 * 60_000;

/**
 * Takes a scheduled backup when `Backup:IntervalHours` have passed since the newest one: with no backup yet, since
 * the server started; checked at start-up and every ten minutes, so a changed interval applies without a restart.
 */
export class BackupJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private startedAt = 0;

  constructor(
    private readonly backups: BackupService,
    private readonly log: Logger,
    private readonly clock: () => number = Date.now,
    private readonly checkEveryMs = CHECK_EVERY_MS,
  ) {}

  start(): void {
    this.startedAt = this.clock();
    this.check();
    this.timer = setInterval(() => this.check(), this.checkEveryMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private check(): void {
    if (this.running || !this.backups.isDue(this.startedAt)) return;
    this.running = this.backups
      .create("scheduled")
      // The backup service logs the backup (made, pruned) or its failure.
      .then(() => undefined)
      .catch(() => undefined)
      .finally(() => {
        this.running = undefined;
      });
  }
}
