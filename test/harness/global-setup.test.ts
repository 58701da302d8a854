import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import setup from "../support/global-setup";
import { missingPrerequisites, onPath, prerequisitesMessage, PREREQUISITES } from "../support/prerequisites";
import { useTempDir } from "../support/temp-dir";

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, "../..");

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
    const env = { ...process.env, PATH: pathWith(bin.path, ["xmllint"]) };
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
    expect(missing.map((p) => p.what)).toEqual(["ffmpeg", "ffprobe", "xmllint", "Chromium"]);
    expect(prerequisitesMessage(missing)).toContain("sudo apt-get install -y --no-install-recommends ffmpeg libxml2-utils chromium");
  });

  it("stops a vitest run within seconds with that one message when ffmpeg is missing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-path-"));
    try {
      const env = { ...process.env, PATH: pathWith(dir, ["xmllint"]), NO_COLOR: "1" };
      const started = Date.now();
      // A small pure test file: if the check let the run through, it would run and pass.
      const outcome = await run(process.execPath, [path.join(ROOT, "node_modules/vitest/vitest.mjs"), "run", "test/config/ffmpeg-binaries.test.ts"], { cwd: ROOT, env }).then(
        (r) => ({ code: 0, stderr: r.stderr, stdout: r.stdout }),
        (e: { code: number; stderr: string; stdout: string }) => ({ code: e.code, stderr: e.stderr, stdout: e.stdout }),
      );
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

  it("fails the run naming what a test left behind, and removes it", () => {
    const outer = process.env.TMPDIR;
    const teardown = setup();
    const runTemp = os.tmpdir();
    expect(runTemp).not.toBe(outer ?? "/tmp");
    fs.mkdirSync(path.join(runTemp, "airwave-test-leaked"));
    fs.writeFileSync(path.join(runTemp, "stray.txt"), "x");
    expect(() => teardown()).toThrow(/left 2 temporary entries behind[^]*airwave-test-leaked[^]*stray\.txt/);
    expect(process.env.TMPDIR).toBe(outer);
    expect(fs.existsSync(runTemp)).toBe(false);
  });

  it("passes when the tests cleaned up", () => {
    const teardown = setup();
    const runTemp = os.tmpdir();
    fs.mkdirSync(path.join(runTemp, "airwave-test-cleaned"));
    fs.rmdirSync(path.join(runTemp, "airwave-test-cleaned"));
    expect(() => teardown()).not.toThrow();
    expect(fs.existsSync(runTemp)).toBe(false);
  });
});
