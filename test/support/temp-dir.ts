import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

const made = new Set<string>();

/**
 * A new folder under the system temp folder. The caller may remove it; whatever is left is removed
 * when the test file ends (removeTempDirs, called by support/file-setup.ts after every file).
 */
export function makeTempDir(prefix = "airwave-test-"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.add(dir);
  return dir;
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
