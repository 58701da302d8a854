import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where makeTempDir records which test made each folder (outside the run's temp folder, so not a leftover itself). */
export const TEMP_REGISTRY_ENV = "AIRWAVE_TEST_TEMP_REGISTRY";

/** Folder name → the test that made it, from the registry's `name<TAB>maker` lines. */
function makers(registry: string | undefined): Map<string, string> {
  const lines = registry && fs.existsSync(registry) ? fs.readFileSync(registry, "utf8").split("\n") : [];
  return new Map(lines.filter((l) => l.includes("\t")).map((l) => l.split("\t", 2) as [string, string]));
}

/** Up to five files under a leftover folder (what wrote them tells who left it), relative to it. */
function contents(dir: string): string[] {
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => !fs.statSync(path.join(dir, f)).isDirectory()).sort();
  return files.length > 5 ? [...files.slice(0, 5), `${files.length - 5} more`] : files;
}

/**
 * What the tests left in the run's temp folder, as one message naming each entry (and the test that
 * made it, when makeTempDir did), or null when it is empty. A test that makes a folder removes it
 * (makeTempDir's folders go when the file ends).
 */
export function leftoverReport(runTemp: string, registry?: string): string | null {
  const entries = fs.existsSync(runTemp) ? fs.readdirSync(runTemp).sort() : [];
  if (entries.length === 0) return null;
  const madeBy = makers(registry);
  const line = (e: string) => {
    const inside = contents(path.join(runTemp, e));
    return `  ${e}${madeBy.has(e) ? ` (made by ${madeBy.get(e)})` : ""}${inside.length ? `, holding ${inside.join(", ")}` : ""}`;
  };
  return [`The tests left ${entries.length} temporary ${entries.length === 1 ? "entry" : "entries"} behind (removed now; fix the test that made it):`, ...entries.map(line)].join("\n");
}

/**
 * A temp folder of the run's own, made the process's TMPDIR (children inherit it). `close` puts
 * TMPDIR back, removes the folder and returns the leftover report (null when it was empty).
 */
export function openRunTemp(): { dir: string; close(): string | null } {
  const previous = process.env.TMPDIR;
  const previousRegistry = process.env[TEMP_REGISTRY_ENV];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-test-run-"));
  const registry = `${dir}.made`;
  // mkdtemp makes it 0700; tests that run code as another user (`nobody`) must be able to pass through it, as through /tmp.
  fs.chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  process.env[TEMP_REGISTRY_ENV] = registry;
  return {
    dir,
    close: () => {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      if (previousRegistry === undefined) delete process.env[TEMP_REGISTRY_ENV];
      else process.env[TEMP_REGISTRY_ENV] = previousRegistry;
      const report = leftoverReport(dir, registry);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(registry, { force: true });
      return report;
    },
  };
}
