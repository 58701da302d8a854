import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { choose, useBrowserPage } from "../support/browser";
import { apiClient } from "../support/http";
import { scanAndWait } from "../support/library-scan";
import { fakeJellyfin } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { FakeMediaBrowserServer } from "../support/media-servers/mediabrowser/fake-mediabrowser-server";
import { useTempDir, useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

/**
 * Issue #28, acceptance 2: a stream, a scan, a build and a real FFmpeg failure each leave a line a user can act on,
 * found in GET /api/v1/logs and on the Logs page in Chromium; no line anywhere (the API, the page, airwave.log)
 * holds the write key, the JWT signing key or a media source's credential.
 */
const WRITE_KEY = "events-write-key-3f9a1c7e5b2d";
const JWT_KEY = "events-jwt-signing-key-8e4b6a0c2f1d";
const CREDENTIAL = "events-jellyfin-credential-7c5e3a1b9d";
const SECRETS = [WRITE_KEY, JWT_KEY, CREDENTIAL];

const { server } = useTestServer({ env: { Api__WriteKey: WRITE_KEY, JWT__IssuerSigningKey: JWT_KEY, Logging__Level: "debug", Streaming__IdleTimeoutSeconds: "60" } });
const api = () => apiClient(server.url, { "X-Api-Key": WRITE_KEY });
const media = useTempDir("airwave-logs-events-");
const tab = useBrowserPage();

type Line = { seq: number; level: string; text: string };
const lines = async (): Promise<Line[]> => (await api().get("/api/v1/logs?limit=2000")).json;
const find = (what: RegExp, level?: string) =>
  waitFor(async () => (await lines()).find((l) => what.test(l.text) && (!level || l.level === level)), `a log line matching ${what}`, { timeoutMs: 20_000, intervalMs: 200 });

/** 3 s of 160x90 H.264 and AAC; `broken` passes every packet of the video through FFmpeg's noise filter: ffprobe reads it, FFmpeg cannot decode it. */
function clip(file: string, broken = false): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=25:duration=3", "-f", "lavfi", "-i", "sine=duration=3",
    "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", ...(broken ? ["-bsf:v", "noise=amount=2"] : []), "-shortest", file,
  ], { stdio: ["ignore", "ignore", "pipe"] });
}

/** A channel playing `file` (an ExternalJson playout, built now). */
async function channelPlaying(number: string, file: string): Promise<number> {
  const schedule = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 500).toISOString(), programs: [{ title: path.basename(file), duration: 3_600_000, file }] }));
  const channel = await api().post("/api/v1/channels", { name: `Events ${number}`, number, streamingMode: "HttpLiveStreamingSegmenter" });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api().post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: schedule });
  expect(playout.status, playout.text).toBe(201);
  return channel.json.id;
}

