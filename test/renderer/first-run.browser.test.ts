import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestLibrary } from "../support/media-fixtures";
import { field, fieldError, openPage, screenshot, useBrowser, type TestPage } from "../support/browser";
import { lateBound, useSuiteResource } from "../support/late-bound";
import { makeTempDir, useTestServer, withTestServer } from "../support/test-server";

/** The part of HTMLVideoElement the test reads (tests compile without the DOM library). */
interface VideoLike {
  currentTime: number;
}

// One Chromium for the file; each server gets a fresh context (its own storage), as a new browser would have.
const browser = useBrowser();

/** A fresh page of the file's Chromium for `work`, closed whatever `work` does. */
async function withPage<T>(work: (tab: TestPage) => Promise<T>): Promise<T> {
  const tab = await openPage(browser);
  try {
    return await work(tab);
  } finally {
    await tab.close();
  }
}

describe("first run in a real browser", () => {
  const { server } = useTestServer();
  const tab = lateBound(useSuiteResource("the first-run page", () => openPage(browser), (page) => page.close()));
  let mediaRoot: string;
  let showsFolder: string;

  beforeAll(async () => {
    mediaRoot = makeTempDir("airwave-ui-media-");
    showsFolder = makeTestLibrary(mediaRoot).shows;
  }, 120_000);

  afterAll(async () => {
    if (mediaRoot) fs.rmSync(mediaRoot, { recursive: true, force: true });
  });

  it("goes from an empty install to a playing channel", { timeout: 240_000 }, async () => {
    const { page } = tab;
    await page.goto(server.url);
    await page.waitForURL(/\/welcome$/);
    await page.getByRole("heading", { name: "Welcome to Airwave" }).waitFor();

    // 0. Before the first library: the offer of a write key, generated, saved, shown once to copy.
    await page.getByText("Protect Airwave with an owner password, a write key, or both").waitFor();
    await screenshot(page, "first-run-0-write-key");
    await page.getByRole("button", { name: "Create a write key" }).click();
    await page.getByText("Write key created").waitFor();
    const shown = await field(page, "Your write key").inputValue();
    expect(shown).toMatch(/^[0-9a-f]{48}$/);
    await page.getByRole("button", { name: "Copy Your write key" }).waitFor();
    expect(JSON.parse(fs.readFileSync(path.join(server.dataDir, "settings.json"), "utf8")).Api.WriteKey).toBe(shown);
    const kept = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem("airwave.writeKey"));
    expect(kept).toBe(shown);
    await page.getByRole("button", { name: "Next: add a library" }).click();
    await screenshot(page, "first-run-1-library");

    // 1. A library folder.
    await field(page, "Library name").fill("Shows");
    await field(page, "Folder").fill(showsFolder);
    await page.getByRole("button", { name: "Add library" }).click();

    // 2. The scan, with live progress, until the server reports its outcome.
    const next = page.getByRole("button", { name: "Next: create a channel" });
    await next.waitFor();
    await page.getByText(/Scanning|Scanned/).first().waitFor();
    await expect.poll(() => next.isEnabled(), { timeout: 90_000, interval: 500 }).toBe(true);
    await page.getByText("Scanned", { exact: true }).waitFor();
    await screenshot(page, "first-run-2-scanned");
    await next.click();

    // 3. A channel: first a number the server refuses, its message under the Number field.
    await field(page, "Name").fill("Test Channel");
    await field(page, "Number").fill("4x");
    await page.getByRole("button", { name: "Create channel" }).click();
    await expect.poll(() => fieldError(page, "Number"), { timeout: 10_000 }).toMatch(/must be 1 to 5 digits/);
    expect(await fieldError(page, "Name")).toBeNull();
    await screenshot(page, "first-run-3-channel-validation");
    await field(page, "Number").fill("7");
    await page.getByRole("button", { name: "Create channel" }).click();

    // 4. A playout from the show and the "in order, repeat" template.
    const definition = page.getByLabel("YAML playout definition");
    await definition.waitFor();
    await expect.poll(() => definition.innerText(), { timeout: 10_000 }).toContain("Test Show");
    await screenshot(page, "first-run-4-playout");
    await page.getByRole("button", { name: "Create playout" }).click();

    // 5. Watch: the preview player's clock advances.
    // The build runs on creation; under a loaded machine (the whole suite on two cores) it took over 30 s.
    await page.getByText(/Channel 7 “Test Channel” is on the air/).waitFor({ timeout: 90_000 });
    const video = page.getByTestId("live-video");
    await video.waitFor();
    await screenshot(page, "first-run-5-watch-starting");
    await expect.poll(() => video.evaluate((v) => (v as unknown as VideoLike).currentTime), { timeout: 90_000, interval: 500 }).toBeGreaterThan(0);
    const first = await video.evaluate((v) => (v as unknown as VideoLike).currentTime);
    await expect.poll(() => video.evaluate((v) => (v as unknown as VideoLike).currentTime), { timeout: 30_000, interval: 500 }).toBeGreaterThan(first + 1);
    await screenshot(page, "first-run-5-watch");
    expect(tab.pageErrors).toEqual([]);
  });

  it("shows every main page (screenshots in test-artifacts/)", { timeout: 120_000 }, async () => {
    const { page } = tab;
    const pages: [string, string, RegExp | string][] = [
      ["/channels", "channels", "Channels"],
      ["/libraries", "libraries", "Libraries"],
      ["/settings", "settings", "Settings"],
      ["/channels/new", "channel-new", "New channel"],
    ];
    for (const [url, name, heading] of pages) {
      await page.goto(new URL(url, server.url).href);
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      await page.waitForLoadState("networkidle");
      await screenshot(page, `page-${name}`);
    }
    // Channels list: number, name, now playing.
    await page.goto(new URL("/channels", server.url).href);
    await page.getByText("Test Channel", { exact: true }).first().waitFor();
    await page.getByText(/^Now: /).first().waitFor();

    // Browse the library down to an episode.
    await page.goto(new URL("/libraries", server.url).href);
    await page.getByRole("link", { name: "Browse" }).first().click();
    await page.getByRole("link", { name: "Test Show" }).click();
    await page.getByRole("link", { name: /Season 1|Season 01/ }).first().click();
    await page.getByRole("link", { name: /^1\. / }).first().waitFor();
    await screenshot(page, "page-library-season");

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(new URL("/channels", server.url).href);
    await page.getByRole("heading", { level: 1, name: "Channels" }).waitFor();
    await screenshot(page, "page-channels-dark");
    expect(tab.pageErrors).toEqual([]);
  });
});

