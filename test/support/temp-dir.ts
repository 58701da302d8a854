import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/** A new folder under the system temp folder; the caller removes it (or use `useTempDir`). */
export function makeTempDir(prefix = "airwave-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
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
