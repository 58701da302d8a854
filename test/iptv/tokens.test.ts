import jwt from "jsonwebtoken";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelGuideId } from "../../server/guide";
import { rawRequest } from "../support/http";
import { startIptvFixture, stopIptvFixture, xmllint, type IptvFixture } from "./fixture";

const SIGNING_KEY = "a-test-signing-key-that-is-long-enough-0123456789";
const WRITE_KEY = "write-key-123";

let f: IptvFixture;
let hdhrAllowed: IptvFixture | undefined;
let valid: string;
let expiresAt: string;

beforeAll(async () => {
  f = await startIptvFixture({ JWT__IssuerSigningKey: SIGNING_KEY, Api__WriteKey: WRITE_KEY }, { "x-api-key": WRITE_KEY });
  const minted = await f.api.post("/api/v1/iptv/tokens");
  expect(minted.status, minted.text).toBe(200);
  valid = minted.json.token;
  expiresAt = minted.json.expiresAt;
});
afterAll(async () => {
  await stopIptvFixture(f);
  await stopIptvFixture(hdhrAllowed);
});

const now = () => Math.floor(Date.now() / 1000);
const tokens = () => ({
  expired: jwt.sign({ sub: "iptv", iat: now() - 2 * 86400, exp: now() - 60 }, SIGNING_KEY, { algorithm: "HS256" }),
  forged: jwt.sign({ sub: "iptv" }, "some-other-key-that-is-also-long-enough", { algorithm: "HS256", expiresIn: 86400 }),
  unsigned: jwt.sign({ sub: "iptv", exp: now() + 3600 }, "", { algorithm: "none" } as jwt.SignOptions),
  hs512: jwt.sign({ sub: "iptv" }, SIGNING_KEY, { algorithm: "HS512", expiresIn: 86400 }),
  garbage: "not.a.token",
});

// A stream route of a channel that does not exist: past the token check it ends at once (404), never streams.
const PROTECTED = ["/iptv/channels.m3u", "/iptv/xmltv.xml", "/iptv/channels.m3u?mode=ts", "/iptv/channel/999.ts"];
const LOGOS = ["/iptv/logos/gen?text=Hello"];
const HDHR = ["/discover.json", "/lineup.json", "/lineup_status.json", "/device.xml", "/iptv/hdhr/channel/1.ts", "/iptv/hdhr/channel/999.ts"];

const withQuery = (p: string, token: string) => `${p}${p.includes("?") ? "&" : "?"}access_token=${encodeURIComponent(token)}`;
const get = (p: string, headers: Record<string, string> = {}) => rawRequest(f.server.url, "GET", p, { headers: { host: "tv.example:8409", ...headers } });

describe("token issuing", () => {
  it("POST /api/v1/iptv/tokens mints an HS256 token that lives one day, and needs the write key", async () => {
    const decoded = jwt.decode(valid, { complete: true }) as jwt.Jwt;
    expect(decoded.header.alg).toBe("HS256");
    const payload = decoded.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(86400);
    expect(Math.abs(payload.iat! - now())).toBeLessThan(60);
    expect(Date.parse(expiresAt)).toBe(payload.exp! * 1000);
    expect(() => jwt.verify(valid, SIGNING_KEY, { algorithms: ["HS256"] })).not.toThrow();
    const noKey = await rawRequest(f.server.url, "POST", "/api/v1/iptv/tokens");
    expect(noKey.status).toBe(401);
  });
});

