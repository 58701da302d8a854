import os from "node:os";
import { describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../support/http";
import { useTestServer, type TestServer } from "../support/test-server";

/**
 * The generated matrix: {no key, key set} × {no Origin, same origin, other origin, Sec-Fetch-Site:
 * cross-site} × {REST write, GraphQL mutation, read} × {Host: IP, localhost, machine name, foreign name}.
 * Every request goes to 127.0.0.1; only the Host header says which name the client used.
 *
 * Expected: a foreign Host is 421 for everything (DNS rebinding). Otherwise reads always work; with a key
 * set (and sent) writes work from every origin (spec: all origins allowed, the key protects); without a
 * key, writes from another origin or a cross-site fetch are 403 and change nothing.
 */

const KEY = "matrix-key-0123";
type KeyCase = "no key" | "key set";
type OriginCase = "no Origin" | "same origin" | "other origin" | "Sec-Fetch-Site: cross-site";
type Operation = "REST write" | "GraphQL mutation" | "read";
type HostCase = "IP" | "localhost" | "machine name" | "foreign name";

const KEY_CASES: KeyCase[] = ["no key", "key set"];
const ORIGIN_CASES: OriginCase[] = ["no Origin", "same origin", "other origin", "Sec-Fetch-Site: cross-site"];
const OPERATIONS: Operation[] = ["REST write", "GraphQL mutation", "read"];
const HOST_CASES: HostCase[] = ["IP", "localhost", "machine name", "foreign name"];

function hostName(host: HostCase): string {
  switch (host) {
    case "IP":
      return "192.168.1.20"; // a LAN address as a media player would use it; the request still goes to loopback
    case "localhost":
      return "localhost";
    case "machine name":
      return os.hostname().toLowerCase();
    case "foreign name":
      return "attacker.example";
  }
}

function expected(key: KeyCase, origin: OriginCase, operation: Operation, host: HostCase): "served" | "refused 403" | "misdirected 421" {
  if (host === "foreign name") return "misdirected 421";
  if (operation === "read" || key === "key set") return "served";
  return origin === "other origin" || origin === "Sec-Fetch-Site: cross-site" ? "refused 403" : "served";
}

const noKey = useTestServer();
const keyed = useTestServer({ env: { Api__WriteKey: KEY } });
const serverFor = (key: KeyCase) => (key === "no key" ? noKey.server : keyed.server);

let seq = 0;

async function channelCount(server: TestServer): Promise<number> {
  const res = await rawRequest(server.url, "GET", "/api/v1/channels");
  expect(res.status).toBe(200);
  return (res.json as unknown[]).length;
}

function send(server: TestServer, key: KeyCase, origin: OriginCase, operation: Operation, host: HostCase): Promise<RawResponse> {
  const authority = `${hostName(host)}:${server.port}`;
  const headers: Record<string, string> = { Host: authority };
  if (key === "key set") headers["X-Api-Key"] = KEY;
  if (origin === "same origin") headers.Origin = `http://${authority}`;
  if (origin === "other origin") headers.Origin = "http://attacker.example";
  if (origin === "Sec-Fetch-Site: cross-site") headers["Sec-Fetch-Site"] = "cross-site";
  const name = `matrix-${++seq}`;
  if (operation === "REST write") return rawRequest(server.url, "POST", "/api/v1/channels", { headers, body: { name } });
  if (operation === "GraphQL mutation") {
    return rawRequest(server.url, "POST", "/graphql", { headers, body: { query: `mutation($name: String!) { createChannel(input: { name: $name }) { id name } }`, variables: { name } } });
  }
  return rawRequest(server.url, "GET", "/api/v1/channels", { headers });
}

const cells: Array<[KeyCase, OriginCase, Operation, HostCase, ReturnType<typeof expected>]> = [];
for (const key of KEY_CASES) for (const origin of ORIGIN_CASES) for (const operation of OPERATIONS) for (const host of HOST_CASES) cells.push([key, origin, operation, host, expected(key, origin, operation, host)]);

describe("origin × host × key matrix", () => {
  it("has every cell", () => {
    expect(cells).toHaveLength(2 * 4 * 3 * 4);
  });

  it.each(cells)("%s, %s, %s, Host %s → %s", async (key, origin, operation, host, outcome) => {
    const server = serverFor(key);
    const before = await channelCount(server);
    const res = await send(server, key, origin, operation, host);
    const after = await channelCount(server);
    const isWrite = operation !== "read";
    if (outcome === "misdirected 421") {
      expect(res.status, res.text).toBe(421);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 421, title: "Misdirected request", detail: expect.stringContaining("Server:AllowedHosts") });
      expect(after).toBe(before);
      return;
    }
    if (outcome === "refused 403") {
      expect(after).toBe(before);
      if (operation === "REST write") {
        expect(res.status, res.text).toBe(403);
        expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        expect(res.json).toMatchObject({ status: 403, title: "Forbidden", detail: expect.stringContaining("set Api:WriteKey") });
      } else {
        expect(res.status, res.text).toBe(403);
        expect(res.json.errors[0]).toMatchObject({ message: expect.stringContaining("set Api:WriteKey"), extensions: { code: "FORBIDDEN" } });
        expect(res.json.data ?? null).toBeNull();
      }
      return;
    }
    if (operation === "REST write") expect(res.status, res.text).toBe(201);
    else if (operation === "GraphQL mutation") {
      expect(res.status, res.text).toBe(200);
      expect(res.json.errors, res.text).toBeUndefined();
      expect(res.json.data.createChannel.id).toEqual(expect.any(Number));
    } else expect(res.status, res.text).toBe(200);
    expect(after).toBe(isWrite ? before + 1 : before);
  });
});
