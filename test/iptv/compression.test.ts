import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { GuideBodies } from "../../server/iptv/guide-body";
import { useIptvFixture } from "./fixture";

const f = useIptvFixture();

const ROUTES = [
  { path: "/iptv/xmltv.xml", type: /^text\/xml/ },
  { path: "/iptv/channels.m3u", type: /^application\/x-mpegurl/ },
  { path: "/lineup.json", type: /^application\/json/ },
];

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http (Host: the server's own address unless given), the body exactly as it came over the wire. */
function rawGet(route: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  const url = new URL(f.server.url);
  return new Promise((resolve, reject) => {
    http
      .request({ host: url.hostname, port: url.port, path: route, method, headers: { host: url.host, ...headers }, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

/** A GET with fetch (undici), which decodes gzip and br itself, as a player's HTTP stack does. */
async function fetched(route: string, headers: Record<string, string>) {
  const response = await fetch(`${f.server.url}${route}`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("compressed guide and playlists", () => {
  it.each(ROUTES)("$path: identity without Accept-Encoding, gzip and br when asked, each the same document", async ({ path: route, type }) => {
    const plain = await rawGet(route);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-type"]).toMatch(type);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    const text = plain.body.toString("utf8");
    expect(text.length).toBeGreaterThan(100);

    const gzip = await rawGet(route, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers.etag).toBe(plain.headers.etag!.replace(/"$/, '-gzip"'));
    expect(zlib.gunzipSync(gzip.body).toString("utf8")).toBe(text);
    expect(gzip.body.length).toBeLessThan(plain.body.length);

    const br = await rawGet(route, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(plain.headers.etag!.replace(/"$/, '-br"'));
    expect(zlib.brotliDecompressSync(br.body).toString("utf8")).toBe(text);

    // br refused by q=0: gzip; everything refused: identity.
    expect((await rawGet(route, { "accept-encoding": "br;q=0, gzip" })).headers["content-encoding"]).toBe("gzip");
    expect((await rawGet(route, { "accept-encoding": "identity" })).headers["content-encoding"]).toBeUndefined();

    for (const encoding of ["gzip", "br"]) {
      const decoded = await fetched(route, { "accept-encoding": encoding });
      expect(decoded.status).toBe(200);
      expect(decoded.headers.get("content-encoding")).toBe(encoding);
      expect(decoded.text).toBe(text);
    }
  });

  it.each(ROUTES)("$path: a matching If-None-Match is answered 304 without a body, for any encoding's tag", async ({ path: route }) => {
    const first = await rawGet(route, { "accept-encoding": "gzip" });
    const etag = first.headers.etag!;
    for (const [encoding, tag] of [["gzip", etag], ["br", etag], [undefined, etag], ["gzip", `W/${etag}`], ["gzip", `"nope", ${etag}`]] as const) {
      const again = await rawGet(route, { ...(encoding ? { "accept-encoding": encoding } : {}), "if-none-match": tag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip|-br)?"$/);
    }
    expect((await rawGet(route, { "accept-encoding": "gzip", "if-none-match": '"other"' })).status).toBe(200);
    const head = await rawGet(route, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.body.length).toBe(0);
  });

  it("each host gets its own URLs and its own ETag", async () => {
    for (const route of ROUTES.map((r) => r.path)) {
      const a = await rawGet(route, { "accept-encoding": "gzip", host: "tv.example" });
      const b = await rawGet(route, { "accept-encoding": "gzip", host: "living-room.example" });
      expect(a.headers.etag).not.toBe(b.headers.etag);
      expect(zlib.gunzipSync(b.body).toString("utf8")).toContain("http://living-room.example/");
      expect(zlib.gunzipSync(b.body).toString("utf8")).not.toContain("http://tv.example/");
    }
  });

  it("a change moves every route's ETag; the guide's gzip pieces are cached per host and rebuilt only for the changed channel", async () => {
    const before = await Promise.all(ROUTES.map((r) => rawGet(r.path, { "accept-encoding": "gzip" })));
    const folder = path.join(f.server.dataDir, "cache", "guide", "compressed", GuideBodies.contextKey({ baseUrl: f.server.url }));
    const stamp = (file: string) => fs.statSync(file).mtimeMs;
    const cartoonsPiece = path.join(folder, `channel-${f.cartoons.id}.programmes.xml.z`);
    const mirrorPiece = path.join(folder, `channel-${f.mirror.id}.programmes.xml.z`);
    const [cartoonsBefore, mirrorBefore] = [stamp(cartoonsPiece), stamp(mirrorPiece)];

    const renamed = await f.api.patch(`/api/v1/channels/${f.cartoons.id}`, { name: "Cartoons Renamed" });
    expect(renamed.status, renamed.text).toBe(200);
    const after = await Promise.all(ROUTES.map((r) => rawGet(r.path, { "accept-encoding": "gzip", "if-none-match": before[ROUTES.indexOf(r)]!.headers.etag! })));
    for (const [i, response] of after.entries()) {
      expect(response.status, ROUTES[i]!.path).toBe(200);
      expect(response.headers.etag).not.toBe(before[i]!.headers.etag);
      expect(zlib.gunzipSync(response.body).toString("utf8")).toContain("Cartoons Renamed");
    }
    expect(stamp(cartoonsPiece)).toBeGreaterThan(cartoonsBefore);
    expect(stamp(mirrorPiece)).toBe(mirrorBefore);
  });
});
