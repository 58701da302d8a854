import net from "node:net";
import { describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../support/http";
import { useTestServer, type TestServer } from "../support/test-server";

/**
 * Cross-origin policy (all origins; preflights allow X-Api-Key and Content-Type without a key),
 * absolute URLs built from the request's Host (forwarded headers only behind a trusted proxy),
 * and the problem-details answers for unknown routes and malformed paths.
 */

const KEY = "cors-key";
const WITH_KEY = { "X-Api-Key": KEY };
const STREAM_PATH = "/iptv/channel/1.ts";

// Both answer any Host name (Server:AllowedHosts=*), so URL building can be tested with any Host;
// the allow-list itself is tested in test/security/.
const direct = useTestServer({ env: { Api__WriteKey: KEY, Server__AllowedHosts: "*" } }).server; // TrustProxy off (the default), write key set
const proxied = useTestServer({ env: { Server__TrustProxy: "true", Server__AllowedHosts: "*" } }).server; // Server:TrustProxy=true

const send = (server: TestServer, method: string, path: string, options: { body?: object | string; headers?: Record<string, string> } = {}) =>
  rawRequest(server.url, method, path, options);

async function channelList(server: TestServer): Promise<unknown> {
  const res = await send(server, "GET", "/api/v1/channels");
  expect(res.status).toBe(200);
  return res.json;
}

/** The seeded channel 1's streamUrl, as REST (list and item) and GraphQL build it for these headers. */
async function streamUrls(server: TestServer, headers: Record<string, string>): Promise<{ list: string; item: string; graphql: string }> {
  const [list, item, graphql] = await Promise.all([
    send(server, "GET", "/api/v1/channels", { headers }),
    send(server, "GET", "/api/v1/channels/1", { headers }),
    send(server, "POST", "/graphql", { body: { query: "{ channel(id: 1) { streamUrl } }" }, headers }),
  ]);
  expect(list.status, list.text).toBe(200);
  expect(item.status, item.text).toBe(200);
  expect(graphql.status, graphql.text).toBe(200);
  return {
    list: list.json.find((c: { id: number }) => c.id === 1).streamUrl,
    item: item.json.streamUrl,
    graphql: graphql.json.data.channel.streamUrl,
  };
}

async function expectStreamUrl(server: TestServer, headers: Record<string, string>, expected: string): Promise<void> {
  expect(await streamUrls(server, headers)).toEqual({ list: expected, item: expected, graphql: expected });
}

function expectProblem(res: RawResponse, status: number, title: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ status, title });
  expect(typeof res.json.detail).toBe("string");
}

/** Writes a request byte for byte on a socket (http.request always fills in a Host). */
function socketRequest(port: number, request: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on("data", (c: Buffer) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const at = text.indexOf("\r\n\r\n");
      resolve({ status, body: at === -1 ? "" : text.slice(at + 4) });
    });
  });
}

