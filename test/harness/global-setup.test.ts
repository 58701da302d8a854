import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { missingPrerequisites, onPath, prerequisitesMessage, PREREQUISITES } from "../support/prerequisites";
import { makeTempDir, useTempDir } from "../support/temp-dir";
import { openRunTemp } from "../support/temp-leftovers";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");
const VITEST = path.join(ROOT, "node_modules/vitest/vitest.mjs");

/** Runs vitest in a child process; resolves with its exit code and output whatever the code. */
function runVitest(args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [VITEST, "run", ...args], { cwd, env: { ...env, NO_COLOR: "1" } }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** A PATH folder holding links to the given commands only. */
function pathWith(dir: string, commands: string[]): string {
  for (const command of commands) {
    const found = (process.env.PATH ?? "").split(path.delimiter).map((d) => path.join(d, command)).find((f) => fs.existsSync(f));
    if (!found) throw new Error(`${command} is not on this machine's PATH`);
    fs.symlinkSync(found, path.join(dir, command));
  }
  return dir;
}

describe("the test prerequisites check", () => {
  const bin = useTempDir("airwave-path-");

  it("passes on this machine (else the run would not have started)", () => {
    expect(missingPrerequisites(process.env)).toEqual([]);
    expect(prerequisitesMessage([])).toBeNull();
  });

  it("with a PATH lacking ffmpeg and ffprobe, names both and the one package to install", () => {
    const env = { ...process.env, PATH: pathWith(bin.path, ["xmllint", "hdhomerun_config", "mpv", "streamlink"]) };
    expect(onPath("xmllint", env)).toBe(true);
    expect(onPath("ffmpeg", env)).toBe(false);
    const missing = missingPrerequisites(env);
    expect(missing.map((p) => p.what)).toEqual(["ffmpeg", "ffprobe"]);
    expect(prerequisitesMessage(missing)).toBe(
      ["The tests cannot run: ffmpeg, ffprobe are missing.", "Install the package ffmpeg:", "  sudo apt-get install -y --no-install-recommends ffmpeg"].join("\n"),
    );
  });

  it("names every missing package once, Chromium by its configured path included", () => {
    const env = { PATH: "", AIRWAVE_CHROMIUM: path.join(bin.path, "no-chromium-here") };
    const missing = missingPrerequisites(env, PREREQUISITES.filter((p) => p.what !== `the XMLTV DTD (/usr/share/xmltv/xmltv.dtd)`));
    expect(missing.map((p) => p.what)).toEqual(["ffmpeg", "ffprobe", "xmllint", "Chromium", "hdhomerun_config", "mpv", "streamlink"]);
    expect(prerequisitesMessage(missing)).toContain("sudo apt-get install -y --no-install-recommends ffmpeg libxml2-utils chromium hdhomerun-config mpv streamlink");
  });

  it("stops a vitest run within seconds with that one message when ffmpeg is missing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-path-"));
    try {
      const env = { ...process.env, PATH: pathWith(dir, ["xmllint", "hdhomerun_config", "mpv", "streamlink"]) };
      const started = Date.now();
      // A small pure test file: if the check let the run through, it would run and pass.
      const outcome = await runVitest(["test/config/ffmpeg-binaries.test.ts"], env);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(prerequisitesMessage(missingPrerequisites(env))!);
      expect(outcome.stderr.match(/The tests cannot run/g)).toHaveLength(1);
      expect(outcome.stdout + outcome.stderr).not.toMatch(/Test Files/);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the temp folder check of the global teardown", () => {
  it("the test workers use the run's own temp folder", () => {
    expect(path.basename(os.tmpdir())).toMatch(/^airwave-test-run-/);
  });

  it("names what a test left behind, puts TMPDIR back and removes the folder", () => {
    const outer = process.env.TMPDIR;
    const runTemp = openRunTemp();
    expect(os.tmpdir()).toBe(runTemp.dir);
    fs.mkdirSync(path.join(runTemp.dir, "airwave-test-leaked", "cache"), { recursive: true });
    fs.writeFileSync(path.join(runTemp.dir, "airwave-test-leaked", "cache", "guide.xml"), "x");
    fs.writeFileSync(path.join(runTemp.dir, "stray.txt"), "x");
    const leaked = makeTempDir("airwave-test-made-");
    expect(runTemp.close()).toBe(
      [
        "The tests left 3 temporary entries behind (removed now; fix the test that made it):",
        `  airwave-test-leaked, holding ${path.join("cache", "guide.xml")}`,
        `  ${path.basename(leaked)} (made by test/harness/global-setup.test.ts › the temp folder check of the global teardown > names what a test left behind, puts TMPDIR back and removes the folder)`,
        "  stray.txt",
      ].join("\n"),
    );
    expect(process.env.TMPDIR).toBe(outer);
    expect(fs.existsSync(runTemp.dir)).toBe(false);
  });

  it("reports nothing when the tests cleaned up", () => {
    const runTemp = openRunTemp();
    fs.mkdirSync(path.join(runTemp.dir, "airwave-test-cleaned"));
    fs.rmdirSync(path.join(runTemp.dir, "airwave-test-cleaned"));
    expect(runTemp.close()).toBeNull();
    expect(fs.existsSync(runTemp.dir)).toBe(false);
  });

  it("fails a vitest run whose test leaves a folder behind, naming it", async () => {
    // A suite of its own (outside test/, so no other run collects it) with this repository's global setup.
    const dir = makeTempDir("airwave-leaky-suite-");
    fs.writeFileSync(path.join(dir, "vitest.config.mjs"), `export default { test: { globals: true, include: ["*.test.mjs"], globalSetup: [${JSON.stringify(path.join(ROOT, "test/support/global-setup.ts"))}] } };\n`);
    fs.writeFileSync(path.join(dir, "leaks.test.mjs"), `import fs from "node:fs"; import os from "node:os"; import path from "node:path";\nit("leaks", () => { fs.mkdtempSync(path.join(os.tmpdir(), "airwave-leaked-by-test-")); });\n`);
    const outcome = await runVitest([], process.env, dir);
    expect(outcome.stdout).toMatch(/1 passed/);
    expect(outcome.stderr).toMatch(/The tests left 1 temporary entry behind[^]*\n {2}airwave-leaked-by-test-\w+\n/);
    expect(outcome.code).toBe(1);
  });
});
