import { AsyncLocalStorage } from "node:async_hooks";

/**
 * SQLite through the sqlite3 driver is one connection: two transactions must never interleave on it, and
 * a read must not see another request's uncommitted writes. A read is often several queries (a stream plan
 * reads the channel, then the items around a time): a transaction that began between two of them would
 * show the later ones its uncommitted rows (a Continue build's deleted items looked like a gap in the
 * schedule). So writes run one at a time, each after the reads in progress have finished, and a read waits
 * for the writes queued before it. Reads run side by side. A read that waits for something which itself
 * waits for a write (a shared promise begun elsewhere) would hold that write for ever: a write waits for the
 * reads in progress at most `maxWaitMs`, then runs, as before this lock.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private readonly readers = new Set<symbol>();
  private readonly waiting: Array<() => void> = [];
  /** The read a piece of code runs inside: its nested reads need not wait, and its writes do not wait for it. */
  private readonly scope = new AsyncLocalStorage<symbol>();

  constructor(private readonly maxWaitMs = 2000) {}

  run<T>(task: () => Promise<T>): Promise<T> {
    const within = this.scope.getStore();
    const start = async () => {
      await this.readsFinished(within);
      return task();
    };
    const result = this.tail.then(start, start);
    this.tail = result.catch(() => undefined);
    return result;
  }

  async read<T>(work: () => Promise<T>): Promise<T> {
    if (this.scope.getStore()) return work();
    await this.idle();
    const token = Symbol("read");
    this.readers.add(token);
    try {
      return await this.scope.run(token, work);
    } finally {
      this.readers.delete(token);
      for (const wake of this.waiting.splice(0)) wake();
    }
  }

  /** Resolves once every write queued so far has settled. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }

  /**
   * Resolves when no read is in progress but `own` (a write started inside a read waits for the others only),
   * or after `maxWaitMs`.
   */
  private async readsFinished(own: symbol | undefined): Promise<void> {
    const others = () => [...this.readers].some((r) => r !== own);
    if (!others()) return;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      for (const wake of this.waiting.splice(0)) wake();
    }, this.maxWaitMs);
    while (!timedOut && others()) await new Promise<void>((wake) => this.waiting.push(wake));
    clearTimeout(timer);
  }
}
