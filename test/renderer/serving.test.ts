import express from "express";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { defaultRendererDir, rendererStatic } from "../../server/http/renderer-static";
import { rawRequest } from "../support/http";
import { makeTempDir, useTestServer } from "../support/test-server";

const rendererDir = defaultRendererDir();

/** The built renderer (`npm run build` runs before the tests): index.html and its entry script. */
function builtEntry(): { indexHtml: string; script: string } {
  const indexHtml = fs.readFileSync(path.join(rendererDir, "index.html"), "utf8");
  const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
  if (!script) throw new Error("dist/renderer/index.html has no entry script: run npm run build");
  return { indexHtml, script };
}

function rawBody(baseUrl: string, urlPath: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(urlPath, baseUrl);
  return fetch(url, { headers }).then(async (res) => ({
    status: res.status,
    headers: Object.fromEntries(res.headers.entries()),
    body: Buffer.from(await res.arrayBuffer()),
  }));
}

describe("the server serves the built UI", () => {
  const { server } = useTestServer();

  it("answers / and client routes with index.html that browsers revalidate", async () => {
    const { indexHtml } = builtEntry();
    for (const page of ["/", "/channels", "/channels/3/edit", "/settings"]) {
      const res = await rawRequest(server.url, "GET", page, { headers: { accept: "text/html" } });
      expect(res.status, page).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.text).toBe(indexHtml);
    }
  });

  it("answers a matching ETag with 304 and no body", async () => {
    const first = await rawRequest(server.url, "GET", "/channels");
    const again = await rawRequest(server.url, "GET", "/channels", { headers: { "if-none-match": first.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const changed = await rawRequest(server.url, "GET", "/channels", { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status).toBe(200);

    const { script } = builtEntry();
    const asset = await rawRequest(server.url, "GET", script);
    const assetAgain = await rawRequest(server.url, "GET", script, { headers: { "if-none-match": asset.headers.etag as string } });
    expect(assetAgain.status).toBe(304);
  });

  it("caches hashed assets for a year and sends them precompressed when the client accepts it", async () => {
    const { script } = builtEntry();
    const original = fs.readFileSync(path.join(rendererDir, script));

    const plain = await rawBody(server.url, script, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(plain.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    expect(plain.body.equals(original)).toBe(true);

    const gz = await rawRequest(server.url, "GET", script, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toBe("Accept-Encoding");
    expect(Number(gz.headers["content-length"])).toBeLessThan(original.length);
    const gzBytes = fs.readFileSync(path.join(rendererDir, `${script}.gz`));
    expect(zlib.gunzipSync(gzBytes).equals(original)).toBe(true);

    const br = await rawRequest(server.url, "GET", script, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const refused = await rawRequest(server.url, "GET", script, { headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("does not answer missing files, other methods or the API's paths with the UI", async () => {
    const missingAsset = await rawRequest(server.url, "GET", "/assets/index-deadbeef.js");
    expect(missingAsset.status).toBe(404);
    expect(missingAsset.headers["content-type"]).not.toMatch(/html/);

    const api = await rawRequest(server.url, "GET", "/api/v1/no-such-thing");
    expect(api.status).toBe(404);
    expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);

    const iptv = await rawRequest(server.url, "GET", "/iptv/no-such-thing");
    expect(iptv.status).toBe(404);
    expect(iptv.text).not.toContain('<div id="root">');

    const gql = await rawRequest(server.url, "GET", "/graphql/no-such-thing", { headers: { accept: "text/html" } });
    expect(gql.text).not.toContain('<div id="root">');

    const post = await rawRequest(server.url, "POST", "/channels", { body: "{}" });
    expect(post.status).toBe(404);
    expect(post.text).not.toContain('<div id="root">');

    const escape = await rawRequest(server.url, "GET", "/..%2f..%2fpackage.json");
    expect(escape.text).not.toContain('"name": "airwave"');
  });
});

describe("without a built UI", () => {
  it("says so in a short page instead of failing", async () => {
    const emptyDir = makeTempDir("airwave-no-ui-");
    const app = express();
    app.use(rendererStatic(emptyDir));
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    try {
      const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
      const res = await rawRequest(base, "GET", "/");
      expect(res.status).toBe(503);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.text).toContain("not built");
      expect(res.text).toContain("npm run build");
    } finally {
      listener.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
