import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonicalPathMiddleware } from "../../server/http/canonical-path";
import { cors } from "../../server/http/cors";
import { configureJson } from "../../server/http/json";
import { legacyRewrite } from "../../server/http/legacy-rewrite";
import { crossSiteWriteRefused, malformedPath, unauthorized } from "../../server/http/problem-details";
import { requireAccess } from "../../server/http/write-key";
import { rawRequest, type RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";

/**
 * Spec §9: an unversioned `/api/...` request is served as `/api/v1/...` inside the pipeline (not
 * redirected), keeping method, body, headers and query string, and says so in Deprecation, Sunset
 * and Link headers. Versioned paths pass unchanged; `/api/v2` is never forced to v1.
 */

const KEY = "legacy-key";
const WITH_KEY = { "X-Api-Key": KEY };
// 2026-03-15T10:30:45Z: the offset must be honoured.
const DEPRECATION_SETTING = "2026-03-15T12:30:45+02:00";
const EXPECTED_DEPRECATION = "@1773570645";
const SUNSET_SETTING = "2027-01-31";
const EXPECTED_SUNSET = "Sun, 31 Jan 2027 00:00:00 GMT";
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

const { server } = useTestServer({ env: { Api__WriteKey: KEY, Api__LegacyDeprecation: DEPRECATION_SETTING, Api__LegacySunset: SUNSET_SETTING } });
const send = (method: string, p: string, options: { body?: object | string; headers?: Record<string, string> } = {}) =>
  rawRequest(server.url, method, p, options);


function expectLegacyHeaders(res: RawResponse, successor: string): void {
  expect(res.headers.deprecation).toBe(EXPECTED_DEPRECATION);
  expect(res.headers.sunset).toBe(EXPECTED_SUNSET);
  expect(res.headers.link).toBe(`<${successor}>; rel="successor-version"`);
}

function expectNoLegacyHeaders(res: RawResponse): void {
  expect(res.headers.deprecation).toBeUndefined();
  expect(res.headers.sunset).toBeUndefined();
  expect(res.headers.link).toBeUndefined();
}

function expectNotRedirected(res: RawResponse): void {
  expect(res.status < 300 || res.status >= 400, `status ${res.status}`).toBe(true);
}

async function channels(): Promise<any[]> {
  const res = await send("GET", "/api/v1/channels");
  expect(res.status).toBe(200);
  return res.json;
}

async function createChannel(name: string): Promise<number> {
  const res = await send("POST", "/api/v1/channels", { body: { name }, headers: WITH_KEY });
  expect(res.status, res.text).toBe(201);
  return res.json.id;
}

describe("header formats", () => {
  it("Deprecation is the configured instant as @<unix seconds> (RFC 9745)", async () => {
    const res = await send("GET", "/api/channels");
    expect(res.headers.deprecation).toBe(EXPECTED_DEPRECATION);
    expect(res.headers.deprecation).toMatch(/^@\d+$/);
    expect(Number(String(res.headers.deprecation).slice(1)) * 1000).toBe(Date.parse(DEPRECATION_SETTING));
  });

  it("Sunset is the configured instant as an HTTP-date (IMF-fixdate)", async () => {
    const res = await send("GET", "/api/channels");
    expect(res.headers.sunset).toBe(EXPECTED_SUNSET);
    expect(res.headers.sunset).toMatch(IMF_FIXDATE);
    expect(Date.parse(String(res.headers.sunset))).toBe(Date.parse(`${SUNSET_SETTING}T00:00:00Z`));
  });

  it("Link names the successor with rel=\"successor-version\"", async () => {
    const res = await send("GET", "/api/ffmpeg/profiles");
    expect(res.headers.link).toBe('</api/v1/ffmpeg/profiles>; rel="successor-version"');
  });
});

describe("legacy requests are served by the v1 handler, not redirected", () => {
  it("GET /api/channels: 200, the same body as /api/v1/channels", async () => {
    const res = await send("GET", "/api/channels");
    expect(res.status).toBe(200);
    expectNotRedirected(res);
    expect(res.json).toEqual(await channels());
    expectLegacyHeaders(res, "/api/v1/channels");
  });

  it("GET /api/channels/{id}: the same resource as v1", async () => {
    const id = await createChannel("legacy-get");
    const legacy = await send("GET", `/api/channels/${id}`);
    const v1 = await send("GET", `/api/v1/channels/${id}`);
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual(v1.json);
    expectLegacyHeaders(legacy, `/api/v1/channels/${id}`);
  });

  it("HEAD /api/channels: 200, no body, legacy headers", async () => {
    const res = await send("HEAD", "/api/channels");
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expectLegacyHeaders(res, "/api/v1/channels");
  });

  it("POST keeps method, JSON body and the key: 201, and every body field is stored", async () => {
    const body = { name: "legacy-post", number: "801.5", group: "Legacy", categories: ["News", "Local"], isEnabled: true, showInEpg: false };
    const res = await send("POST", "/api/channels?origin=legacy", { body, headers: WITH_KEY });
    expect(res.status, res.text).toBe(201);
    expectNotRedirected(res);
    expect(res.headers.location).toBe(`/api/v1/channels/${res.json.id}`);
    expectLegacyHeaders(res, "/api/v1/channels");
    const stored = await send("GET", `/api/v1/channels/${res.json.id}`);
    expect(stored.json).toMatchObject(body);
  });

  it("PUT with a query string keeps body and key: the replacement is stored (omitted fields back to defaults)", async () => {
    const id = (await send("POST", "/api/v1/channels", { body: { name: "legacy-put", group: "Before", number: "802" }, headers: WITH_KEY })).json.id;
    const res = await send("PUT", `/api/channels/${id}?reason=replace&x=1`, { body: { name: "legacy-put-after", number: "802.1" }, headers: WITH_KEY });
    expect(res.status, res.text).toBe(200);
    expectLegacyHeaders(res, `/api/v1/channels/${id}`);
    const stored = await send("GET", `/api/v1/channels/${id}`);
    expect(stored.json).toMatchObject({ id, name: "legacy-put-after", number: "802.1", group: "Airwave" });
  });

  it("PATCH with a query string keeps body and key: only the given field changes", async () => {
    const id = (await send("POST", "/api/v1/channels", { body: { name: "legacy-patch", group: "Kept", number: "803" }, headers: WITH_KEY })).json.id;
    const res = await send("PATCH", `/api/channels/${id}?a=1&b=two%20words`, { body: { name: "legacy-patch-after" }, headers: WITH_KEY });
    expect(res.status, res.text).toBe(200);
    expectLegacyHeaders(res, `/api/v1/channels/${id}`);
    const stored = await send("GET", `/api/v1/channels/${id}`);
    expect(stored.json).toMatchObject({ id, name: "legacy-patch-after", number: "803", group: "Kept" });
  });

  it("DELETE keeps the method: 204 and the channel is gone", async () => {
    const id = await createChannel("legacy-delete");
    const res = await send("DELETE", `/api/channels/${id}?confirm=yes`, { headers: WITH_KEY });
    expect(res.status, res.text).toBe(204);
    expectLegacyHeaders(res, `/api/v1/channels/${id}`);
    expect((await channels()).some((c) => c.id === id)).toBe(false);
    expect((await send("GET", `/api/v1/channels/${id}`)).status).toBe(404);
  });

  it("the X-Api-Key header is judged on the rewritten request: without it 401 and nothing is created", async () => {
    const before = await channels();
    for (const headers of [{}, { "X-Api-Key": "wrong" }] as Array<Record<string, string>>) {
      const res = await send("POST", "/api/channels", { body: { name: "legacy-nokey" }, headers });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ status: 401, title: "Unauthorized" });
    }
    expect(await channels()).toEqual(before);
    const accepted = await send("POST", "/api/channels", { body: { name: "legacy-nokey" }, headers: WITH_KEY });
    expect(accepted.status).toBe(201);
    expect((await channels()).map((c) => c.name)).toContain("legacy-nokey");
  });

  it("an invalid body through the legacy path gets the v1 validation answer (422), not a redirect", async () => {
    const res = await send("POST", "/api/channels", { body: { name: "legacy-bad", number: "not-a-number" }, headers: WITH_KEY });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ status: 422, title: "Validation failed" });
    expectLegacyHeaders(res, "/api/v1/channels");
  });

  const spellings: Array<[string, number, string]> = [
    ["/api/channels", 200, "/api/v1/channels"],
    ["/API/channels", 200, "/api/v1/channels"],
    ["//api/./channels/", 200, "/api/v1/channels/"],
    ["/api/x/../channels", 200, "/api/v1/channels"],
    ["/%61pi/%63hannels", 200, "/api/v1/channels"],
    ["/api/ffmpeg/profiles", 200, "/api/v1/ffmpeg/profiles"],
    ["/api/nope", 404, "/api/v1/nope"],
    ["/api/v1x/channels", 404, "/api/v1/v1x/channels"],
  ];
  it.each(spellings)("GET %s: %i with Link to %s, never 3xx", async (p, status, successor) => {
    const res = await send("GET", p);
    expect(res.status).toBe(status);
    expectNotRedirected(res);
    expectLegacyHeaders(res, successor);
    if (status === 404) {
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 404, title: "Resource not found" });
      expect(res.json.detail).toContain(successor);
    }
  });
});

