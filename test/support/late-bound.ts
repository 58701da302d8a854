import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/**
 * Something the enclosing suite makes in a beforeAll hook registered here and disposes of in
 * afterAll (hooks registered later see it made and are undone first). Returns a getter that throws,
 * naming `what`, when used outside the hooks and tests.
 */
export function useSuiteResource<T>(what: string, make: () => Promise<T>, dispose: (made: T) => Promise<void>, options: { perTest?: boolean } = {}): () => T {
  let made: { value: T } | undefined;
  // perTest: made before and disposed of after each test of the suite instead (beforeEach/afterEach).
  (options.perTest ? beforeEach : beforeAll)(async () => {
    made = { value: await make() };
  });
  (options.perTest ? afterEach : afterAll)(async () => {
    const done = made;
    made = undefined;
    if (done) await dispose(done.value);
  });
  return () => {
    if (!made) throw new Error(`${what} starts in beforeAll; use it inside a hook or a test`);
    return made.value;
  };
}

/**
 * An object standing for one that is made later (in a beforeAll hook): every property read reaches
 * the object `current()` returns then, with methods bound to it. Lets fixtures be destructured at
 * the top of a file.
 */
export function lateBound<T extends object>(current: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => {
      const target = current();
      const value = Reflect.get(target, key);
      return typeof value === "function" ? value.bind(target) : value;
    },
    has: (_target, key) => Reflect.has(current(), key),
  });
}
