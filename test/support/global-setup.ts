/**
 * Vitest global setup, run once in the main process before any test file.
 *
 * 1. Checks the machine's test prerequisites (support/prerequisites.ts) and stops the run at once
 *    with one message naming what is missing and the apt-get line, instead of hundreds of failures.
 * 2. Gives the run its own temp folder (TMPDIR, inherited by the test workers and every process they
 *    start) and, in teardown, fails the run naming whatever the tests left in it, then removes it.
 *    A folder of its own keeps other runs on the same machine out of the count.
 */
import { missingPrerequisites, prerequisitesMessage } from "./prerequisites";
import { openRunTemp } from "./temp-leftovers";

export default function setup(): () => void {
  const message = prerequisitesMessage(missingPrerequisites());
  if (message) {
    process.stderr.write(`\n${message}\n\n`);
    process.exit(1);
  }
  const runTemp = openRunTemp();
  return () => {
    const report = runTemp.close();
    if (report) {
      // Vitest only logs an error thrown here; the exit code is what fails the run.
      process.stderr.write(`\n${report}\n\n`);
      process.exitCode = 1;
    }
  };
}
