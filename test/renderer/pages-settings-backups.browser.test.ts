import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { useBrowserPage } from "../support/browser";
import { useTempDir, useTestServer } from "../support/test-server";

describe("Settings: backups and import/export in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1200, height: 1000 } });
  const files = useTempDir("airwave-settings-import-");

  it("takes a backup now, lists it, and saves the schedule", { timeout: 60_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/settings", server.url).href);
    const card = page.getByRole("region", { name: "Backups" });
    await card.getByText("No backups yet.").waitFor();
    await card.getByRole("button", { name: "Back up now" }).click();
    const rows = card.getByRole("table", { name: "Backup files" }).getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    const listed = (await api.get("/api/v1/maintenance/backups")).json;
    expect(listed).toHaveLength(1);
    expect(await rows.nth(1).innerText()).toContain(listed[0].name);

    await card.getByLabel("Hours between backups").fill("6");
    await card.getByLabel("Backups kept").fill("3");
    await card.getByRole("button", { name: "Save schedule" }).click();
    await card.getByText("Schedule saved").waitFor();
    expect((await api.get("/api/v1/settings")).json).toMatchObject({ backupIntervalHours: 6, backupKeep: 3 });
    expect(tab.pageErrors).toEqual([]);
  });

  it("downloads the setup, uploads one, shows the dry-run report (with what this machine lacks) before anything changes, then applies it", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const good = path.join(files.path, "setup.yaml");
    const watermark = { id: 40, name: "Bug", imageSource: "Custom", imagePath: "/srv/old-airwave/watermarks/bug.png", position: "BottomRight", size: "Scaled", widthPercent: 15, horizontalMarginPercent: 5, verticalMarginPercent: 5, opacity: 100, mode: "Permanent", placeWithinSourceContent: false };
    fs.writeFileSync(good, YAML.stringify({ format: "airwave-setup/1", tables: { watermark: [watermark], collection: [{ id: 40, name: "From the browser" }] } }));
    const bad = path.join(files.path, "broken.yaml");
    fs.writeFileSync(bad, YAML.stringify({ format: "airwave-setup/1", tables: { collection: [{ id: 41, name: 7 }] } }));

    await page.goto(new URL("/settings", server.url).href);
    const card = page.getByRole("region", { name: "Import and export" });
    const downloadLink = card.getByRole("link", { name: "Download the setup (YAML)" });
    expect(await downloadLink.getAttribute("href")).toBe("/api/v1/export");
    const [download] = await Promise.all([page.waitForEvent("download"), downloadLink.click()]);
    expect(download.suggestedFilename()).toBe("airwave-setup.yaml");
    const saved = YAML.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(saved.format).toBe("airwave-setup/1");
    expect(saved.tables.channel.map((c: { name: string }) => c.name)).toEqual((await api.get("/api/v1/channels")).json.map((c: { name: string }) => c.name));

    await card.locator('input[type="file"]').setInputFiles(bad);
    const problems = card.getByRole("alert");
    await problems.waitFor();
    expect(await problems.innerText()).toContain("tables.collection[0].name: must be text");
    expect(await card.getByRole("button", { name: "Apply import" }).count()).toBe(0);

    await card.locator('input[type="file"]').setInputFiles(good);
    await card.getByText("Would import setup.yaml: 2 new, 0 updated, 0 skipped").waitFor();
    // The missing image is named with its path in the document before anything is applied.
    const warnings = card.getByLabel("Import warnings");
    expect(await warnings.innerText()).toContain("tables.watermark[0].imagePath: watermark image /srv/old-airwave/watermarks/bug.png is not on this machine");
    expect(await card.getByRole("button", { name: "Apply import" }).count()).toBe(1);
    expect((await api.get("/api/v1/collections")).json).toEqual([]);
    await card.getByRole("button", { name: "Apply import" }).click();
    await card.getByText("Import applied; playouts continue their timelines.").waitFor();
    expect((await api.get("/api/v1/collections")).json.map((c: { name: string }) => c.name)).toEqual(["From the browser"]);
    expect((await api.get("/api/v1/watermarks")).json.map((w: { name: string }) => w.name)).toContain("Bug");
    expect(tab.pageErrors).toEqual([]);
  });
});
