/**
 * Recent results by key, a few at a time (oldest dropped first). A result is shared while it is being
 * computed; one that fails is forgotten so the next call tries again. Callers must not modify results.
 */
export class ContentCache<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly size = 16) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    let result = this.entries.get(key);
    if (!result) {
      result = compute();
      result.catch(() => this.entries.delete(key));
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, result);
    }
    return result;
  }
}
