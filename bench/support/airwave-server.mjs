// Starting a built Airwave server (dist/) on a free port, calling its REST API and running a library
// scan to the end: what the scan benchmarks share.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function startServer(dataDir) {
  const child = spawn(process.execPath, [path.join(root, "dist/server/main.js")], {
    env: { ...process.env, AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1", Logging__Level: "error" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
      const match = /Airwave is serving (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1] });
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

export async function stopServer(child) {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

export async function api(url, method, route, body) {
  const response = await fetch(url + route, { method, headers: body ? { "content-type": "application/json" } : {}, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Starts a scan of a library and polls until it is over: the elapsed ms and the library as it ends. */
export async function scan(url, id) {
  const started = performance.now();
  await api(url, "POST", `/api/v1/libraries/${id}/scan`);
  for (;;) {
    const library = await api(url, "GET", `/api/v1/libraries/${id}`);
    if (!library.scan) return { ms: performance.now() - started, library };
    await new Promise((r) => setTimeout(r, 20));
  }
}
