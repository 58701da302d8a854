import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { TEMP_REGISTRY_ENV } from "./temp-leftovers";

const made = new Set<string>();

/**
 * A new folder under the system temp folder. The caller may remove it; whatever is left is removed
 * when the test file ends (removeTempDirs, called by support/file-setup.ts after every file).
 */
export function makeTempDir(prefix = "airwave-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  recordMaker(dir);
  return dir;
}

/** Tells the global teardown which test made the folder, so a leftover names its maker. */
function recordMaker(dir: string): void {
  const registry = process.env[TEMP_REGISTRY_ENV];
  if (!registry) return;
  const { testPath, currentTestName } = expect.getState();
  const file = testPath ? path.relative(process.cwd(), testPath) : "no test file";
  fs.appendFileSync(registry, `${path.basename(dir)}\t${file}${currentTestName ? ` › ${currentTestName}` : " (a hook or module code)"}\n`);
}

/** Removes every folder makeTempDir made in this test file. */
export function removeTempDirs(): void {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
  made.clear();
}

/** A temp folder made before the tests of the enclosing suite and removed after them. */
export function useTempDir(prefix = "airwave-test-"): { readonly path: string } {
  let dir: string | undefined;
  beforeAll(() => {
    dir = makeTempDir(prefix);
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    get path() {
      if (!dir) throw new Error("useTempDir: the folder is made in beforeAll; read .path inside a hook or a test");
      return dir;
    },
  };
}
