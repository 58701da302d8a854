import type { Logger } from "../logging/logger";
import type { PlayoutService } from "../services/playout-service";

/** Whether this node runs background jobs (one node of several sharing a PostgreSQL database does). */
export interface Leadership {
  readonly isLeader: boolean;
  onLeadershipChange(listener: (leader: boolean) => void): void;
}

const ALWAYS_LEADER: Leadership = { isLeader: true, onLeadershipChange: () => undefined };

/**
 * Keeps every playout built `Playout:DaysToBuild` ahead: a Continue build of each at start-up and
 * then every `intervalMinutes` (0 turns the schedule off; start-up still runs). With several nodes,
 * only the leader builds, and a node that becomes leader builds at once (the old leader may have died
 * before its next round).
 */
export class PlayoutRebuildJob {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly playouts: PlayoutService,
    private readonly intervalMinutes: number,
    private readonly log: Logger,
    private readonly leadership: Leadership = ALWAYS_LEADER,
  ) {}

  start(): void {
    this.leadership.onLeadershipChange((leader) => {
      if (!leader) return;
      this.log.info("this node now runs the background jobs");
      this.kick();
    });
    this.kick();
    if (this.intervalMinutes > 0) {
      this.timer = setInterval(() => this.kick(), this.intervalMinutes * 60_000);
      this.timer.unref();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private kick(): void {
    if (this.running || !this.leadership.isLeader) return;
    this.running = this.runOnce();
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
