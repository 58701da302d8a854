import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isDirectLoopbackRequest } from "../../server/http/loopback";
import { seedMedia } from "../support/seed-media";
import { addVersions } from "../support/sqlite";
import { useTempDir, useTestServer, type TestServer } from "../support/test-server";

/**
 * The write-key exemptions (scanner callback, scripted-build callback) are reachable only from this
 * machine, straight (no proxy), and only for ids of running scans/builds: a spoofed X-Forwarded-For
 * changes nothing, with Server:TrustProxy on or off.
 */

const MIN = 60_000;
const KEY = "callback-key";
const trusting = useTestServer({ env: { Server__TrustProxy: "true", Api__WriteKey: KEY, Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
const plain = useTestServer({ env: { Api__WriteKey: KEY, Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
const out = useTempDir("airwave-callbacks-");

const SPOOFS: Array<Record<string, string>> = [
  { "X-Forwarded-For": "127.0.0.1" },
  { "X-Forwarded-For": "192.168.1.50" },
  { Forwarded: "for=127.0.0.1" },
  { "X-Real-IP": "127.0.0.1" },
];

/** A script that, with its live build id, calls `context` with each spoofed header and then plainly, and records the statuses. */
function probingScript(record: string): string {
  return `const fs = await import("node:fs");
const base = process.env.AIRWAVE_URL + "/api/v1/scripted/playout/build/" + process.env.AIRWAVE_BUILD_ID;
const spoofs = ${JSON.stringify(SPOOFS)};
const statuses = [];
for (const headers of spoofs) statuses.push((await fetch(base + "/context", { headers })).status);
const plain = (await fetch(base + "/context")).status;
fs.writeFileSync(${JSON.stringify(record)}, JSON.stringify({ statuses, plain }));
await fetch(base + "/add_search", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ key: "all", query: "type:episode" }) });
await fetch(base + "/add_count", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ content: "all", count: 1 }) });
`;
}

describe.each([
  ["TrustProxy on", () => trusting],
  ["TrustProxy off", () => plain],
] as const)("%s", (label, fixture) => {
  it("a live build id works from the script itself; the same id with a forwarding header is 404", async () => {
    const { server, api } = fixture();
    const media = await seedMedia(server.dataDir, "Cb");
    await addVersions(server.dataDir, media.episodeIds, 20 * MIN);
    const record = path.join(out.path, `${label.replace(/ /g, "-")}.json`);
    fs.writeFileSync(path.join(server.config.playout.scriptsFolder, "probe.mjs"), probingScript(record));
    const headers = { "x-api-key": KEY };
    const channel = (await api.post("/api/v1/channels", { name: "Cb", number: "990" }, headers)).json;
    const res = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Scripted", scheduleFile: "probe.mjs" }, headers);
    expect(res.json.build, res.text).toMatchObject({ success: true, itemCount: 1 });
    expect(JSON.parse(fs.readFileSync(record, "utf8"))).toEqual({ statuses: SPOOFS.map(() => 404), plain: 200 });
  });

  it("ids that are not running are 404, however the request is dressed", async () => {
    const { server } = fixture();
    const send = (p: string, h: Record<string, string>, body: object) =>
      fetch(`http://127.0.0.1:${(server as TestServer).port}${p}`, { method: "POST", headers: { "content-type": "application/json", ...h }, body: JSON.stringify(body) });
    for (const h of [{}, ...SPOOFS]) {
      expect((await send("/api/v1/scan/2f0a3c4e-0000-4000-8000-000000000000/progress", h, { percent: 5 })).status).toBe(404);
      expect((await send("/api/v1/scripted/playout/build/2f0a3c4e-0000-4000-8000-000000000000/add_all", h, { content: "x" })).status).toBe(404);
    }
  });
});

describe("isDirectLoopbackRequest", () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("%s straight: yes", (address) => {
    expect(isDirectLoopbackRequest(request(address))).toBe(true);
  });

  it.each(["192.168.1.50", "::ffff:192.168.1.50", "10.0.0.2", "fe80::1", ""])("%s (a LAN client): no, even claiming loopback in X-Forwarded-For", (address) => {
    expect(isDirectLoopbackRequest(request(address))).toBe(false);
    expect(isDirectLoopbackRequest(request(address, { "x-forwarded-for": "127.0.0.1" }))).toBe(false);
  });

  it("loopback through a proxy (any forwarding header): no", () => {
    for (const h of ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"]) expect(isDirectLoopbackRequest(request("127.0.0.1", { [h]: "x" }))).toBe(false);
  });
});
