/**
 * SQLite through the sqlite3 driver is one connection: two transactions must never interleave on it,
 * and a read must not see another request's uncommitted writes. Writes run one at a time; a read
 * waits for the write in progress (if any) to finish.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every write queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
