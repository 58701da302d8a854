import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { docsScreenshot, launchBrowser, openPage, type TestPage } from "../support/browser";
import { makeTempDir, startTestServer, type TestServer } from "../support/test-server";

describe("the health page in a real browser", () => {
  let server: TestServer;
  let browser: Browser;
  let tab: TestPage;
  let media: string;

  beforeAll(async () => {
    server = await startTestServer();
    media = makeTempDir("airwave-health-media-");
    browser = await launchBrowser();
    tab = await openPage(browser, { viewport: { width: 1100, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await tab?.close();
    await browser?.close();
    await server?.stop();
    server?.removeDataDir();
    fs.rmSync(media, { recursive: true, force: true });
  });

  it("shows a removed library folder as failed with its reason, and the header badge links to it", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const api = apiClient(server.url);
    const films = path.join(media, "Films");
    fs.mkdirSync(films);
    const created = await api.post("/api/v1/libraries", { name: "Films", kind: "Movies", paths: [films] });
    expect(created.status, created.text).toBe(201);
    fs.rmSync(films, { recursive: true });

    // The REST form of the same checks, for scripts.
    const checks = (await api.get("/api/v1/health/checks")).json as Array<{ title: string; status: string; reason: string }>;
    expect(checks.find((c) => c.title === `Library folder ${films}`)).toMatchObject({ status: "failed", reason: expect.stringContaining("does not exist") });

    await page.goto(new URL("/channels", server.url).href);
    const badge = page.getByRole("link", { name: /health checks? failed/ });
    await badge.waitFor();
    await badge.click();
    await page.waitForURL(/\/health$/);

    const card = page.getByRole("listitem", { name: `Library folder ${films}` });
    await expect.poll(() => card.getAttribute("data-status")).toBe("failed");
    const text = await card.innerText();
    expect(text).toContain('Library "Films": the folder does not exist (removed, renamed, or its drive is not connected)');
    expect(text).toContain("What to do: Reconnect the drive or network share");
    // Problems come first; FFmpeg was found with its version.
    const list = page.getByRole("list", { name: "Health checks" });
    expect(await list.getByRole("listitem").first().getAttribute("data-status")).toBe("failed");
    expect(await page.getByRole("listitem", { name: "FFmpeg" }).innerText()).toMatch(/ffmpeg version \S+/);
    await docsScreenshot(page, "health-page");

    fs.mkdirSync(films);
    await page.getByRole("button", { name: "Check again" }).click();
    await expect.poll(() => card.getAttribute("data-status")).toBe("ok");
    expect(tab.pageErrors).toEqual([]);
  });
});