describe("token matrix with JWT:IssuerSigningKey set", () => {
  it.each(PROTECTED)("%s: a valid token (query or bearer) passes; missing, expired, forged, unsigned, other-algorithm and garbage tokens get 401", async (p) => {
    const expectPass = (status: number, how: string) => expect([200, 404], `${p} ${how}`).toContain(status);
    // The stream route belongs to the streaming work: past the token check it may not exist yet (404), never 401.
    expectPass((await get(withQuery(p, valid))).status, "query");
    expectPass((await get(p, { authorization: `Bearer ${valid}` })).status, "bearer");
    const missing = await get(p);
    expect(missing.status, `${p} missing`).toBe(401);
    expect(missing.json).toMatchObject({ status: 401, title: "Unauthorized" });
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    for (const [kind, token] of Object.entries(tokens())) {
      expect((await get(withQuery(p, token))).status, `${p} ${kind} (query)`).toBe(401);
      expect((await get(p, { authorization: `Bearer ${token}` })).status, `${p} ${kind} (bearer)`).toBe(401);
    }
    // The write key is not a token.
    expect((await get(p, { "x-api-key": WRITE_KEY })).status).toBe(401);
  });

  it("the M3U and the XMLTV pass with a valid token, with or without the write key", async () => {
    expect((await get(withQuery("/iptv/channels.m3u", valid))).status).toBe(200);
    expect((await get(withQuery("/iptv/xmltv.xml", valid))).status).toBe(200);
    expect((await get(withQuery("/iptv/channels.m3u", valid), { "x-api-key": "wrong" })).status).toBe(200);
  });

  it.each(LOGOS)("%s is exempt: every token case gets the logo", async (p) => {
    expect((await get(p)).status).toBe(200);
    expect((await get(withQuery(p, valid))).status).toBe(200);
    for (const [kind, token] of Object.entries(tokens())) expect((await get(withQuery(p, token))).status, kind).toBe(200);
  });

  it.each(HDHR)("%s is off (404) with tokens on, whatever token is presented", async (p) => {
    expect((await get(p)).status).toBe(404);
    expect((await get(withQuery(p, valid))).status).toBe(404);
    expect((await get(p, { authorization: `Bearer ${valid}` })).status).toBe(404);
    expect((await get(withQuery(p, tokens().forged))).status).toBe(404);
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
      expect(response.text).toContain(`#EXTM3U url-tvg="http://tv.example:8409/iptv/xmltv.xml?access_token=${valid}"`);
      expect(response.text).toContain(`http://tv.example:8409/iptv/channel/3.ts?mode=ts-legacy&access_token=${valid}`);
      expect(response.text).toContain(`http://tv.example:8409/iptv/channel/1.ts?access_token=${valid}`);
    }
  });

  it("every server URL in the XMLTV carries the token; the document stays valid", async () => {
    const response = await get(withQuery("/iptv/xmltv.xml", valid));
    expect(xmllint(response.text).ok).toBe(true);
    expect(response.text).toContain(`<channel id="${channelGuideId("3")}">`);
    const urls = [...response.text.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
    const own = urls.filter((u) => u.startsWith("http://tv.example:8409/"));
    expect(own.length).toBeGreaterThan(0);
    for (const url of own) expect(new URL(url).searchParams.get("access_token"), url).toBe(valid);
    expect(urls).toContain("https://cdn.example.com/logos/cartoons.png");
    expect(response.text).toContain(`/iptv/logos/gen?text=Mirror%20Toons&amp;access_token=${valid}`);
  });
});

describe("HDHomeRun:AllowWithoutToken=true", () => {
  it("keeps HDHomeRun on without a token while the M3U still needs one", async () => {
    hdhrAllowed = await startIptvFixture({ JWT__IssuerSigningKey: SIGNING_KEY, HDHomeRun__AllowWithoutToken: "true" });
    const call = (p: string) => rawRequest(hdhrAllowed!.server.url, "GET", p, { headers: { host: "tuner.example" } });
    for (const p of ["/discover.json", "/lineup.json", "/lineup_status.json", "/device.xml"]) expect((await call(p)).status, p).toBe(200);
    const lineup = (await call("/lineup.json")).json as Array<{ URL: string }>;
    for (const entry of lineup) expect(entry.URL).not.toContain("?");
    // Past the token check (a channel that does not exist, so no stream starts): 404, never 401.
    expect((await call("/iptv/hdhr/channel/999.ts")).status).toBe(404);
    expect((await call("/iptv/channels.m3u")).status).toBe(401);
    expect((await call("/iptv/xmltv.xml")).status).toBe(401);
  });
});
