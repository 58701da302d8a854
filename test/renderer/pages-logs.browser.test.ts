import { describe, expect, it } from "vitest";
import { choose, screenshot, useBrowserPage } from "../support/browser";
import { useTempDir, useTestServer } from "../support/test-server";

const KEY = "log-page-secret-key-0123456789";

describe("the logs page in a real browser", () => {
  const { server, api } = useTestServer({ env: { Api__WriteKey: KEY }, headers: { "x-api-key": KEY } });
  const media = useTempDir("airwave-logs-page-");
  const tab = useBrowserPage();

  it("shows the line a request caused, newest first, filters by level and text, follows new lines, and never shows the key", { timeout: 60_000 }, async () => {
    const { page } = tab;
    // Info, set as a setting (not by the environment, which would keep the page from changing it below).
    expect((await api.put("/api/v1/settings", { logLevel: "info" })).status).toBe(200);
    const library = await api.post("/api/v1/libraries", { name: "Logged", kind: "Movies", paths: [media.path] });
    expect(library.status, library.text).toBe(201);
    const scan = await api.post(`/api/v1/libraries/${library.json.id}/scan`, {});
    expect(scan.status, scan.text).toBeLessThan(300);
    // A careless line: the key in the message, in a field, and a token in a URL.
    server.log.warn(`client sent ${KEY} by mistake`, { header: `X-Api-Key: ${KEY}`, apiKey: KEY });
    server.log.info("GET /iptv/channel/1.ts?access_token=eyJhbGciOi.payload.signature");

    await page.goto(new URL("/logs", server.url).href);
    const lines = page.getByRole("list", { name: "Log lines" });
    await expect.poll(() => lines.innerText()).toContain(`scan started libraryId=${library.json.id} force=false`);
    const text = await lines.innerText();
    expect(text).not.toContain(KEY);
    expect(text).toContain("client sent [redacted] by mistake");
    expect(text).toContain("access_token=[redacted]");
    expect(text).not.toContain("eyJhbGciOi");
    // Newest first: the token line, logged after the careless one, is above it (the scan may log later still).
    const items = await lines.getByRole("listitem").allInnerTexts();
    const tokenAt = items.findIndex((t) => t.includes("access_token=[redacted]"));
    const carelessAt = items.findIndex((t) => t.includes("client sent [redacted] by mistake"));
    expect(tokenAt).toBeGreaterThanOrEqual(0);
    expect(tokenAt).toBeLessThan(carelessAt);
    await screenshot(page, "page-logs");

    await choose(page, page.locator("body"), "Lowest level", "warn");
    await expect.poll(() => lines.innerText()).not.toContain("scan started");
    expect(await lines.innerText()).toContain("by mistake");

    await choose(page, page.locator("body"), "Lowest level", "debug");
    await page.getByLabel("Containing").fill("SCAN STARTED");
    await expect.poll(() => lines.getByRole("listitem").count()).toBe(1);

    // Follow: a line logged now shows up without a reload.
    await page.getByLabel("Containing").fill("");
    server.log.info("scan started by the follow check");
    // Not necessarily the first line: a request finishing meanwhile (a slow one is logged) may be newer still.
    await expect.poll(() => lines.innerText(), { timeout: 10_000 }).toContain("by the follow check");

    // The server's own level, set from the page (with the write key the page keeps, as after its key prompt):
    // it applies at once.
    await page.evaluate((key) => (globalThis as unknown as { sessionStorage: { setItem(name: string, value: string): void } }).sessionStorage.setItem("airwave.writeKey", key), KEY);
    await choose(page, page.locator("body"), "The server records from", "warn");
    await expect.poll(async () => (await api.get("/api/v1/settings")).json.logLevel, { timeout: 10_000 }).toBe("warn");
    server.log.info("an info line the warn level drops");
    server.log.warn("a warning the warn level keeps");
    const kept = (await api.get("/api/v1/logs?limit=2000")).json as Array<{ text: string }>;
    expect(kept.map((l) => l.text).join("\n")).toContain("a warning the warn level keeps");
    expect(kept.map((l) => l.text).join("\n")).not.toContain("an info line the warn level drops");
    await page.getByLabel("Log every /iptv/ request (debug level)").click(); // controlled: it turns on once the server has saved it
    await expect.poll(async () => (await api.get("/api/v1/settings")).json.iptvAccessLog, { timeout: 10_000 }).toBe(true);

    const file = await api.get("/api/v1/logs/files/current");
    expect(file.status).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^text\/plain/);
    expect(file.text).toContain("scan started");
    expect(file.text).toContain("client sent [redacted] by mistake");
    expect(file.text).not.toContain(KEY);
    expect((await api.get("/api/v1/logs/files/previous")).status).toBe(404);
    expect(tab.pageErrors).toEqual([]);
  });
});
