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

  it("downloads the setup, uploads one, shows the dry-run report before anything changes, then applies it", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const good = path.join(files.path, "setup.yaml");
    fs.writeFileSync(good, YAML.stringify({ format: "airwave-setup/1", tables: { collection: [{ id: 40, name: "From the browser" }] } }));
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
    await card.getByText("Would import setup.yaml: 1 new, 0 updated, 0 skipped").waitFor();
    expect((await api.get("/api/v1/collections")).json).toEqual([]);
    await card.getByRole("button", { name: "Apply import" }).click();
    await card.getByText("Import applied; playouts rebuilt.").waitFor();
    expect((await api.get("/api/v1/collections")).json.map((c: { name: string }) => c.name)).toEqual(["From the browser"]);
    expect(tab.pageErrors).toEqual([]);
  });
});
