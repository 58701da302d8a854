// An HTTP client in its own process, for benchmarks that time a server running in the bench's process: a
// client there would share the server's heap, and its 20+ MB of receive buffers per request would trigger
// the server's garbage collections (a media player is another process). Each GET is timed in the child,
// from the request to the last byte of the body.
//
//   const client = await startHttpClient();
//   const { ms, bytes, status } = await client.get(url, headers);
//   client.close();
import { fork } from "node:child_process";
import http from "node:http";
import { fileURLToPath } from "node:url";

if (process.send && process.argv[2] === "--child") {
  process.on("message", ({ id, url, headers }) => {
    const begin = performance.now();
    http
      .get(url, { agent: false, headers }, (res) => {
        let bytes = 0;
        res.on("data", (chunk) => (bytes += chunk.length));
        res.on("end", () => process.send({ id, ms: performance.now() - begin, bytes, status: res.statusCode }));
      })
      .on("error", (error) => process.send({ id, error: error.message }));
  });
  process.send({ ready: true });
}

export async function startHttpClient() {
  const child = fork(fileURLToPath(import.meta.url), ["--child"], { stdio: ["ignore", "inherit", "inherit", "ipc"], execArgv: [] });
  const pending = new Map();
  let nextId = 0;
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("error", reject);
  });
  child.on("message", ({ id, error, ...result }) => {
    const waiter = pending.get(id);
    pending.delete(id);
    if (error) waiter?.reject(new Error(error));
    else waiter?.resolve(result);
  });
  child.on("exit", () => {
    for (const waiter of pending.values()) waiter.reject(new Error("the HTTP client process exited"));
    pending.clear();
  });
  return {
    get(url, headers = {}) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        child.send({ id, url, headers });
      });
    },
    close() {
      child.disconnect();
      child.kill();
    },
  };
}
