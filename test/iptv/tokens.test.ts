/**
 * The `/iptv/` token matrix: signing key set / unset (and HDHomeRun allowed without a token) ×
 * token valid (query, bearer) / expired / forged (other key, alg none, tampered payload, other
 * algorithm, garbage) / missing / write key only × every route. Table-driven: a new `/iptv/` route
 * is one more row of ROUTES.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import jwt from "jsonwebtoken";
import { beforeAll, describe, expect, it } from "vitest";
import { channelGuideId } from "../../server/guide";
import { rawRequest } from "../support/http";
import { startIptvFixture, stopIptvFixture, useIptvFixture, xmllint } from "./fixture";

const SIGNING_KEY = "a-test-signing-key-that-is-long-enough-0123456789";
const WRITE_KEY = "write-key-123";
const HOST = "tv.example:8409";

/**
 * `token`: needs a valid token when a key is set; `open`: never checked (logos); `hdhr`: off (404)
 * with a key unless HDHomeRun:AllowWithoutToken, never checked otherwise. `pass` is the status once
 * past the check (default 200); `stream` rows answer with a never-ending body: only the status and
 * the first bytes are read.
 */
interface RouteRow {
  path: string;
  access: "token" | "open" | "hdhr";
  pass?: number;
  stream?: boolean;
}

const ROUTES: RouteRow[] = [
  { path: "/iptv/channels.m3u", access: "token" },
  { path: "/iptv/channels.m3u?mode=segmenter", access: "token" },
  { path: "/iptv/channels.m3u?mode=ts-legacy", access: "token" },
  { path: "/iptv/xmltv.xml", access: "token" },
  { path: "/iptv/artwork/posters/ab/abcdef.jpg", access: "token" },
  { path: "/iptv/artwork/thumbnails/missing.jpg", access: "token", pass: 404 },
  { path: "/iptv/logos/gen?text=Hello", access: "open" },
  { path: "/iptv/logos/ab/abcdef.jpg", access: "open" },
  { path: "/iptv/logos/missing.jpg", access: "open", pass: 404 },
  { path: "/iptv/no-such-route", access: "token", pass: 404 },
  { path: "/discover.json", access: "hdhr" },
  { path: "/lineup.json", access: "hdhr" },
  { path: "/lineup_status.json", access: "hdhr" },
  { path: "/device.xml", access: "hdhr" },
  { path: "/iptv/hdhr/channel/999.ts", access: "hdhr", pass: 404 },
  { path: "/iptv/hdhr/channel/1.ts", access: "hdhr", stream: true },
  // Stream routes (server/iptv/stream-routes.ts): channel 1 is hybrid TS, channel 2 an HLS channel (its .ts redirects).
  { path: "/iptv/channel/999.ts", access: "token", pass: 404 },
  { path: "/iptv/channel/1.ts", access: "token", stream: true },
  { path: "/iptv/channel/2.ts", access: "token", pass: 302 },
  { path: "/iptv/channel/1.m3u8", access: "token", pass: 302 },
];

interface Presented {
  query?: string;
  headers?: Record<string, string>;
}
interface TokenCase {
  name: string;
  /** A valid token for the server's key. */
  good: boolean;
  present: (valid: string) => Presented;
}

const nowS = () => Math.floor(Date.now() / 1000);

/** The valid token with its payload changed (a later expiry) and the original signature kept. */
function tampered(valid: string): string {
  const [header, payload, signature] = valid.split(".") as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as jwt.JwtPayload;
  claims.exp = claims.exp! + 365 * 86400;
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}

const TOKEN_CASES: TokenCase[] = [
  { name: "valid (query)", good: true, present: (valid) => ({ query: valid }) },
  { name: "valid (bearer)", good: true, present: (valid) => ({ headers: { authorization: `Bearer ${valid}` } }) },
  { name: "expired", good: false, present: () => ({ query: jwt.sign({ sub: "iptv", iat: nowS() - 2 * 86400, exp: nowS() - 60 }, SIGNING_KEY, { algorithm: "HS256" }) }) },
  { name: "forged: other key", good: false, present: () => ({ query: jwt.sign({ sub: "iptv" }, "some-other-key-that-is-also-long-enough", { algorithm: "HS256", expiresIn: 86400 }) }) },
  { name: "forged: alg none", good: false, present: () => ({ query: jwt.sign({ sub: "iptv", exp: nowS() + 3600 }, "", { algorithm: "none" } as jwt.SignOptions) }) },
  { name: "forged: tampered payload", good: false, present: (valid) => ({ query: tampered(valid) }) },
  { name: "forged: other algorithm (HS512)", good: false, present: () => ({ headers: { authorization: `Bearer ${jwt.sign({ sub: "iptv" }, SIGNING_KEY, { algorithm: "HS512", expiresIn: 86400 })}` } }) },
  { name: "garbage", good: false, present: () => ({ query: "not.a.token" }) },
  { name: "missing", good: false, present: () => ({}) },
  { name: "write key only", good: false, present: () => ({ headers: { "x-api-key": WRITE_KEY } }) },
];

