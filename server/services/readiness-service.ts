import type { Database } from "../db/database";

/** Whether the server can do its work (GET /health): kept to what every request needs; detailed checks live elsewhere. */
export class ReadinessService {
  constructor(private readonly db: Database) {}

  /** undefined when ready, else one sentence saying why not. */
  async notReadyReason(stopping: boolean): Promise<string | undefined> {
    if (stopping) return "the server is stopping";
    try {
      await this.db.ping();
      return undefined;
    } catch (error) {
      return `the database does not answer: ${(error as Error).message}`;
    }
  }
}
