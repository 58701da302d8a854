import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { scanAndWait } from "../support/library-scan";
import { useTempDir, useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

/**
 * What a user finds on the Logs page (GET /api/v1/logs) after using the server: a build, a scan, a stream
 * (its session and FFmpeg starting and being stopped). No line holds the write key.
 */
const KEY = "story-logs-write-key-0123456789abcdef";
const { server } = useTestServer({ env: { Api__WriteKey: KEY, Logging__Level: "info", Streaming__IdleTimeoutSeconds: "60" } });
const api = () => apiClient(server.url, { "X-Api-Key": KEY });
const media = useTempDir("airwave-story-logs-");

type Line = { level: string; text: string };
const lines = async (): Promise<Line[]> => (await api().get(`/api/v1/logs?limit=2000`)).json;
const find = (what: RegExp, level?: string) => waitFor(async () => (await lines()).find((l) => what.test(l.text) && (!level || l.level === level)), `a log line matching ${what}`, { timeoutMs: 30_000 });

describe("logs that tell the story", () => {
  it("a build, a scan, a stream and its stop each leave a line, none with a secret", { timeout: 90_000 }, async () => {
    // A playout build.
    const clip = path.join(server.dataDir, "playouts", "broken.mkv");
    fs.writeFileSync(clip, "this is not a video file");
    const file = path.join(server.dataDir, "playouts", "channel-41.json");
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 60_000).toISOString(), programs: [{ title: "Broken", duration: 3_600_000, file: clip }] }));
    const channel = await api().post("/api/v1/channels", { name: "Story", number: "41", streamingMode: "HttpLiveStreamingSegmenter" });
    expect(channel.status, channel.text).toBe(201);
    const playout = await api().post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
    expect(playout.status, playout.text).toBe(201);
    const built = await find(/playout built .*kind=ExternalJson.*items=1/);
    expect(built.level).toBe("info");

    // A scan.
    fs.mkdirSync(path.join(media.path, "Films"));
    const library = await api().post("/api/v1/libraries", { name: "Films", kind: "Movies", paths: [path.join(media.path, "Films")] });
    expect(library.status, library.text).toBe(201);
    await scanAndWait(api(), library.json.id);
    expect((await find(/library scan (finished|failed) .*libraryId=/)).text).toMatch(/durationMs=\d+/);

    // A stream: the session starts (the unreadable file plays as an error slate), FFmpeg runs, the session is stopped.
    // (On a busy machine the first answer may be a 503 "did not start in time"; the session runs on.)
    await api().get("/iptv/channel/41.m3u8?mode=segmenter");
    await find(/stream session started channel=41 mode=segmenter/);
    await find(/FFmpeg started for=session 41/);
    expect((await api().delete("/api/v1/sessions/41")).status).toBe(204);
    expect((await find(/FFmpeg stopped for=session 41/)).text).toMatch(/code=/);
    await find(/stream session stopped channel=41 .*reason=stopped through the API/);

    // Nothing the user entered as a secret appears.
    const all = await lines();
    expect(all.length).toBeGreaterThan(5);
    for (const line of all) expect(line.text).not.toContain(KEY);
  });
});
