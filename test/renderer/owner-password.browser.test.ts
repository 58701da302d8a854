import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { field, openPage, screenshot, useBrowser } from "../support/browser";
import { useTestServer } from "../support/test-server";

const PASSWORD = "owner's long password";

/** The first bytes of a stream, read as a media player does (no cookie, no key), then the connection is closed. */
function firstStreamBytes(url: string, count: number): Promise<{ status: number; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, (res) => {
      let bytes = Buffer.alloc(0);
      res.on("data", (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        if (bytes.length >= count) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, bytes });
        }
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on("error", reject);
  });
}

/** A same-origin request from the page, as the UI's own scripts would send it (cookies included). */
function pageFetch(page: import("playwright-core").Page, method: string, url: string, body?: unknown): Promise<number> {
  return page.evaluate(
    async ([m, u, b]) => (await fetch(u as string, { method: m as string, headers: { "content-type": "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) })).status,
    [method, url, body] as const,
  );
}

describe("owner password in a real browser", () => {
  const { server, api } = useTestServer();
  const browser = useBrowser();

  it("first run sets it; another browser must sign in to read or write; sign-out ends the session; wrong passwords are limited; players need nothing", { timeout: 240_000 }, async () => {
    // 1. First run: the owner chooses a password, and the page shows at once that it is set.
    const owner = await openPage(browser);
    const visitor = await openPage(browser);
    try {
      await owner.page.goto(server.url);
      await owner.page.waitForURL(/\/welcome$/);
      await owner.page.getByText("Protect Airwave with an owner password, a write key, or both").waitFor();
      await field(owner.page, "Owner password").fill(PASSWORD);
      await field(owner.page, "Repeat the password").fill(PASSWORD);
      await owner.page.getByRole("button", { name: "Set password" }).click();
      await owner.page.getByText("Owner password set").waitFor();
      await owner.page.getByRole("button", { name: "Sign out" }).waitFor();
      await screenshot(owner.page, "owner-password-first-run");
      const settings = JSON.parse(fs.readFileSync(path.join(server.dataDir, "settings.json"), "utf8"));
      expect(settings.Auth.PasswordHash).toMatch(/^\$scrypt\$/);
      const cookies = await owner.context.cookies();
      const session = cookies.find((c) => c.name === "airwave_session");
      expect(session).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
      expect(await owner.page.evaluate(() => (globalThis as unknown as { document: { cookie: string } }).document.cookie)).not.toContain("airwave_session");
      await owner.page.getByRole("button", { name: "Next: add a library" }).click();
      await field(owner.page, "Library name").waitFor();
      expect(await pageFetch(owner.page, "POST", "/api/v1/channels", { name: "Owner's channel", number: "7" })).toBe(201);

      // 2. A second browser sees only the sign-in page and can neither read nor write.
      await visitor.page.goto(new URL("/channels", server.url).href);
      await visitor.page.getByRole("heading", { name: "Sign in to Airwave" }).waitFor();
      await screenshot(visitor.page, "owner-password-sign-in");
      expect(await visitor.page.getByText("Owner's channel").count()).toBe(0);
      expect(await pageFetch(visitor.page, "GET", "/api/v1/channels")).toBe(401);
      expect(await pageFetch(visitor.page, "POST", "/api/v1/channels", { name: "Visitor's channel" })).toBe(401);
      expect(await pageFetch(visitor.page, "POST", "/graphql", { query: 'mutation { createChannel(input: { name: "Visitor GraphQL" }) { id } }' })).toBe(401);
      expect((await server.services.channels.list()).map((c) => c.channel.name)).toEqual(expect.not.arrayContaining(["Visitor's channel", "Visitor GraphQL"]));

      // Signed in, the visitor's browser works.
      await field(visitor.page, "Owner password").fill(PASSWORD);
      await visitor.page.getByRole("button", { name: "Sign in" }).click();
      await visitor.page.getByRole("heading", { level: 1, name: "Channels" }).waitFor();
      await visitor.page.getByText("Owner's channel").first().waitFor();

      // 3. Sign-out ends the session: the page asks again, and the old cookie opens nothing.
      const visitorCookie = (await visitor.context.cookies()).find((c) => c.name === "airwave_session")!;
      await visitor.page.getByRole("button", { name: "Sign out" }).click();
      await visitor.page.getByRole("heading", { name: "Sign in to Airwave" }).waitFor();
      expect((await api.get("/api/v1/channels", { Cookie: `airwave_session=${visitorCookie.value}` })).status).toBe(401);
      expect(await pageFetch(owner.page, "GET", "/api/v1/channels")).toBe(200);

      // 4. Players read the M3U, the XMLTV guide and a stream without signing in.
      const m3u = await api.get("/iptv/channels.m3u");
      expect(m3u.status).toBe(200);
      expect(m3u.text).toContain("Owner's channel");
      const xmltv = await api.get("/iptv/xmltv.xml");
      expect(xmltv.status).toBe(200);
      expect(xmltv.text).toContain('<tv generator-info-name="Airwave">');
      const stream = await firstStreamBytes(`${server.url}/iptv/channel/7.ts?mode=ts-legacy`, 188 * 4);
      expect(stream.status).toBe(200);
      expect(stream.bytes[0]).toBe(0x47); // an MPEG-TS packet
      expect(stream.bytes[188]).toBe(0x47);

      // 5. Wrong passwords: 5 tries, then the page says to wait, even for the right one.
      for (let i = 0; i < 5; i++) {
        await field(visitor.page, "Owner password").fill(`wrong guess ${i}`);
        const [answer] = await Promise.all([visitor.page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/sign-in")), visitor.page.getByRole("button", { name: "Sign in" }).click()]);
        expect(answer.status()).toBe(401);
        await visitor.page.getByRole("alert").filter({ hasText: "the password is wrong" }).waitFor();
      }
      await field(visitor.page, "Owner password").fill(PASSWORD);
      const [limited] = await Promise.all([visitor.page.waitForResponse((r) => r.url().endsWith("/api/v1/auth/sign-in")), visitor.page.getByRole("button", { name: "Sign in" }).click()]);
      expect(limited.status()).toBe(429);
      await visitor.page.getByRole("alert").filter({ hasText: /too many wrong passwords .* try again in \d+ s/ }).waitFor();
      await screenshot(visitor.page, "owner-password-rate-limited");
      await visitor.page.getByRole("heading", { name: "Sign in to Airwave" }).waitFor();
      expect(owner.pageErrors).toEqual([]);
      expect(visitor.pageErrors).toEqual([]);
    } finally {
      await owner.close();
      await visitor.close();
    }
  });
});
