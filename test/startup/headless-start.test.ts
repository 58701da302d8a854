import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { rawRequest } from "../support/http";
import { makeTempDir } from "../support/temp-dir";

const MAIN = path.resolve(__dirname, "../../dist/server/main.js");
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

function run(env: Record<string, string>) {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` (npm test does) first`);
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${stderr}`)), 20_000);
    child.stdout!.on("data", () => {
      const match = /Airwave is serving (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then(() => reject(new Error(`exited early; stderr: ${stderr}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

describe("the headless server (npm start)", () => {
  it("serves /docs, /openapi/general.json and /graphql, then stops cleanly on SIGINT", async () => {
    const dataDir = makeTempDir();
    const server = run({ AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1" });
    const url = await server.ready;

    const docs = await rawRequest(url, "GET", "/docs/");
    expect(docs.status).toBe(200);
    expect(docs.text).toContain("swagger-ui");
    const openapi = await rawRequest(url, "GET", "/openapi/general.json");
    expect(openapi.status).toBe(200);
    expect(openapi.json.openapi).toMatch(/^3\./);
    expect(openapi.json.paths["/api/v1/channels"]).toBeDefined();
    const graphql = await rawRequest(url, "POST", "/graphql", { body: { query: "{ channels { number } }" } });
    expect(graphql.json).toEqual({ data: { channels: [{ number: "1" }] } });

    server.child.kill("SIGINT");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, DATABASE_FILE))).toBe(true);
  });

  it("SIGTERM lets an in-flight request finish before exiting", async () => {
    const dataDir = makeTempDir();
    const server = run({ AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1" });
    const url = new URL(await server.ready);
    const body = JSON.stringify({ name: "In flight", number: "55" });
    // Half a request is on the wire when the signal arrives; the rest follows after it.
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { host: url.hostname, port: url.port, method: "POST", path: "/api/v1/channels", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(10)), 200);
      }, 200);
    });
    expect((await response).status).toBe(201);
    expect(await server.exited).toBe(0);

    const again = run({ AIRWAVE_DATA_DIR: dataDir, Server__Port: "0", Server__Host: "127.0.0.1" });
    const channels = await rawRequest(await again.ready, "GET", "/api/v1/channels");
    expect(channels.json.map((c: { number: string }) => c.number)).toContain("55");
    again.child.kill("SIGTERM");
    expect(await again.exited).toBe(0);
  });

  it("an invalid setting stops start-up with one line naming the key", async () => {
    const server = run({ AIRWAVE_DATA_DIR: makeTempDir(), Server__Port: "eighty" });
    const code = await server.exited;
    expect(code).not.toBe(0);
    const lines = server.output().stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/Server:Port/);
  });
});
