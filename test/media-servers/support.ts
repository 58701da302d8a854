import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { fakeEmby } from "../support/media-servers/emby/fake-emby";
import { fakeJellyfin } from "../support/media-servers/jellyfin/fake-jellyfin";
import type { ApiClient } from "../support/http";
import { ffprobeJson, openStream } from "../streaming/support/stream-fixtures";
import { waitFor } from "../support/wait";

export const API_KEY = "a1b2c3d4e5f60718293a4b5c6d7e8f90";

/** The two MediaBrowser kinds, each with its fake server. */
export const MEDIABROWSER_KINDS = [
  { kind: "Jellyfin" as const, make: fakeJellyfin, wrongKind: fakeEmby },
  { kind: "Emby" as const, make: fakeEmby, wrongKind: fakeJellyfin },
];

/** Scans (syncs) a library and waits for the recorded result. */
export async function syncLibrary(api: ApiClient, libraryId: number, force = false): Promise<{ lastScanSuccess: boolean; lastScanMessage: string }> {
  const queued = await api.post(`/api/v1/libraries/${libraryId}/scan${force ? "?force=true" : ""}`);
  expect(queued.status, queued.text).toBeLessThan(300);
  const startedAt = queued.json.scan.startedAt;
  // The scan shows as running until its result is stored (a failure does not move lastScan).
  return waitFor(async () => {
    const library = (await api.get(`/api/v1/libraries/${libraryId}`)).json;
    return library.scan?.startedAt !== startedAt ? library : undefined;
  }, "the sync to finish", { timeoutMs: 20_000 });
}

/** Every log file's text under the data folder. */
export function logText(dataDir: string): string {
  const folder = path.join(dataDir, "logs");
  if (!fs.existsSync(folder)) return "";
  return fs.readdirSync(folder).map((f) => fs.readFileSync(path.join(folder, f), "utf8")).join("\n");
}

/** The message a problem-details body gives for one field ("" when none). */
export function fieldError(problem: { errors?: Array<{ field: string; message: string }> }, field: string): string {
  return (problem.errors ?? []).filter((e) => e.field === field).map((e) => e.message).join(" ");
}

/**
 * A channel whose Sequential playout plays `contentYaml` (its key `remote`), watched over TS until 40 kB
 * arrived: the ffprobe of what arrived and what the session listing said it played (polled: between
 * pieces it shows nothing). Every session listing is checked not to contain `secret`.
 */
export async function watchChannel(
  server: { url: string },
  api: ApiClient,
  options: { number: string; profileId: number; contentYaml: string; captureDir: string; secret: string },
): Promise<{ probe: any; nowPlaying: { kind: string; title: string } }> {
  const { number, profileId, contentYaml, captureDir, secret } = options;
  const channel = await api.post("/api/v1/channels", { name: `Remote ${number}`, number, ffmpegProfileId: profileId, streamingMode: "TransportStreamHybrid" });
  expect(channel.status, channel.text).toBe(201);
  const definition = `content:\n${contentYaml}\nplayout:\n  - all:\n    content: remote\n  - repeat: true\n`;
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "Sequential", definition });
  expect(playout.status, playout.text).toBe(201);
  const viewer = await openStream(`${server.url}/iptv/channel/${number}.ts`);
  expect(viewer.status).toBe(200);
  await viewer.waitForBytes(40_000, 60_000);
  const nowPlaying = await waitFor(async () => {
    const sessions = await api.get("/api/v1/sessions");
    expect(sessions.text).not.toContain(secret);
    return JSON.parse(sessions.text).find((x: { channelNumber: string }) => x.channelNumber === number)?.nowPlaying;
  }, "the session's current item", { timeoutMs: 20_000, intervalMs: 20 });
  viewer.close();
  const captured = path.join(captureDir, `viewer-${number}.ts`);
  fs.writeFileSync(captured, viewer.bytes());
  return { probe: await ffprobeJson(captured), nowPlaying };
}
