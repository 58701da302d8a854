import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { freePort } from "./postgres-cluster";

/**
 * A real nginx (Debian's /usr/sbin/nginx) in front of Airwave servers, configured by the shipped
 * `deploy/nginx/airwave.conf` with its upstreams, listen address and cache folder filled in. Every path it
 * writes (pid, logs, temp files, cache) is inside one folder, removed by `stop()`. No vitest import: the
 * fan-out benchmark loads this file too (tests use `nginx-server.ts`).
 */
export interface NginxServer {
  readonly url: string;
  readonly port: number;
  /** The folder holding the generated config, logs and cache. */
  readonly dir: string;
  /** nginx's access log lines so far. */
  accessLog(): string[];
  stop(): Promise<void>;
}

export const NGINX_BINARY = "/usr/sbin/nginx";

export interface AirwaveConfOptions {
  /** `host:port` of each Airwave node. */
  upstreams: readonly string[];
  /** What `listen` takes: `127.0.0.1:8080`. */
  listen: string;
  cacheDir: string;
}

/** The deploy template with its node lists, listen address and cache folder replaced (pure). */
export function renderAirwaveConf(template: string, options: AirwaveConfOptions): string {
  const servers = (indent: string) => options.upstreams.map((u) => `${indent}server ${u} max_fails=1 fail_timeout=10s;\n`).join("");
  let upstreamBlocks = 0;
  const text = template
    .replace(/^([ \t]*)server[ \t]+[\w.-]+:\d+[^\n]*\n(?:[ \t]*server[ \t]+[\w.-]+:\d+[^\n]*\n)*/gm, (_m, indent: string) => (upstreamBlocks++, servers(indent)))
    .replace(/^([ \t]*)listen[ \t]+\d+;/m, (_m, indent: string) => `${indent}listen ${options.listen};`)
    .replace("/var/cache/nginx/airwave", options.cacheDir);
  if (upstreamBlocks !== 2 || !text.includes(`listen ${options.listen};`) || !text.includes(options.cacheDir)) {
    throw new Error(`deploy/nginx/airwave.conf no longer has the two upstreams, the listen line and the cache path the tests fill in`);
  }
  return text;
}

/** Runs nginx with `template` (the deploy file) in `dir`, an empty folder that `stop()` removes. */
export async function runNginx(dir: string, upstreams: readonly string[], template: string): Promise<NginxServer> {
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  for (const sub of ["cache", "client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) fs.mkdirSync(file(sub));
  fs.writeFileSync(file("airwave.conf"), renderAirwaveConf(fs.readFileSync(template, "utf8"), { upstreams, listen: `127.0.0.1:${port}`, cacheDir: file("cache") }));
  // Run as root (CI containers), nginx's workers would switch to `nobody`, who cannot enter the private temp folder.
  const asRoot = typeof process.getuid === "function" && process.getuid() === 0;
  fs.writeFileSync(
    file("nginx.conf"),
    [
      asRoot ? "user root;" : "",
      "worker_processes 1;",
      `pid ${file("nginx.pid")};`,
      `error_log ${file("error.log")} warn;`,
      "events { worker_connections 1024; }",
      "http {",
      `  access_log ${file("access.log")};`,
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${file(t)};`),
      `  include ${file("airwave.conf")};`,
      "}",
      "",
    ].join("\n"),
  );
  const child = spawn(NGINX_BINARY, ["-p", dir, "-e", file("error.log"), "-c", file("nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    await terminate(child, exited);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, child, 10_000);
  } catch (error) {
    await stop();
    throw new Error(`nginx did not start: ${(error as Error).message}\n${stderr}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dir,
    accessLog: () => (fs.existsSync(file("access.log")) ? fs.readFileSync(file("access.log"), "utf8").split("\n").filter(Boolean) : []),
    stop,
  };
}

async function terminate(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}
