import os from "node:os";
import { describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { useTestServer, type TestServer } from "../support/test-server";

/**
 * Finding 2: any web page the user opened could write through CORS (`POST /api/v1/channels` with
 * `Origin: http://evil.example` and `Sec-Fetch-Site: cross-site` was 201), and `Host: evil.example:8409`
 * was served, so DNS rebinding reached the API too. Requests only ever go to 127.0.0.1 here; the Host
 * header alone plays the LAN client or the rebinding page.
 */

const KEY = "browser-key-42";
const open = useTestServer();
const keyed = useTestServer({ env: { Api__WriteKey: KEY } });
const proxied = useTestServer({ env: { Server__TrustProxy: "true", Server__AllowedHosts: "tv.example.lan" } });
const EVIL = { Origin: "http://evil.example", "Sec-Fetch-Site": "cross-site" };

const send = (server: TestServer, method: string, path: string, headers: Record<string, string> = {}, body?: object | string) => rawRequest(server.url, method, path, { headers, body });
const channelNames = async (server: TestServer) => ((await send(server, "GET", "/api/v1/channels")).json as Array<{ name: string }>).map((c) => c.name);

describe("writes from other sites without a write key", () => {
  it("the reported request (POST /api/v1/channels from evil.example) is 403 problem details and creates nothing", async () => {
    const res = await send(open.server, "POST", "/api/v1/channels", EVIL, { name: "from-evil" });
    expect(res.status, res.text).toBe(403);
    expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
    expect(res.json).toEqual({ status: 403, title: "Forbidden", detail: expect.stringMatching(/set Api:WriteKey .* to allow browser tools on other origins/) });
    expect(await channelNames(open.server)).not.toContain("from-evil");
  });

  it.each([
    ["PUT", "/api/v1/channels/1", { name: "renamed-by-evil" }],
    ["PATCH", "/api/v1/channels/1", { name: "renamed-by-evil" }],
    ["DELETE", "/api/v1/channels/1", undefined],
    ["POST", "/api/v1/playouts", { channelId: 1, kind: "Scripted", scheduleFile: "/usr/bin/make --eval=$(shell id)" }],
    ["POST", "/api/channels", { name: "legacy-path" }],
    ["POST", "//api/v1/./channels", { name: "odd-spelling" }],
    ["POST", "/API/V1/channels", { name: "upper-case" }],
  ] as const)("%s %s from another origin: 403, nothing changes", async (method, path, body) => {
    const before = await send(open.server, "GET", "/api/v1/channels");
    const variants: Array<Record<string, string>> = [EVIL, { Origin: "http://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { Origin: "null" }, { Origin: `http://localhost:${open.server.port + 1}` }];
    for (const headers of variants) {
      const res = await send(open.server, method, path, headers, body);
      expect(res.status, `${JSON.stringify(headers)} ${res.text}`).toBe(403);
    }
    expect((await send(open.server, "GET", "/api/v1/channels")).json).toEqual(before.json);
  });

  it("GraphQL: cross-site mutations are FORBIDDEN; text/plain, GET and batched tricks run nothing", async () => {
    const mutation = `mutation { createChannel(input: { name: "gql-evil" }) { id } }`;
    const json = await send(open.server, "POST", "/graphql", EVIL, { query: mutation });
    expect(json.status).toBe(403);
    expect(json.json.errors[0].extensions.code).toBe("FORBIDDEN");
    // A "simple" form-like request a page can send without a preflight.
    const plain = await send(open.server, "POST", "/graphql", { ...EVIL, "content-type": "text/plain" }, JSON.stringify({ query: mutation }));
    expect(plain.status).toBeGreaterThanOrEqual(400);
    const viaGet = await send(open.server, "GET", `/graphql?query=${encodeURIComponent(mutation)}`, { ...EVIL, "apollo-require-preflight": "1" });
    expect(viaGet.status).toBeGreaterThanOrEqual(400);
    const batched = await send(open.server, "POST", "/graphql", EVIL, [{ query: mutation }, { query: mutation }]);
    expect(batched.status).toBeGreaterThanOrEqual(400);
    expect(await channelNames(open.server)).not.toContain("gql-evil");
  });

  it("a cross-site read still works (spec: all origins allowed) and a preflight is answered as before", async () => {
    const read = await send(open.server, "GET", "/api/v1/channels", EVIL);
    expect(read.status).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBe("*");
    const preflight = await send(open.server, "OPTIONS", "/api/v1/channels", { Origin: "http://evil.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type" });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("*");
  });

  it("legitimate: the UI's own same-origin mutations and tools without Origin work", async () => {
    const origin = `http://localhost:${open.server.port}`;
    const rest = await send(open.server, "POST", "/api/v1/channels", { Host: `localhost:${open.server.port}`, Origin: origin, "Sec-Fetch-Site": "same-origin" }, { name: "ui-made" });
    expect(rest.status, rest.text).toBe(201);
    const gql = await send(open.server, "POST", "/graphql", { Host: `localhost:${open.server.port}`, Origin: origin, "Sec-Fetch-Site": "same-origin" }, { query: `mutation { createChannel(input: { name: "ui-gql" }) { id } }` });
    expect(gql.json.errors, gql.text).toBeUndefined();
    const curl = await send(open.server, "POST", "/api/v1/channels", {}, { name: "curl-made" });
    expect(curl.status).toBe(201);
    expect(await channelNames(open.server)).toEqual(expect.arrayContaining(["ui-made", "ui-gql", "curl-made"]));
  });

  it("legitimate: with a write key, a keyed cross-origin tool may write (REST and GraphQL)", async () => {
    const rest = await send(keyed.server, "POST", "/api/v1/channels", { ...EVIL, "X-Api-Key": KEY }, { name: "keyed-tool" });
    expect(rest.status, rest.text).toBe(201);
    const gql = await send(keyed.server, "POST", "/graphql", { ...EVIL, "X-Api-Key": KEY }, { query: `mutation { createChannel(input: { name: "keyed-gql" }) { id } }` });
    expect(gql.json.errors, gql.text).toBeUndefined();
    // Without the key it is the key that refuses (401), as the spec says.
    expect((await send(keyed.server, "POST", "/api/v1/channels", EVIL, { name: "unkeyed" })).status).toBe(401);
  });

  it("the key-exempt callback routes never take cross-site requests, key or not", async () => {
    for (const server of [open.server, keyed.server]) {
      for (const path of ["/api/v1/scan/00000000-0000-0000-0000-000000000000/progress", "/api/v1/scripted/playout/build/00000000-0000-0000-0000-000000000000/add_all"]) {
        expect((await send(server, "POST", path, { ...EVIL, "X-Api-Key": KEY }, {})).status).toBe(403);
      }
    }
  });

  it("behind a trusted proxy the forwarded host is this server's origin; without TrustProxy it is not", async () => {
    const headers = { Host: "tv.example.lan", "X-Forwarded-Host": "airwave.example.org", "X-Forwarded-Proto": "https", Origin: "https://airwave.example.org" };
    expect((await send(proxied.server, "POST", "/api/v1/channels", headers, { name: "via-proxy" })).status).toBe(201);
    expect((await send(open.server, "POST", "/api/v1/channels", { ...headers, Host: "127.0.0.1" }, { name: "not-trusted" })).status).toBe(403);
  });
});

describe("DNS rebinding: Host names other than this server's are 421", () => {
  it.each(["/iptv/channels.m3u", "/iptv/xmltv.xml", "/discover.json", "/", "/graphql", "/api/v1/channels", "/docs/", "/openapi/general.json"])("GET %s with Host evil.example: 421 naming Server:AllowedHosts", async (path) => {
    const res = await send(open.server, "GET", path, { Host: `evil.example:${open.server.port}` });
    expect(res.status, res.text).toBe(421);
    expect(res.json).toMatchObject({ status: 421, title: "Misdirected request", detail: expect.stringContaining("Server:AllowedHosts") });
  });

  it("a rebinding page's write (its own Origin and Host) is 421 and changes nothing, key or not", async () => {
    for (const server of [open.server, keyed.server]) {
      const host = `evil.example:${server.port}`;
      const res = await send(server, "POST", "/api/v1/channels", { Host: host, Origin: `http://${host}`, "X-Api-Key": KEY }, { name: "rebound" });
      expect(res.status).toBe(421);
      expect(await channelNames(server)).not.toContain("rebound");
    }
  });

  it("legitimate: a media player using the LAN IP or the machine's name gets the playlist with its URLs", async () => {
    for (const name of ["192.168.1.20", "[fd00::20]", os.hostname(), `${os.hostname().split(".")[0]}.local`, "localhost"]) {
      const host = `${name}:${open.server.port}`;
      const res = await send(open.server, "GET", "/iptv/channels.m3u", { Host: host });
      expect(res.status, `${host}: ${res.text}`).toBe(200);
      expect(res.text).toContain(`http://${host.toLowerCase()}/iptv/channel/1`);
    }
  });

  it("a name listed in Server:AllowedHosts is served; other names are not", async () => {
    expect((await send(proxied.server, "GET", "/iptv/channels.m3u", { Host: "TV.example.lan:8409" })).status).toBe(200);
    expect((await send(proxied.server, "GET", "/iptv/channels.m3u", { Host: "tv.example.lan.evil.example" })).status).toBe(421);
  });
});
