/**
 * Vitest global setup, run once in the main process before any test file.
 *
 * 1. Checks the machine's test prerequisites (support/prerequisites.ts) and stops the run at once
 *    with one message naming what is missing and the apt-get line, instead of hundreds of failures.
 * 2. Gives the run its own temp folder (TMPDIR, inherited by the test workers and every process they
 *    start) and, in teardown, fails the run naming whatever the tests left in it, then removes it.
 *    A folder of its own keeps other runs on the same machine out of the count.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { missingPrerequisites, prerequisitesMessage } from "./prerequisites";
import { leftoverReport } from "./temp-leftovers";

export default function setup(): () => void {
  const message = prerequisitesMessage(missingPrerequisites());
  if (message) {
    process.stderr.write(`\n${message}\n\n`);
    process.exit(1);
  }
  const previous = process.env.TMPDIR;
  const runTemp = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-test-run-"));
  process.env.TMPDIR = runTemp;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const report = leftoverReport(runTemp);
    fs.rmSync(runTemp, { recursive: true, force: true });
    if (report) throw new Error(report);
  };
}
