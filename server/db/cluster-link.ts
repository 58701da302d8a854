import type { DatabaseConfig } from "../config/app-config";

/** The channel every node's writes are announced on (NOTIFY is delivered when the transaction commits). */
export const CHANGES_CHANNEL = "airwave_changes";
/** The advisory lock the leader holds: the node that runs background jobs (Continue builds, backups). */
export const LEADER_LOCK = 7231002;
const LEADER_POLL_MS = 5_000;

/**
 * What one node of several sharing a PostgreSQL database needs besides its pooled connections: one
 * dedicated connection that (1) listens for other nodes' writes, so caches keyed on the write version
 * drop at once, and (2) tries for the leader lock every few seconds. A session lock is freed when its
 * connection ends, so a node that dies (even by SIGKILL) hands leadership over within one poll.
 */
export class ClusterLink {
  private client: import("pg").Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private leader = false;
  private closed = false;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly onChange: () => void,
    private readonly onLeadership: (leader: boolean) => void,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  async start(): Promise<void> {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: this.config.url, ...(this.config.password ? { password: this.config.password } : {}), application_name: `airwave-link:${process.pid}` });
    client.on("notification", () => this.onChange());
    // A lost connection loses the lock too: stop claiming leadership at once.
    client.on("error", () => this.setLeader(false));
    client.on("end", () => this.setLeader(false));
    await client.connect();
    this.client = client;
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    await this.tryLead();
    this.timer = setInterval(() => void this.tryLead(), LEADER_POLL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.setLeader(false);
    await this.client?.end().catch(() => undefined);
  }

  private async tryLead(): Promise<void> {
    if (this.leader || this.closed || !this.client) return;
    try {
      const { rows } = await this.client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [LEADER_LOCK]);
      if (rows[0]?.locked) this.setLeader(true);
    } catch {
      this.setLeader(false);
    }
  }

  private setLeader(leader: boolean): void {
    if (this.leader === leader) return;
    this.leader = leader;
    this.onLeadership(leader);
  }
}