describe("versioned paths pass unchanged", () => {
  it.each(["/api/v1/channels", "/API/V1/channels", "/api/v1/ffmpeg/profiles", "//api/v1/./channels"])("GET %s: 200, no legacy headers", async (p) => {
    const res = await send("GET", p);
    expect(res.status).toBe(200);
    expectNoLegacyHeaders(res);
  });

  it("a v1 write carries no legacy headers", async () => {
    const res = await send("POST", "/api/v1/channels", { body: { name: "v1-write" }, headers: WITH_KEY });
    expect(res.status).toBe(201);
    expectNoLegacyHeaders(res);
  });

  it.each(["/api/v2/x", "/api/v2/channels", "/API/V2/channels", "/api/v10/channels", "/api/v2/ffmpeg/profiles"])(
    "GET %s: 404 problem details, not forced to v1",
    async (p) => {
      const res = await send("GET", p);
      expect(res.status).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 404, title: "Resource not found" });
      expect(res.json.detail).not.toContain("/v1/");
      expectNoLegacyHeaders(res);
    },
  );

  it("POST /api/v2/channels with the key: 404 and nothing is created", async () => {
    const before = await channels();
    const res = await send("POST", "/api/v2/channels", { body: { name: "v2-write" }, headers: WITH_KEY });
    expect(res.status).toBe(404);
    expectNoLegacyHeaders(res);
    expect(await channels()).toEqual(before);
  });

  it("paths that merely start with 'api' are not rewritten", async () => {
    const res = await send("GET", "/apiary/channels");
    // Not the channels API: the UI's client-side routing answers it (its own not-found page), or a 404.
    expect(String(res.headers["content-type"] ?? "")).not.toMatch(/json/);
    expect(res.text ?? "").not.toMatch(/"number"/);
    expectNoLegacyHeaders(res);
  });
});

