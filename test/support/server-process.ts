import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { LEADER_LOCK } from "../../server/db/cluster-link";
import { postgresAll } from "./postgres-sql";
import { makeTempDir } from "./temp-dir";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");

/** A real Airwave process (`npm start`'s entry point, from dist/): a node a test can kill with SIGKILL. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  port: number;
  dataDir: string;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once the process has exited (killed or stopped). */
  exited: Promise<void>;
}

/**
 * Starts `dist/server/main.js` on loopback with its own data folder and waits for its "Airwave is
 * serving" line. `env` adds settings (`Database__Type`, `Server__Port` — 0, a free one, unless set, …);
 * nothing else of the test runner's environment reaches it. The caller ends it (`stopServerProcess`).
 */
export async function startServerProcess(env: Record<string, string>, dataDir = makeTempDir("airwave-node-")): Promise<ServerProcess> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1", HDHomeRun__UdpDiscovery: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "Airwave is serving" line within 30 s: ${output}`)), 30_000);
      child.stdout!.on("data", () => {
        const match = /Airwave is serving (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then(() => reject(new Error(`the server exited before it was ready: ${output}`)));
    });
    return { child, url, port: Number(new URL(url).port), dataDir, output: () => output, exited };
  } catch (error) {
    await stopServerProcess({ child, exited }, "SIGKILL");
    throw error;
  }
}

/** Sends `signal` (SIGTERM: a clean stop; SIGKILL: a crash) unless it has exited, and waits for the exit. */
export async function stopServerProcess(server: Pick<ServerProcess, "child" | "exited">, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** The OS process id of the node holding the leader lock of the PostgreSQL database at `url`, as PostgreSQL sees it (0 when none). */
export async function leaderPid(url: string): Promise<number> {
  // Advisory locks are per database: other tests' servers hold the same lock number in their own databases.
  const rows = await postgresAll<{ name: string }>(
    url,
    `SELECT a.application_name AS "name" FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.objid = ? AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    [LEADER_LOCK],
  );
  return rows.length ? Number(rows[0]!.name.split(":")[1]) : 0;
}