describe("write key and exposure warnings in a real browser", () => {
  it("asks for the write key once on a refused change, then sends it", { timeout: 120_000 }, async () => {
    await withTestServer({ env: { Api__WriteKey: "s3cret-key" } }, (server) => withPage(async ({ page }) => {
      const requestUrls: string[] = [];
      page.on("request", (r) => requestUrls.push(r.url()));
      await page.goto(new URL("/channels/new", server.url).href);
      await field(page, "Name").fill("Keyed");
      await page.getByRole("button", { name: "Create channel" }).click();
      const dialog = page.getByRole("dialog", { name: "Write key needed" });
      await dialog.waitFor();
      await dialog.getByLabel("Write key").fill("s3cret-key");
      await dialog.getByRole("button", { name: "Use key" }).click();
      await page.waitForURL(/\/channels\/\d+\/playout$/);
      const channels = await server.services.channels.list();
      expect(channels.map((c) => c.channel.name)).toContain("Keyed");
      expect(requestUrls.some((u) => u.includes("s3cret-key"))).toBe(false);
    }));
  });

  it("the write-key offer can be skipped: straight to the library, no key saved", { timeout: 120_000 }, async () => {
    await withTestServer({}, (server) => withPage(async ({ page }) => {
      await page.goto(server.url);
      await page.getByText("Protect Airwave with an owner password, a write key, or both").waitFor();
      await page.getByRole("button", { name: "Skip for now" }).click();
      await field(page, "Library name").waitFor();
      const file = path.join(server.dataDir, "settings.json");
      expect(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "").not.toMatch(/WriteKey/);
    }));
  });

  it("warns when the server listens beyond loopback without a write key, and sets one in a click", { timeout: 120_000 }, async () => {
    await withTestServer({ env: { Server__Host: "0.0.0.0" } }, (server) => withPage(async ({ page }) => {
      await page.goto(new URL("/settings", server.url.replace("localhost", "127.0.0.1")).href);
      const warning = page.getByRole("alert").filter({ hasText: "Anyone on your network can change this server" });
      await warning.waitFor();
      await screenshot(page, "page-settings-exposed");
      await warning.getByRole("button", { name: "Set a write key" }).click();
      await page.getByText("Write key saved").waitFor();
      await page.getByText("It is in effect now, and this browser will send it with every change.", { exact: false }).waitFor();
      // In effect at once: a change without the key is refused, so no other device can replace it.
      expect((await fetch(new URL("/api/v1/settings", server.url), { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ writeKey: "other" }) })).status).toBe(401);
      const saved = JSON.parse(fs.readFileSync(path.join(server.dataDir, "settings.json"), "utf8"));
      expect(saved.Api.WriteKey).toMatch(/^[0-9a-f]{48}$/);
      const stored = await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem("airwave.writeKey"));
      expect(stored).toBe(saved.Api.WriteKey);
    }));
  });
});
