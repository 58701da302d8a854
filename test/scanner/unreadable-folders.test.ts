import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../support/temp-dir";

const DIST = path.resolve(__dirname, "../../dist/server");
// Root reads every folder whatever its mode, so as root the probe runs as `nobody`.
const AS_NOBODY = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

let root: string;
let modules: string;

beforeAll(() => {
  for (const file of ["scanner/folder-walker.js", "services/validation/library-folder.js"]) {
    if (!fs.existsSync(path.join(DIST, file))) throw new Error(`dist/server/${file} is missing: run \`npm run build\` (npm test does) first`);
  }
  root = makeTempDir("airwave-unreadable-");
  modules = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-unreadable-code-"));
  // Both modules use only Node built-ins; copied where `nobody` can read them wherever the repo lives.
  fs.copyFileSync(path.join(DIST, "scanner/folder-walker.js"), path.join(modules, "folder-walker.js"));
  fs.copyFileSync(path.join(DIST, "services/validation/library-folder.js"), path.join(modules, "library-folder.js"));
  fs.mkdirSync(path.join(root, "library", "open"), { recursive: true });
  fs.mkdirSync(path.join(root, "library", "locked", "inside"), { recursive: true });
  fs.writeFileSync(path.join(root, "library", "open", "a.mkv"), "x");
  fs.writeFileSync(path.join(root, "library", "locked", "inside", "b.mkv"), "x");
  fs.chmodSync(path.join(root, "library", "locked"), 0o000);
  for (const dir of [root, modules]) fs.chmodSync(dir, 0o755);
});
afterAll(() => {
  fs.chmodSync(path.join(root, "library", "locked"), 0o755);
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(modules, { recursive: true, force: true });
});

function runProbe(script: string): any {
  const result = spawnSync(process.execPath, ["-e", script], { cwd: modules, encoding: "utf8", timeout: 20_000, ...AS_NOBODY });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

describe("unreadable folders", () => {
  it("the walk skips an unreadable folder with its reason and keeps going", () => {
    const rules = "{ ignoreFolder: () => false, ignoreFile: () => false, ignoreMarkers: [] }";
    const walk = runProbe(`require("./folder-walker.js").walkFolder(${JSON.stringify(path.join(root, "library"))}, ${rules}).then((r) => console.log(JSON.stringify(r)))`);
    expect(walk.skipped).toEqual([{ path: path.join(root, "library", "locked"), reason: "permission denied" }]);
    expect(walk.folders.flatMap((f: { files: string[] }) => f.files)).toEqual([path.join(root, "library", "open", "a.mkv")]);
  });

  it("an unreadable folder is refused as a library path with a clear message", () => {
    const check = runProbe(`require("./library-folder.js").checkLibraryFolder(${JSON.stringify(path.join(root, "library", "locked"))}).then((r) => console.log(JSON.stringify(r)))`);
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(/not readable|not accessible/);
  });
});