interface ServerCase {
  name: string;
  env: Record<string, string>;
  keyed: boolean;
  hdhrAllowed: boolean;
}

const SERVERS: ServerCase[] = [
  { name: "key set", env: { JWT__IssuerSigningKey: SIGNING_KEY, Api__WriteKey: WRITE_KEY }, keyed: true, hdhrAllowed: false },
  { name: "key set, HDHomeRun:AllowWithoutToken", env: { JWT__IssuerSigningKey: SIGNING_KEY, HDHomeRun__AllowWithoutToken: "true" }, keyed: true, hdhrAllowed: true },
  // The write key is set to show it changes nothing for /iptv/.
  { name: "key unset", env: { Api__WriteKey: WRITE_KEY }, keyed: false, hdhrAllowed: false },
];

function expectedStatus(server: ServerCase, row: RouteRow, token: TokenCase): number {
  const pass = row.pass ?? 200;
  if (!server.keyed || row.access === "open") return pass;
  if (row.access === "hdhr") return server.hdhrAllowed ? pass : 404;
  return token.good ? pass : 401;
}

interface Probe {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** GET; a streaming answer is read up to its first bytes (or a few seconds), then the request is aborted. */
function probe(baseUrl: string, rawPath: string, headers: Record<string, string>, stream: boolean): Promise<Probe> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: rawPath, headers: { host: HOST, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      const done = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      };
      const timer = setTimeout(() => {
        req.destroy();
        done();
      }, 8000);
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (stream && res.statusCode === 200) {
          req.destroy();
          done();
        }
      });
      res.on("end", done);
      res.on("error", () => undefined);
    });
    req.on("error", (error) => (req.destroyed ? undefined : reject(error)));
  });
}

const withQuery = (p: string, token: string) => `${p}${p.includes("?") ? "&" : "?"}access_token=${encodeURIComponent(token)}`;

