import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * What the tests left in the run's temp folder, as one message naming each entry, or null when it
 * is empty. A test that makes a folder removes it (makeTempDir's folders go when the file ends).
 */
export function leftoverReport(runTemp: string): string | null {
  const entries = fs.existsSync(runTemp) ? fs.readdirSync(runTemp).sort() : [];
  if (entries.length === 0) return null;
  return [`The tests left ${entries.length} temporary ${entries.length === 1 ? "entry" : "entries"} behind (removed now; fix the test that made it):`, ...entries.map((e) => `  ${e}`)].join("\n");
}

/**
 * A temp folder of the run's own, made the process's TMPDIR (children inherit it). `close` puts
 * TMPDIR back, removes the folder and returns the leftover report (null when it was empty).
 */
export function openRunTemp(): { dir: string; close(): string | null } {
  const previous = process.env.TMPDIR;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-test-run-"));
  // mkdtemp makes it 0700; tests that run code as another user (`nobody`) must be able to pass through it, as through /tmp.
  fs.chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return {
    dir,
    close: () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      const report = leftoverReport(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      return report;
    },
  };
}