describe("route shape: every API path matches ^/api/v[0-9]+/", () => {
  const shape = /^\/api\/v[0-9]+\//;

  it("schema/openapi.json", () => {
    const document = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../schema/openapi.json"), "utf8"));
    const paths = Object.keys(document.paths ?? {});
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !shape.test(p))).toEqual([]);
  });

  it("the document the server publishes at /openapi/general.json", async () => {
    const res = await send("GET", "/openapi/general.json");
    expect(res.status).toBe(200);
    const paths = Object.keys(res.json.paths ?? {});
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !shape.test(p))).toEqual([]);
  });
});

/**
 * No /api handler echoes its request yet, so what a handler receives after the rewrite is observed
 * through the production pipeline middlewares, in app.ts's order, in front of an echo handler.
 */
describe("what the handler receives after the rewrite", () => {
  let echo: http.Server;
  let echoUrl: string;
  beforeAll(async () => {
    const app = express();
    app.use(cors());
    app.use(canonicalPathMiddleware(malformedPath));
    app.use(legacyRewrite({ deprecation: new Date(DEPRECATION_SETTING), sunset: new Date(SUNSET_SETTING) }));
    const policy = { writeKey: () => KEY, passwordSet: () => false, sessionValid: async () => false, trustProxy: false };
    app.use(requireAccess(policy, { needsCredential: unauthorized, crossSite: crossSiteWriteRefused }));
    configureJson(app);
    app.use("/api/v1/echo", (req, res) => {
      res.json({
        method: req.method,
        path: req.baseUrl + req.path,
        url: req.baseUrl + req.url,
        query: req.query,
        // The app's JSON replacer drops nulls, so absence is spelled out.
        body: req.body ?? "(none)",
        apiKey: req.headers["x-api-key"] ?? "(none)",
        requestId: req.headers["x-request-id"] ?? "(none)",
        contentType: req.headers["content-type"] ?? "(none)",
      });
    });
    echo = http.createServer(app);
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "GET"])("%s: method, path, query string, body and headers arrive", async (method) => {
    const body = method === "GET" || method === "DELETE" ? undefined : { name: "echo", nested: { n: 1 } };
    const res = await rawRequest(echoUrl, method, "/api/echo/things?a=1&b=two%20words&list=x&list=y", {
      body,
      headers: { ...WITH_KEY, "X-Request-Id": "req-42" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      method,
      path: "/api/v1/echo/things",
      url: "/api/v1/echo/things?a=1&b=two%20words&list=x&list=y",
      query: { a: "1", b: "two words", list: ["x", "y"] },
      body: body ?? "(none)",
      apiKey: KEY,
      requestId: "req-42",
      contentType: body === undefined ? "(none)" : "application/json",
    });
    expectLegacyHeaders(res, "/api/v1/echo/things");
  });

  it("a legacy write without the key never reaches the handler", async () => {
    const res = await rawRequest(echoUrl, "POST", "/api/echo/things?a=1", { body: { name: "echo" } });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ status: 401, title: "Unauthorized" });
  });

  it("a v1 request reaches the handler unchanged and without legacy headers", async () => {
    const res = await rawRequest(echoUrl, "PATCH", "/api/v1/echo/things?a=1", { body: { n: 2 }, headers: WITH_KEY });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ method: "PATCH", url: "/api/v1/echo/things?a=1", query: { a: "1" }, body: { n: 2 } });
    expectNoLegacyHeaders(res);
  });
});