const headerList = (value: string | string[] | undefined) =>
  String(value ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");

describe("CORS", () => {
  const ORIGIN = { Origin: "http://ui.example:3000" };

  it.each([
    ["GET", "/api/v1/channels", 200],
    ["GET", "/api/channels", 200],
    ["GET", "/api/v1/nope", 404],
    ["POST", "/api/v1/channels", 401],
    ["GET", "/api/v1/%zz", 400],
    ["GET", "/iptv/no-such-thing", 404],
    ["GET", "/openapi/general.json", 200],
  ] as const)("simple %s %s (%i) allows every origin", async (method, path, status) => {
    const res = await send(direct, method, path, { headers: ORIGIN, body: method === "POST" ? { name: "cors" } : undefined });
    expect(res.status).toBe(status);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("a GraphQL response allows every origin", async () => {
    const res = await send(direct, "POST", "/graphql", { body: { query: "{ channels { id } }" }, headers: ORIGIN });
    expect(res.status).toBe(200);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
  });

  it("browsers may read Location, Deprecation, Sunset and Link", async () => {
    const res = await send(direct, "GET", "/api/channels", { headers: ORIGIN });
    expect(headerList(res.headers["access-control-expose-headers"])).toEqual(expect.arrayContaining(["location", "deprecation", "sunset", "link"]));
  });

  const preflights: Array<[string, string]> = [];
  for (const path of ["/api/v1/channels", "/api/v1/channels/1", "/api/channels/1", "/API/V1/channels", "/graphql"]) {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) preflights.push([method, path]);
  }
  it.each(preflights)("preflight for %s %s: 204 without a key, allows X-Api-Key and Content-Type", async (method, path) => {
    const before = await channelList(direct);
    const res = await send(direct, "OPTIONS", path, {
      headers: { ...ORIGIN, "Access-Control-Request-Method": method, "Access-Control-Request-Headers": "x-api-key, content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(headerList(res.headers["access-control-allow-methods"])).toContain(method.toLowerCase());
    expect(headerList(res.headers["access-control-allow-headers"])).toEqual(expect.arrayContaining(["x-api-key", "content-type"]));
    // A preflight never reaches a handler.
    expect(await channelList(direct)).toEqual(before);
  });

  it("a plain OPTIONS (no Access-Control-Request-Method) is not answered as a preflight", async () => {
    const res = await send(direct, "OPTIONS", "/api/v1/channels", { headers: ORIGIN });
    expect(res.headers["access-control-allow-methods"]).toBeUndefined();
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });
});

describe("absolute URLs come from the request's Host", () => {
  it.each([
    ["tv.example.lan:8409", "http://tv.example.lan:8409"],
    ["tv.example.lan", "http://tv.example.lan"],
    ["192.168.1.20", "http://192.168.1.20"],
    ["192.168.1.20:8080", "http://192.168.1.20:8080"],
    ["[::1]:9000", "http://[::1]:9000"],
    ["[fe80::1]", "http://[fe80::1]"],
  ])("Host %s -> %s", async (host, base) => {
    await expectStreamUrl(direct, { Host: host }, `${base}${STREAM_PATH}`);
  });

  it("each request gets its own host (nothing is cached across requests)", async () => {
    await expectStreamUrl(direct, { Host: "first.example" }, `http://first.example${STREAM_PATH}`);
    await expectStreamUrl(direct, { Host: "second.example:81" }, `http://second.example:81${STREAM_PATH}`);
  });

  it("a created channel's streamUrl uses the Host too", async () => {
    const res = await send(direct, "POST", "/api/v1/channels", { body: { name: "host-made", number: "77" }, headers: { ...WITH_KEY, Host: "made.example:1234" } });
    expect(res.status, res.text).toBe(201);
    expect(res.json.streamUrl).toBe("http://made.example:1234/iptv/channel/77.ts");
  });

  it("TrustProxy off: X-Forwarded-Proto and X-Forwarded-Host are ignored", async () => {
    await expectStreamUrl(
      direct,
      { Host: "tv.example.lan:8409", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "proxy.example" },
      `http://tv.example.lan:8409${STREAM_PATH}`,
    );
  });

  it.each([
    [{ "X-Forwarded-Proto": "https", "X-Forwarded-Host": "proxy.example:8443" }, "https://proxy.example:8443"],
    [{ "X-Forwarded-Proto": "https" }, "https://tv.example.lan"],
    [{ "X-Forwarded-Host": "proxy.example" }, "http://proxy.example"],
    [{ "X-Forwarded-Proto": "https, http", "X-Forwarded-Host": "proxy.example, internal.lan" }, "https://proxy.example"],
    [{ "X-Forwarded-Proto": "HTTPS" }, "https://tv.example.lan"],
    [{ "X-Forwarded-Proto": "ftp" }, "http://tv.example.lan"],
    [{ "X-Forwarded-Proto": "javascript" }, "http://tv.example.lan"],
    [{ "X-Forwarded-Host": "evil.example/inject" }, "http://tv.example.lan"],
    [{ "X-Forwarded-Host": "evil.example:99999" }, "http://tv.example.lan"],
    [{ "X-Forwarded-Host": "<script>" }, "http://tv.example.lan"],
  ])("TrustProxy on: %j -> %s", async (forwarded, base) => {
    await expectStreamUrl(proxied, { Host: "tv.example.lan", ...forwarded }, `${base}${STREAM_PATH}`);
  });

  const malformedHosts = [
    "evil.example/inject",
    "evil.example:99999",
    "evil.example:abc",
    "evil.example:",
    "bad host",
    'x"><script>alert(1)</script>',
    "user@evil.example",
    "evil.example#frag",
    "evil.example?q=1",
    "evil.example\\x",
    "evil.example, other.example",
    "[:::::]",
    "256.1.1.1",
    "[evil]",
  ];
  describe.each([
    ["TrustProxy off", () => direct],
    ["TrustProxy on", () => proxied],
  ] as const)("%s", (_label, server) => {
    it.each(malformedHosts)("malformed Host %j is not echoed: the answering address is used", async (host) => {
      const s = server();
      const urls = await streamUrls(s, { Host: host });
      for (const url of Object.values(urls)) {
        expect(url).toBe(`http://127.0.0.1:${s.port}${STREAM_PATH}`);
        expect(new URL(url).host).toBe(`127.0.0.1:${s.port}`);
      }
    });
  });

  it("TrustProxy on: malformed X-Forwarded-Host and malformed Host fall back to the answering address", async () => {
    await expectStreamUrl(
      proxied,
      { Host: "bad host", "X-Forwarded-Host": "evil.example/x", "X-Forwarded-Proto": "https" },
      `https://127.0.0.1:${proxied.port}${STREAM_PATH}`,
    );
  });

  it.each([
    ["an empty Host (HTTP/1.1)", "GET /api/v1/channels/1 HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"],
    ["no Host at all (HTTP/1.0)", "GET /api/v1/channels/1 HTTP/1.0\r\n\r\n"],
  ])("%s: the answering address, never an empty host", async (_label, request) => {
    const res = await socketRequest(direct.port, request);
    expect(res.status, res.body).toBe(200);
    expect(JSON.parse(res.body).streamUrl).toBe(`http://127.0.0.1:${direct.port}${STREAM_PATH}`);
  });
});

describe("unknown routes under /api/v1: 404 problem details", () => {
  it.each([
    ["GET", "/api/v1/nope", {}],
    ["GET", "/api/v1/channels/1/nope", {}],
    ["GET", "/api/v1/", {}],
    ["POST", "/api/v1/nope", WITH_KEY],
    ["DELETE", "/api/v1/channels", WITH_KEY],
    ["PATCH", "/api/v1/ffmpeg", WITH_KEY],
  ] as const)("%s %s", async (method, path, headers) => {
    const res = await send(direct, method, path, { headers, body: method === "POST" || method === "PATCH" ? {} : undefined });
    expectProblem(res, 404, "Resource not found");
    expect(res.json.detail).toContain(path.replace(/\/$/, ""));
  });

  it("a missing channel: 404 problem details", async () => {
    expectProblem(await send(direct, "GET", "/api/v1/channels/99999"), 404, "Resource not found");
  });
});

describe("malformed percent-encoding in the path: 400 problem details, never 500", () => {
  const paths = [
    "/api/v1/%zz",
    "/api/v1/channels/%",
    "/api/v1/channels/%E0%A4%A",
    "/api/v1/channels/1%2",
    "/api/%zz/channels",
    "/api/%C3/channels",
    "/%zz",
    "/iptv/%zz",
    "/graphql%",
  ];
  const requests: Array<[string, string, Record<string, string>]> = [];
  for (const path of paths) {
    requests.push(["GET", path, {}]);
    requests.push(["POST", path, WITH_KEY]);
    requests.push(["DELETE", path, {}]);
  }
  it.each(requests)("%s %s", async (method, path, headers) => {
    const before = await channelList(direct);
    const res = await send(direct, method, path, { headers, body: method === "POST" ? { name: "malformed" } : undefined });
    expectProblem(res, 400, "Bad request");
    expect(await channelList(direct)).toEqual(before);
  });

  it("a malformed escape in the query string is not a path error", async () => {
    const res = await send(direct, "GET", "/api/v1/channels?x=%zz&y=%");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
  });
});
