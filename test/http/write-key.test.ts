import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";
import { ALL_METHODS, exerciseRest, expectUnauthorized, KEY, KEY_CASES, type Method, RIGHT_KEY, send, snapshot, SPELLINGS, SURFACES, type Target, V1, WITH_KEY, WRITE_METHODS } from "./support/write-key-cases";

describe("write key configured", () => {
  const t: Target = { server: useTestServer({ env: { Api__WriteKey: KEY } }).server, setupHeaders: WITH_KEY };

  describe.each(SURFACES.map((s) => [s.surface, s.spell] as const))("%s", (_surface, spell) => {
    describe.each(ALL_METHODS)("%s", (method) => {
      const cases = KEY_CASES.map((c) => {
        const outcome = method === "GET" || c === RIGHT_KEY ? "accepted" : "rejected";
        return [`${c.name}: ${outcome === "accepted" ? "accepted, with its effect" : "401, nothing changes"}`, c.headers, outcome] as const;
      });
      it.each(cases)("%s", async (_name, headers, outcome) => {
        await exerciseRest(t, method, spell, headers, outcome);
      });
    });
  });

  describe.each(SPELLINGS.map((s) => [s.label, s.spell] as const))("spelling %s", (_label, spell) => {
    describe.each(WRITE_METHODS)("%s", (method) => {
      it("without the key: 401, nothing changes", async () => {
        await exerciseRest(t, method, spell, {}, "rejected");
      });
      it("with the key: the write happens", async () => {
        await exerciseRest(t, method, spell, WITH_KEY, "accepted");
      });
    });
  });

  describe("reads never need the key", () => {
    it("HEAD with no key and with a wrong key: 200", async () => {
      for (const headers of [{}, { "X-Api-Key": "nope" }] as Array<Record<string, string>>) {
        const res = await send(t, "HEAD", "/api/v1/channels", { headers });
        expect(res.status).toBe(200);
        expect(res.text).toBe("");
      }
    });

    it("OPTIONS preflight with no key: 204", async () => {
      const res = await send(t, "OPTIONS", "/api/v1/channels", {
        headers: { Origin: "http://ui.example", "Access-Control-Request-Method": "DELETE" },
      });
      expect(res.status).toBe(204);
    });

    it("OPTIONS without preflight headers and no key: not 401", async () => {
      const res = await send(t, "OPTIONS", "/api/v1/channels");
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe("bypass attempts are rejected and change nothing", () => {
    const attempts: Array<{ name: string; method: string; path: string; headers?: Record<string, string>; body?: object | string }> = [
      { name: "key only in the query string", method: "POST", path: `/api/v1/channels?X-Api-Key=${KEY}&api_key=${KEY}`, body: { name: "bypass-q" } },
      { name: "POST with X-HTTP-Method-Override: GET", method: "POST", path: "/api/v1/channels", headers: { "X-HTTP-Method-Override": "GET" }, body: { name: "bypass-o" } },
      { name: "POST with a text/plain body", method: "POST", path: "/api/v1/channels", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ name: "bypass-t" }) },
      { name: "DELETE of the seeded channel with X-Forwarded-For: 127.0.0.1", method: "DELETE", path: "/api/v1/channels/1", headers: { "X-Forwarded-For": "127.0.0.1" } },
      { name: "unlisted method PURGE", method: "PURGE", path: "/api/v1/channels/1" },
      { name: "POST to /api/v2 (future version)", method: "POST", path: "/api/v2/channels", body: { name: "bypass-v2" } },
      { name: "POST to /api (bare)", method: "POST", path: "/api", body: { name: "bypass-bare" } },
      { name: "POST to an unknown /api/v1 route", method: "POST", path: "/api/v1/nope", body: { name: "bypass-nope" } },
    ];
    it.each(attempts.map((a) => [a.name, a] as const))("%s", async (_name, { method, path, headers, body }) => {
      const before = await snapshot(t);
      const res = await send(t, method, path, { headers, body });
      expectUnauthorized(res);
      expect(await snapshot(t)).toEqual(before);
    });

    it("a GET carrying X-HTTP-Method-Override: POST and a body creates nothing", async () => {
      const before = await snapshot(t);
      const res = await send(t, "GET", "/api/v1/channels", { headers: { "X-HTTP-Method-Override": "POST" }, body: { name: "bypass-g" } });
      expect(res.status).toBe(200);
      expect(await snapshot(t)).toEqual(before);
    });

    it("encoded slashes inside the scan exemption stay one segment and reach no channel route", async () => {
      const before = await snapshot(t);
      for (const path of ["/api/v1/scan/x/..%2F..%2Fchannels", "/api/v1/scan/x/..%2f..%2fchannels/1", "/api/v1/scan/x/y%2F..%2F..%2F..%2Fchannels"]) {
        for (const method of ["POST", "DELETE"]) {
          const res = await send(t, method, path, { body: method === "POST" ? { name: "bypass-slash" } : undefined });
          expect([401, 404], `${method} ${path}: ${res.text}`).toContain(res.status);
          expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        }
      }
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe("scanner callback exemption", () => {
    // An exempt write gets past the key check and is answered by routing: 404 for an unknown scan id
    // or a method/path with no scan route (and 404 too while no scan route exists at all).
    const exempt = [
      "/api/v1/scan/abc123/progress",
      "/api/v1/scan/abc123/items/7",
      "/API/V1/Scan/abc123/progress",
      "/api/v1/%73can/abc123/progress",
      "//api/v1/./scan/abc123/progress",
      "/api/v1/channels/../scan/abc123/progress",
      "/api/scan/abc123/progress",
    ];
    describe.each(exempt)("%s", (path) => {
      it.each(WRITE_METHODS)("%s without key reaches routing: 404, not 401", async (method) => {
        const before = await snapshot(t);
        const res = await send(t, method, path, { body: method === "DELETE" ? undefined : { percent: 50 } });
        expect(res.status, res.text).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        expect(res.json).toMatchObject({ status: 404, title: "Resource not found" });
        expect(await snapshot(t)).toEqual(before);
      });
    });

    const notExempt = [
      "/api/v1/scan",
      "/api/v1/scan/abc123",
      "/api/v1/scanner/abc123/progress",
      "/api/v1/channels/scan/abc123/progress",
      "/api/v2/scan/abc123/progress",
      "/api/v1/scan/x/../../channels",
      "/api/v1/scan/x/y/../../progress",
    ];
    it.each(notExempt)("POST %s without key: 401, nothing changes", async (path) => {
      const before = await snapshot(t);
      expectUnauthorized(await send(t, "POST", path, { body: { name: "not-exempt" } }));
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe("/iptv/ never needs the key", () => {
    const paths = ["/iptv/channels.m3u", "/iptv/channel/1.ts", "/IPTV/xmltv.xml", "//iptv/./channels.m3u"];
    describe.each(paths)("%s", (path) => {
      it.each(WRITE_METHODS)("%s without key: not 401, nothing changes", async (method) => {
        const before = await snapshot(t);
        const res = await send(t, method, path, { body: method === "DELETE" ? undefined : {} });
        expect(res.status, res.text).not.toBe(401);
        expect(res.status).toBeLessThan(500);
        expect(await snapshot(t)).toEqual(before);
      });
    });
  });
});
