import type { DataSource, EntityManager } from "typeorm";
import type { DatabaseConfig } from "../config/app-config";
import { ClusterLink, CHANGES_CHANNEL } from "./cluster-link";
import { openDatabase } from "./data-source";
import { createRepositories, type Repositories } from "./repositories";
import { WriteQueue } from "./write-queue";

/**
 * PostgreSQL's answers to a transaction that lost a race, run again: serialization failure, deadlock,
 * and a unique violation (two requests taking the same next channel number at once; on the rerun the
 * domain rules see the other's row and answer with a validation error, never a 500).
 */
const RETRYABLE = new Set(["40001", "40P01", "23505"]);
const WRITE_ATTEMPTS = 8;

/** The persistence boundary services use: reads, and writes that each run as one transaction. */
export class Database {
  /** SQLite: one connection, writes one at a time. PostgreSQL takes concurrent transactions. */
  private readonly queue: WriteQueue | null;
  private readonly readRepositories: Repositories;
  private version = 0;
  private link: ClusterLink | undefined;
  private readonly leadershipListeners: Array<(leader: boolean) => void> = [];

  private constructor(private readonly dataSource: DataSource) {
    this.readRepositories = createRepositories(dataSource.manager);
    this.queue = dataSource.options.type === "postgres" ? null : new WriteQueue();
  }

  /**
   * Whether this node runs the background jobs. SQLite: always (one node). PostgreSQL: while it holds
   * the leader lock (see ClusterLink); another node takes over within seconds of its death.
   */
  get isLeader(): boolean {
    return this.link ? this.link.isLeader : true;
  }

  /** Calls `listener` whenever this node gains or loses leadership (PostgreSQL only; SQLite never changes). */
  onLeadershipChange(listener: (leader: boolean) => void): void {
    this.leadershipListeners.push(listener);
  }

  get kind(): "sqlite" | "postgres" {
    return this.queue ? "sqlite" : "postgres";
  }

  /** `log` hears what the cluster link does (PostgreSQL: lost, back). */
  static async open(dataDir: string, config: DatabaseConfig = { type: "sqlite" }, log?: (message: string) => void): Promise<Database> {
    const database = new Database(await openDatabase(dataDir, config));
    if (config.type === "postgres") {
      const link = new ClusterLink(
        config,
        () => (database.version += 1),
        (leader) => database.leadershipListeners.forEach((listener) => listener(leader)),
        log,
      );
      try {
        await link.start();
      } catch (error) {
        await database.close();
        throw error;
      }
      database.link = link;
    }
    return database;
  }

  /** Increases after every committed write (on PostgreSQL, any node's); lets services cache read models safely. */
  get writeVersion(): number {
    return this.version;
  }

  /** SQLite: no write begins while `work` runs (its queries see one committed state; see WriteQueue). */
  async read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    if (this.queue) return this.queue.read(() => work(this.readRepositories));
    return work(this.readRepositories);
  }

  /**
   * Runs `work` in one transaction: all of it is committed, or (on any throw) none of it. On
   * PostgreSQL a transaction that lost a race with another node's is run again, a few times at most.
   */
  write<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    const once = async () => {
      // SERIALIZABLE on PostgreSQL: a mutation's rules see what SQLite's one-writer-at-a-time gives them
      // (no other transaction's commit between its checks and its writes); a conflict is run again.
      const inTransaction = async (manager: EntityManager) => {
        const done = await work(createRepositories(manager));
        // Delivered to every node (this one too) when the transaction commits; dropped on rollback.
        if (!this.queue) await manager.query(`NOTIFY ${CHANGES_CHANNEL}`);
        return done;
      };
      const result = this.queue ? await this.dataSource.transaction(inTransaction) : await this.dataSource.transaction("SERIALIZABLE", inTransaction);
      this.version += 1;
      return result;
    };
    if (this.queue) return this.queue.run(once);
    return retrying(once);
  }

  /** Throws when the database cannot answer a query (readiness). */
  async ping(): Promise<void> {
    await this.queue?.idle();
    if (!this.dataSource.isInitialized) throw new Error("the database is closed");
    await this.dataSource.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.link?.close();
    await this.queue?.idle();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

async function retrying<T>(once: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (error) {
      const code = (error as { code?: unknown; driverError?: { code?: unknown } }).driverError?.code ?? (error as { code?: unknown }).code;
      if (attempt >= WRITE_ATTEMPTS || typeof code !== "string" || !RETRYABLE.has(code)) throw error;
      // Jittered, growing pauses keep the same writers from colliding again in lockstep.
      await new Promise((resolve) => setTimeout(resolve, (2 + Math.random() * 8) * attempt * attempt));
    }
  }
}
