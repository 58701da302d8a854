import type { DatabaseConfig } from "../config/app-config";

/** The channel every node's writes are announced on (NOTIFY is delivered when the transaction commits). */
export const CHANGES_CHANNEL = "airwave_changes";
/** The advisory lock the leader holds: the node that runs background jobs (Continue builds, backups). */
export const LEADER_LOCK = 7231002;
const LEADER_POLL_MS = 5_000;
/** Pauses between reconnection attempts: doubling from the first to the last, then the last again. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

type PgClient = import("pg").Client;

/**
 * What one node of several sharing a PostgreSQL database needs besides its pooled connections: one
 * dedicated connection that (1) listens for other nodes' writes, so caches keyed on the write version
 * drop at once, and (2) tries for the leader lock every few seconds. A session lock is freed when its
 * connection ends, so a node that dies (even by SIGKILL) hands leadership over within one poll.
 *
 * The connection comes back by itself: when it ends (PostgreSQL restarted, the network dropped) the node
 * stops leading at once, reconnects with back-off (0.25 s doubling to 10 s), listens again, counts the
 * reconnection as a change (notifications sent meanwhile are lost, so every cache is refreshed) and takes
 * part in the leader election again.
 */
export class ClusterLink {
  private client: PgClient | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private reconnectDelay = RECONNECT_FIRST_MS;
  private leader = false;
  private closed = false;

  constructor(
    private readonly config: DatabaseConfig,
    private readonly onChange: () => void,
    private readonly onLeadership: (leader: boolean) => void,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  get isLeader(): boolean {
    return this.leader;
  }

  /** Connects the first time (a failure here fails the start), then keeps the link up until `close`. */
  async start(): Promise<void> {
    this.client = await this.connect();
    await this.tryLead();
    this.timer = setInterval(() => void this.tryLead(), LEADER_POLL_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.setLeader(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<PgClient> {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: this.config.url, ...(this.config.password ? { password: this.config.password } : {}), application_name: `airwave-link:${process.pid}`, keepAlive: true });
    client.on("notification", () => this.onChange());
    // A lost connection loses the lock too: stop claiming leadership at once, then come back.
    client.on("error", () => this.lost(client));
    client.on("end", () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners("end");
      client.on("error", () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }

  private lost(client: PgClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.setLeader(false);
    client.on("error", () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.log(`the PostgreSQL cluster link was lost; reconnecting (leadership and change notifications resume when it is back)`);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => void this.reconnect(), delay);
    this.reconnectTimer.unref();
  }

  private async reconnect(): Promise<void> {
    this.reconnectTimer = undefined;
    if (this.closed) return;
    let client: PgClient;
    try {
      client = await this.connect();
    } catch {
      return this.scheduleReconnect();
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelay = RECONNECT_FIRST_MS;
    this.log("the PostgreSQL cluster link is back");
    // Writes made while the link was down were announced to no one here: refresh every cache now.
    this.onChange();
    await this.tryLead();
  }

  private async tryLead(): Promise<void> {
    const client = this.client;
    if (this.leader || this.closed || !client) return;
    try {
      const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [LEADER_LOCK]);
      if (rows[0]?.locked && this.client === client) this.setLeader(true);
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
