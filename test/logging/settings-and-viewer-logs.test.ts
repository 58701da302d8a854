import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { useTestServer } from "../support/test-server";
import { waitFor } from "../support/wait";

/**
 * The rest of what a user reads on the Logs page: viewers joining and leaving, guide rebuilds, backups,
 * settings changes (keys, never values), the runtime log level (REST and GraphQL, logged itself) and the
 * optional /iptv/ access log at debug level with secrets redacted.
 */
const KEY = "viewer-logs-write-key-0123456789abcdef";
const NEW_KEY = "viewer-logs-replacement-key-9876543210";
const { server } = useTestServer({ env: { Api__WriteKey: KEY, Streaming__IdleTimeoutSeconds: "2" } });
const api = () => apiClient(server.url, { "X-Api-Key": KEY });

type Line = { seq: number; level: string; text: string };
const lines = async (): Promise<Line[]> => (await api().get(`/api/v1/logs?limit=2000`)).json;
const find = (what: RegExp, level?: string) => waitFor(async () => (await lines()).find((l) => what.test(l.text) && (!level || l.level === level)), `a log line matching ${what}`, { timeoutMs: 30_000 });

describe("logs of viewers, the guide, backups and settings", () => {
  it("a viewer joining and leaving, a guide rebuild, a backup, a settings change and the runtime log level each leave a line; no secret in any", { timeout: 90_000 }, async () => {
    // The test server starts at level error; the level is a setting that applies at once.
    const info = await api().put("/api/v1/settings", { logLevel: "info" });
    expect(info.status, info.text).toBe(200);
    await find(/log level changed from=error to=info/, "info");
    const file = path.join(server.dataDir, "playouts", "channel-51.json");
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 60_000).toISOString(), programs: [{ title: "Night", duration: 3_600_000, isOffline: true }] }));
    const channel = await api().post("/api/v1/channels", { name: "Viewers", number: "51", streamingMode: "HttpLiveStreamingSegmenter" });
    expect(channel.status, channel.text).toBe(201);
    expect((await api().post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file })).status).toBe(201);

    // A guide rebuild: channels, programmes, duration.
    expect((await api().get("/iptv/xmltv.xml")).status).toBe(200);
    expect((await find(/guide rebuilt channels=\d+ programmes=\d+ durationMs=\d+/, "info")).text).toMatch(/channels=1 /);

    // A viewer joins (address, user agent) and, once it stops asking, leaves.
    const player = apiClient(server.url, { "X-Api-Key": KEY, "user-agent": "LogTestPlayer/1.0" });
    await player.get("/iptv/channel/51.m3u8?mode=segmenter");
    await player.get("/iptv/session/51/hls.m3u8");
    expect((await find(/viewer joined channel=51 mode=segmenter address=\S+ userAgent=LogTestPlayer\/1\.0/, "info")).text).toMatch(/address=(::ffff:)?127\.0\.0\.1/);
    expect((await find(/viewer left channel=51 .*userAgent=LogTestPlayer\/1\.0/, "info")).text).toMatch(/reason=/);
    await find(/stream session stopped channel=51/);

    // A backup made; the old ones pruned past Backup:Keep.
    expect((await api().put("/api/v1/settings", { backupKeep: 1 })).status).toBe(200);
    expect((await find(/settings changed names=Backup:Keep/, "info")).text).not.toMatch(/=1\b.*=1\b/);
    expect((await api().post("/api/v1/maintenance/backup", {})).status).toBeLessThan(300);
    expect((await api().post("/api/v1/maintenance/backup", {})).status).toBeLessThan(300);
    await find(/backup made name=airwave-\S+-manual\.sqlite3 trigger=manual sizeBytes=\d+/, "info");
    await find(/old backups pruned removed=airwave-\S+ kept=1/, "info");

    // A settings change names the keys, never the values (a new signing key least of all).
    const secret = await api().put("/api/v1/settings", { iptvTokenKey: NEW_KEY, guideDaysToBuild: 3 });
    expect(secret.status, secret.text).toBe(200);
    const changed = await find(/settings changed names=.*JWT:IssuerSigningKey/);
    expect(changed.text).toContain("Guide:DaysToBuild");
    expect(changed.text).toContain("afterRestart=JWT:IssuerSigningKey");
    expect(changed.text).not.toMatch(/=3\b/);
    const next = api;

    // The log level at run time: debug over REST (logged itself), the access log on, an /iptv/ request with a token in its query.
    const debug = await next().put("/api/v1/settings", { logLevel: "debug", iptvAccessLog: true });
    expect(debug.status, debug.text).toBe(200);
    expect(debug.json).toMatchObject({ logLevel: "debug", iptvAccessLog: true });
    await find(/log level changed from=info to=debug/);
    await next().get(`/iptv/channels.m3u?access_token=abc.def.ghi&apikey=${NEW_KEY}&mode=segmenter`);
    const access = await waitFor(async () => ((await next().get("/api/v1/logs?limit=2000")).json as Line[]).find((l) => /iptv request .*path=\/iptv\/channels\.m3u/.test(l.text)), "the access log line", { timeoutMs: 10_000 });
    expect(access.level).toBe("debug");
    expect(access.text).toMatch(/method=GET/);
    expect(access.text).toContain("query=access_token=[redacted]&apikey=[redacted]&mode=segmenter");
    expect(access.text).not.toContain("abc.def.ghi");

    // Back to warn over GraphQL: info lines stop, the change itself is logged at warn.
    const gql = await next().graphql(`mutation { updateSettings(input: { logLevel: "warn" }) { logLevel } }`);
    expect(gql.json.errors, JSON.stringify(gql.json.errors)).toBeUndefined();
    expect(gql.json.data.updateSettings.logLevel).toBe("warn");
    const changedToWarn = await find(/log level changed from=debug to=warn/, "warn");
    await next().get("/iptv/channels.m3u");
    server.log.info("an info line after the level went to warn");
    const after = ((await next().get("/api/v1/logs?limit=2000")).json as Line[]).filter((l) => l.seq > changedToWarn.seq);
    expect(after.filter((l) => l.level === "info" || l.level === "debug")).toEqual([]);
    // A bad level is refused, naming the field.
    const bad = await next().put("/api/v1/settings", { logLevel: "verbose" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("logLevel");

    for (const line of (await next().get("/api/v1/logs?limit=2000")).json as Line[]) {
      expect(line.text).not.toContain(KEY);
      expect(line.text).not.toContain(NEW_KEY);
    }
  });
});
