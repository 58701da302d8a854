import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docsScreenshot, useBrowserPage } from "../support/browser";
import { useTempDir, useTestServer } from "../support/test-server";

describe("the health page in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1100, height: 900 } });
  const mediaDir = useTempDir("airwave-health-media-");

  it("shows a removed library folder as failed with its reason, and the header badge links to it", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const films = path.join(mediaDir.path, "Films");
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
    await page.waitForURL(/\/health-checks$/);

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
