/**
 * Vitest global setup, run once in the main process before any test file.
 *
 * 1. Checks the machine's test prerequisites (support/prerequisites.ts) and stops the run at once
 *    with one message naming what is missing and the apt-get line, instead of hundreds of failures.
 * 2. Gives the run its own temp folder (TMPDIR, inherited by the test workers and every process they
 *    start) and, in teardown, fails the run naming whatever the tests left in it, then removes it.
 *    A folder of its own keeps other runs on the same machine out of the count.
 * 3. Starts the PostgreSQL cluster the `postgres` project's tests make their databases in.
 */
import { startPostgresCluster } from "./postgres-cluster";
import { missingPrerequisites, prerequisitesMessage } from "./prerequisites";
import { openRunTemp } from "./temp-leftovers";

/** The part of vitest's TestProject this setup uses (vitest/node is an ES module; this file is compiled as CommonJS). */
interface SetupProject {
  name: string;
  provide(key: "postgresUrl", value: string): void;
}

/** Vitest runs this once for the root and once per project (sqlite, postgres): each part runs once. */
export default async function setup(project: SetupProject): Promise<() => void> {
  if (project.name === "postgres") {
    // Runs before the root's part sets the run's TMPDIR: the cluster's folder is outside the leftover check.
    const cluster = await startPostgresCluster();
    project.provide("postgresUrl", cluster.baseUrl);
    return () => cluster.stop();
  }
  if (project.name !== "") return () => undefined;
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