describe.each(SERVERS)("token matrix: $name", (serverCase) => {
  const f = useIptvFixture(serverCase.env, serverCase.env.Api__WriteKey ? { "x-api-key": WRITE_KEY } : {});
  let valid = "";

  beforeAll(async () => {
    fs.mkdirSync(path.join(f.server.dataDir, "artwork", "ab"), { recursive: true });
    fs.writeFileSync(path.join(f.server.dataDir, "artwork", "ab", "abcdef.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    if (serverCase.keyed) {
      const minted = await f.api.post("/api/v1/iptv/tokens");
      expect(minted.status, minted.text).toBe(200);
      valid = minted.json.token;
    } else {
      // Any well-formed token: without a key nothing is checked.
      valid = jwt.sign({ sub: "iptv" }, "unrelated-key-0123456789", { algorithm: "HS256", expiresIn: 86400 });
    }
  });

  it.each(ROUTES)("$path ($access)", async (row) => {
    for (const token of TOKEN_CASES) {
      const presented = token.present(valid);
      const target = presented.query ? withQuery(row.path, presented.query) : row.path;
      const response = await probe(f.server.url, target, presented.headers ?? {}, row.stream === true);
      const expected = expectedStatus(serverCase, row, token);
      expect(response.status, `${row.path} with ${token.name}`).toBe(expected);
      if (expected === 401) {
        expect(JSON.parse(response.body.toString("utf8"))).toMatchObject({ status: 401, title: "Unauthorized" });
        expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
      }
      if (expected === 200 && row.stream) expect(response.headers["content-type"]).toMatch(/^video\/mp2t/);
      // Redirects keep the token the request was let in with (and only a checked one).
      if (expected === 302) {
        const location = new URL(response.headers.location!, `http://${HOST}`);
        const carried = location.searchParams.get("access_token");
        if (serverCase.keyed) expect(carried, `${row.path} with ${token.name}`).toBe(valid);
        else expect(carried).toBeNull();
      }
    }
  });
});

describe("token issuing and propagation (key set)", () => {
  const f = useIptvFixture({ JWT__IssuerSigningKey: SIGNING_KEY, Api__WriteKey: WRITE_KEY }, { "x-api-key": WRITE_KEY });
  let valid: string;
  let expiresAt: string;
  const get = (p: string, headers: Record<string, string> = {}) => rawRequest(f.server.url, "GET", p, { headers: { host: HOST, ...headers } });

  beforeAll(async () => {
    const minted = await f.api.post("/api/v1/iptv/tokens");
    expect(minted.status, minted.text).toBe(200);
    valid = minted.json.token;
    expiresAt = minted.json.expiresAt;
  });

  it("POST /api/v1/iptv/tokens mints an HS256 token that lives one day, and needs the write key", async () => {
    const decoded = jwt.decode(valid, { complete: true }) as jwt.Jwt;
    expect(decoded.header.alg).toBe("HS256");
    const payload = decoded.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(86400);
    expect(Math.abs(payload.iat! - nowS())).toBeLessThan(60);
    expect(Date.parse(expiresAt)).toBe(payload.exp! * 1000);
    expect(() => jwt.verify(valid, SIGNING_KEY, { algorithms: ["HS256"] })).not.toThrow();
    expect((await rawRequest(f.server.url, "POST", "/api/v1/iptv/tokens")).status).toBe(401);
    expect((await rawRequest(f.server.url, "POST", "/api/v1/iptv/tokens", { headers: { "x-api-key": "wrong" } })).status).toBe(401);
  });

  it("every URL the M3U emits carries the token (query or bearer); external logos do not", async () => {
    for (const response of [await get(withQuery("/iptv/channels.m3u", valid)), await get("/iptv/channels.m3u", { authorization: `Bearer ${valid}` })]) {
      expect(response.status).toBe(200);
      const urls = [...response.text.matchAll(/"(http[^"]+)"|^(http\S+)$/gm)].map((m) => m[1] ?? m[2]!);
      expect(urls.length).toBeGreaterThanOrEqual(10);
      for (const url of urls) {
        if (url.startsWith("https://cdn.example.com/")) expect(url).not.toContain("access_token");
        else expect(new URL(url).searchParams.get("access_token"), url).toBe(valid);
      }
      expect(response.text).toContain(`#EXTM3U url-tvg="http://${HOST}/iptv/xmltv.xml?access_token=${valid}"`);
      expect(response.text).toContain(`http://${HOST}/iptv/channel/3.ts?mode=ts-legacy&access_token=${valid}`);
      expect(response.text).toContain(`http://${HOST}/iptv/channel/1.ts?access_token=${valid}`);
    }
  });

  it("every server URL in the XMLTV carries the token; the document stays valid", async () => {
    const response = await get(withQuery("/iptv/xmltv.xml", valid));
    expect(xmllint(response.text).ok).toBe(true);
    expect(response.text).toContain(`<channel id="${channelGuideId("3")}">`);
    const urls = [...response.text.matchAll(/src="([^"]+)"|<image[^>]*>([^<]+)</g)].map((m) => (m[1] ?? m[2]!).replace(/&amp;/g, "&"));
    const own = urls.filter((u) => u.startsWith(`http://${HOST}/`));
    expect(own.length).toBeGreaterThan(0);
    for (const url of own) expect(new URL(url).searchParams.get("access_token"), url).toBe(valid);
    expect(urls).toContain("https://cdn.example.com/logos/cartoons.png");
    expect(response.text).toContain(`/iptv/logos/gen?text=Mirror%20Toons&amp;access_token=${valid}`);
  });

  it("HDHomeRun lineup URLs never carry a query string (with tokens allowed off for HDHomeRun)", async () => {
    const allowed = await startIptvFixture({ JWT__IssuerSigningKey: SIGNING_KEY, HDHomeRun__AllowWithoutToken: "true" });
    try {
      const lineup = (await rawRequest(allowed.server.url, "GET", `/lineup.json?access_token=${valid}`, { headers: { host: HOST } })).json as Array<{ URL: string }>;
      expect(lineup.length).toBe(4);
      for (const entry of lineup) expect(entry.URL).toMatch(/^http:\/\/tv\.example:8409\/iptv\/hdhr\/channel\/[\d.]+\.ts$/);
    } finally {
      await stopIptvFixture(allowed);
    }
  });
});
