import type { Database } from "../db/database";

/** Whether the server can do its work (GET /health): kept to what every request needs; detailed checks live elsewhere. */
export class ReadinessService {
  constructor(private readonly db: Database) {}

  /**
   * undefined when ready, else one sentence saying why not. The answer is open to anyone, so the
   * database driver's text (host, user and database names) goes only to `logDetail` (the log).
   */
  async notReadyReason(stopping: boolean, logDetail: (detail: string) => void = () => undefined): Promise<string | undefined> {
    if (stopping) return "the server is stopping";
    try {
      await this.db.ping();
      return undefined;
    } catch (error) {
      logDetail(`the database does not answer: ${error instanceof Error ? error.message : String(error)}`);
      return "database not reachable";
    }
  }
}
