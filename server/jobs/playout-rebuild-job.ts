import type { Logger } from "../logging/logger";
import type { PlayoutService } from "../services/playout-service";

/**
 * Keeps every playout built `Playout:DaysToBuild` ahead: a Continue build of each at start-up and
 * then every `intervalMinutes` (0 turns the schedule off; start-up still runs).
 */
export class PlayoutRebuildJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly playouts: PlayoutService,
    private readonly intervalMinutes: number,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.running = this.runOnce();
    if (this.intervalMinutes > 0) {
      this.timer = setInterval(() => {
        this.running ??= this.runOnce();
      }, this.intervalMinutes * 60_000);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async runOnce(): Promise<void> {
    try {
      for (const result of await this.playouts.continueAll()) {
        if (!result.success) this.log.warn("playout build failed", { playoutId: result.playoutId, reason: result.message });
      }
    } catch (error) {
      this.log.error("playout builds could not run", { error });
    } finally {
      this.running = undefined;
    }
  }
}
