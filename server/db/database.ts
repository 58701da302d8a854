import type { DataSource } from "typeorm";
import { openDatabase } from "./data-source";
import { createRepositories, type Repositories } from "./repositories";
import { WriteQueue } from "./write-queue";

/** The persistence boundary services use: reads, and writes that each run as one transaction. */
export class Database {
  private readonly queue = new WriteQueue();
  private readonly readRepositories: Repositories;
  private version = 0;

  private constructor(private readonly dataSource: DataSource) {
    this.readRepositories = createRepositories(dataSource.manager);
  }

  static async open(dataDir: string): Promise<Database> {
    return new Database(await openDatabase(dataDir));
  }

  /** Increases after every committed write; lets services cache read models safely. */
  get writeVersion(): number {
    return this.version;
  }

  async read<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    await this.queue.idle();
    return work(this.readRepositories);
  }

  /** Runs `work` in one transaction: all of it is committed, or (on any throw) none of it. */
  write<T>(work: (repositories: Repositories) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const result = await this.dataSource.transaction((manager) => work(createRepositories(manager)));
      this.version += 1;
      return result;
    });
  }

  /** Throws when the database cannot answer a query (readiness). */
  async ping(): Promise<void> {
    await this.queue.idle();
    if (!this.dataSource.isInitialized) throw new Error("the database is closed");
    await this.dataSource.query("SELECT 1");
  }

  async close(): Promise<void> {
    await this.queue.idle();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
