import fs from "node:fs";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it returns a value other than undefined/false and returns that value, or
 * throws naming `what` once `timeoutMs` has passed. For waiting on something to happen; a test that
 * something did NOT happen waits for an event that proves the moment has passed instead.
 */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, what: string, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${options.timeoutMs ?? 10_000} ms waiting for ${what}`);
    await pause(options.intervalMs ?? 50);
  }
}

/** A file time long past, so a rewrite is seen in mtime at once, without waiting out the clock's resolution. */
const LONG_AGO = new Date("2001-01-01T00:00:00Z");

/** Sets the files' times to LONG_AGO and returns that mtime (ms): a later rewrite of any of them shows as a newer mtime. */
export function ageFiles(files: readonly string[]): number {
  for (const file of files) fs.utimesSync(file, LONG_AGO, LONG_AGO);
  return LONG_AGO.getTime();
}