describe("the Logs page tells what happened", () => {
  let jellyfin: FakeMediaBrowserServer;
  beforeAll(async () => {
    jellyfin = await fakeJellyfin(CREDENTIAL).start();
  });
  afterAll(async () => {
    await jellyfin?.close();
  });

  it("a scan, a build, a stream and a failing FFmpeg each leave a line in the API and on the page, and no line holds a secret", { timeout: 60_000 }, async () => {
    const source = await api().post("/api/v1/media-sources", { name: "Den", kind: "Jellyfin", url: jellyfin.url, credential: CREDENTIAL });
    expect(source.status, source.text).toBe(201);
    const films = path.join(media.path, "Films");
    const good = path.join(films, "Good (2001)", "Good (2001).mkv");
    const broken = path.join(films, "Broken (2002)", "Broken (2002).mkv");
    clip(good);
    clip(broken, true);

    // A scan: its library, counts and duration.
    const library = await api().post("/api/v1/libraries", { name: "Event Films", kind: "Movies", paths: [films] });
    expect(library.status, library.text).toBe(201);
    await scanAndWait(api(), library.json.id);
    const scanned = await find(new RegExp(`library scan finished .*libraryId=${library.json.id}`), "info");
    expect(scanned.text).toMatch(/durationMs=\d+/);
    expect(scanned.text).toMatch(/result=2 probed/);

    // A build: the channel, its kind and items.
    await channelPlaying("61", good);
    const built = await find(/playout built .*channel=61\b.*kind=ExternalJson/, "info");
    expect(built.text).toMatch(/items=\d+/);

    // A stream (with tokens on, a player's URL carries one: a secret too): the session starts, FFmpeg runs, a viewer joins; the session is stopped with its reason.
    const token = (await api().post("/api/v1/iptv/tokens")).json.token as string;
    expect(token).toMatch(/^ey/);
    const playing = await api().get(`/iptv/channel/61.m3u8?mode=segmenter&access_token=${token}`);
    expect(playing.status, playing.text).toBe(200);
    const variant = playing.text.split("\n").find((l: string) => l && !l.startsWith("#"))!;
    const variantUrl = new URL(variant, new URL("/iptv/channel/61.m3u8", server.url));
    expect((await api().get(variantUrl.pathname + variantUrl.search)).status).toBe(200);
    await find(/stream session started channel=61 mode=segmenter/, "info");
    await find(/FFmpeg started for=session 61/, "info");
    await find(/viewer joined .*channel=61/, "info");
    expect((await api().delete("/api/v1/sessions/61")).status).toBe(204);
    await find(/stream session stopped channel=61 .*reason=stopped through the API/, "info");

    // A failing FFmpeg: the file probes, FFmpeg cannot decode it and exits with an error. A warning names the
    // channel, the file and FFmpeg's own error line; the viewer gets an error slate.
    await channelPlaying("62", broken);
    await api().get(`/iptv/channel/62.m3u8?mode=segmenter&access_token=${token}`);
    const failed = await find(/FFmpeg failed for=session 62\b/, "warn");
    expect(failed.text).toMatch(/code=[1-9]/);
    expect(failed.text).toContain(`input=${broken}`);
    expect(failed.text).toMatch(/lastError=.*(Cannot determine format of input stream|Invalid data|decod)/i);
    expect(failed.text).not.toMatch(/lastError=Conversion failed!$/);
    expect((await api().delete("/api/v1/sessions/62")).status).toBe(204);

    // The Logs page shows the same lines, filtered by level and text.
    const { page } = tab;
    await page.goto(new URL("/logs", server.url).href);
    const list = page.getByRole("list", { name: "Log lines" });
    await choose(page, page.locator("body"), "Lowest level", "warn");
    await page.getByLabel("Containing").fill("session 62");
    await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain("FFmpeg failed for=session 62");
    expect(await list.innerText()).toContain(broken);
    expect(await list.innerText()).not.toContain("FFmpeg started");
    await choose(page, page.locator("body"), "Lowest level", "info");
    for (const [text, shown] of [["library scan finished", `libraryId=${library.json.id}`], ["playout built", "channel=61"], ["stream session stopped channel=61", "reason=stopped through the API"]]) {
      await page.getByLabel("Containing").fill(text);
      await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain(shown);
    }
    await page.getByLabel("Containing").fill("");
    await expect.poll(() => list.getByRole("listitem").count(), { timeout: 10_000 }).toBeGreaterThan(10);
    const pageText = await page.locator("body").innerText();

    // No secret anywhere a log line lands (at debug level: FFmpeg's commands too).
    const answer = (await api().get("/api/v1/logs?limit=2000")).text;
    const file = fs.readFileSync(path.join(server.dataDir, "logs", "airwave.log"), "utf8");
    expect(file).toContain("FFmpeg failed for=session 62");
    expect(file).toContain("FFmpeg command");
    for (const where of [answer, pageText, file]) for (const secret of [...SECRETS, token]) expect(where).not.toContain(secret);
    expect(tab.pageErrors).toEqual([]);
  });
});
