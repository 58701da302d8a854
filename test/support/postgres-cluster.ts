import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL cluster for tests: `initdb` into a temp folder, `pg_ctl` on a free loopback port,
 * trust authentication for one superuser. PostgreSQL refuses to run as root, so when the tests run as root
 * (CI containers) the cluster runs as the `postgres` system user the Debian package creates.
 */
export interface PostgresCluster {
  readonly port: number;
  readonly user: string;
  /** `postgres://user@127.0.0.1:port`: append `/database`. */
  readonly baseUrl: string;
  createDatabase(name: string): void;
  dropDatabase(name: string): void;
  /** `pg_ctl restart` (fast: every session is ended, as a package upgrade or a host restart does). */
  restart(): void;
  /** Stops the server, keeping its files, until `resume`. */
  halt(): void;
  resume(): void;
  /** Stops the server and removes its files. */
  stop(): void;
}

const SUPERUSER = "airwave";

export function postgresBinDir(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], "bin") : null;
}

function asClusterOwner(bin: string, args: string[]): void {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const [command, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const result = spawnSync(command, argv, { encoding: "utf8", env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" } });
  if (result.status !== 0) throw new Error(`${path.basename(bin)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  // Not under the per-run TMPDIR: that folder is private to root and the cluster may run as `postgres`.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-pg-"));
  fs.chmodSync(root, 0o711);
  const dataDir = path.join(root, "data");
  const socketDir = path.join(root, "socket");
  fs.mkdirSync(dataDir, { mode: 0o700 });
  fs.mkdirSync(socketDir);
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot) execFileSync("chown", ["postgres", dataDir, socketDir]);
  for (let dir = path.dirname(root); isRoot && dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode;
    if ((mode & 0o001) === 0) fs.chmodSync(dir, (mode & 0o7777) | 0o001);
  }
  const port = await freePort();
  asClusterOwner(path.join(bin, "initdb"), ["-D", dataDir, "-A", "trust", "-U", SUPERUSER, "-E", "UTF8", "--no-sync", "--locale=C.UTF-8"]);
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400`;
  asClusterOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, "-o", options, "-l", path.join(dataDir, "server.log"), "-w", "-t", "30", "start"]);
  const psql = (sql: string) => {
    const result = spawnSync(path.join(bin, "psql"), ["-h", "127.0.0.1", "-p", String(port), "-U", SUPERUSER, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-q", "-c", sql], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  };
  let stopped = false;
  const pgCtl = (...args: string[]) => asClusterOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args]);
  return {
    port,
    user: SUPERUSER,
    baseUrl: `postgres://${SUPERUSER}@127.0.0.1:${port}`,
    createDatabase: (name) => psql(`CREATE DATABASE "${name}"`),
    dropDatabase: (name) => psql(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    restart: () => pgCtl("-o", options, "-l", path.join(dataDir, "server.log"), "-m", "fast", "-w", "-t", "30", "restart"),
    halt: () => pgCtl("-m", "fast", "-w", "stop"),
    resume: () => pgCtl("-o", options, "-l", path.join(dataDir, "server.log"), "-w", "-t", "30", "start"),
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asClusterOwner(path.join(bin, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
