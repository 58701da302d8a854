// A throwaway PostgreSQL cluster for benchmarks (initdb into a temp folder, pg_ctl on a free loopback
// port, trust authentication); as the postgres system user when run as root. Removed by stop().
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb"))) : [];
  if (!versions.length) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], "bin");
}

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export async function startPostgres() {
  const bin = binDir();
  const isRoot = process.getuid?.() === 0;
  const run = (program, args) => {
    const [command, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
    const result = spawnSync(command, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program}: ${result.stderr}`);
  };
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-pg-"));
  fs.chmodSync(root, 0o711);
  const data = path.join(root, "data");
  fs.mkdirSync(data, { mode: 0o700 });
  if (isRoot) execFileSync("chown", ["postgres", data, root]);
  const port = await freePort();
  run("initdb", ["-D", data, "-A", "trust", "-U", "airwave", "-E", "UTF8", "--no-sync", "--locale=C.UTF-8"]);
  run("pg_ctl", ["-D", data, "-o", `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`, "-l", path.join(data, "log"), "-w", "start"]);
  const psql = (sql) => execFileSync(path.join(bin, "psql"), ["-h", "127.0.0.1", "-p", String(port), "-U", "airwave", "-d", "postgres", "-q", "-c", sql]);
  psql("CREATE DATABASE bench");
  return {
    url: `postgres://airwave@127.0.0.1:${port}/bench`,
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        fs.rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
