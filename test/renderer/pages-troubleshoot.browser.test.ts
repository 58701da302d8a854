import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { choose, screenshot, useBrowserPage } from "../support/browser";
import { useTempDir, useTestServer } from "../support/test-server";
import { makeCountingClip } from "../streaming/support/stream-fixtures";
import { DATABASE_FILE } from "../../server/db/data-source";
import { seedMedia } from "../support/seed-media";
import { sqlInsert } from "../support/sqlite";

describe("the stream troubleshooter in a real browser", () => {
  const { server, api } = useTestServer();
  const media = useTempDir("airwave-troubleshoot-page-");
  const tab = useBrowserPage({ viewport: { width: 1280, height: 900 } });
  let missing: string;

  beforeAll(async () => {
    missing = path.join(media.path, "vanished-film.mkv");
    makeCountingClip(missing, 10, 128);
    fs.mkdirSync(path.join(server.dataDir, "playouts"), { recursive: true });
    const schedule = path.join(server.dataDir, "playouts", "channel.json");
    const programs = Array.from({ length: 10 }, (_, i) => ({ title: `Film ${i}`, duration: 10_000, file: missing }));
    fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 2000).toISOString(), programs }));
    const channel = await api.post("/api/v1/channels", { name: "Broken channel", number: "66" });
    expect(channel.status, channel.text).toBe(201);
    const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
    expect(playout.status, playout.text).toBe(201);
    fs.rmSync(missing);
  }, 60_000);

  it("runs a channel whose file is missing and shows why, with FFmpeg's error text, and downloads the report", { timeout: 90_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/troubleshoot", server.url).href);
    await choose(page, page.locator("body"), "Channel", "66 Broken channel");
    await page.getByRole("button", { name: "Run" }).click();
    const report = page.getByRole("region", { name: "Troubleshooter report" });
    await report.waitFor({ timeout: 60_000 });
    const text = await report.innerText();
    expect(text).toContain('Channel 66 "Broken channel" plays an error slate');
    expect(text).toContain(`Playout item does not exist on disk\n${missing}`);
    expect(text).toMatch(/ffprobe failed: .*No such file or directory/);
    expect(text).toMatch(/FFmpeg run 1 \(error\) — exit code 0/);
    expect(text).toMatch(/ffmpeg .*-f lavfi/);
    await screenshot(page, "page-troubleshoot");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download report" }).click()]);
    expect(download.suggestedFilename()).toBe("airwave-troubleshoot-channel-66.txt");
    const saved = fs.readFileSync((await download.path())!, "utf8");
    expect(saved).toContain('Channel 66 "Broken channel"');
    expect(saved).toMatch(/== Input probe \(ffprobe\)\nfailed: .*No such file or directory/);
    expect(tab.pageErrors).toEqual([]);
  });

  it("runs a media item with a chosen profile: the command reads its file and encodes at the profile's size", { timeout: 90_000 }, async () => {
    const { page } = tab;
    const clip = path.join(media.path, "playable.mkv");
    makeCountingClip(clip, 10, 128);
    const seeded = await seedMedia(server.dataDir, "Troubled");
    await sqlInsert(path.join(server.dataDir, DATABASE_FILE), "INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, 10000, 0)", [seeded.movieIds[0], clip]);
    const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tiny", resolution: { width: 128, height: 72 }, videoBitrate: 300, videoBufferSize: 600 });
    expect(profile.status, profile.text).toBe(201);

    await page.goto(new URL("/troubleshoot", server.url).href);
    await page.getByText("A media item", { exact: true }).click();
    await page.getByLabel("Media item", { exact: true }).fill(String(seeded.movieIds[0]));
    await choose(page, page.locator("body"), "FFmpeg profile", "Tiny");
    await page.getByRole("button", { name: "Run" }).click();
    const report = page.getByRole("region", { name: "Troubleshooter report" });
    await report.waitFor({ timeout: 60_000 });
    const text = await report.innerText();
    expect(text).toMatch(new RegExp(`\\(media item ${seeded.movieIds[0]}, profile "Tiny"\\) plays media`));
    expect(text).toMatch(/FFmpeg run 1 \(media\) — exit code 0/);
    expect(text).toContain(` -i ${clip} `);
    expect(text).toMatch(/128:72|128x72|scale=128/);
    expect(text).toMatch(/speed: ×\d/);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download report" }).click()]);
    expect(download.suggestedFilename()).toBe("airwave-troubleshoot-media-item.txt");
    expect(fs.readFileSync((await download.path())!, "utf8")).toContain(`-i ${clip} `);
    expect(tab.pageErrors).toEqual([]);
  });
});
