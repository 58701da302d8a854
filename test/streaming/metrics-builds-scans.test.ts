import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { scanAndWait } from "../support/library-scan";
import { useTempDir, useTestServer } from "../support/test-server";
import { observations, scrapeMetrics, type PromFamily } from "./support/prometheus";
import { makeCountingClip, waitUntil } from "./support/stream-fixtures";

/** Every sample of a counter family whose labels include these, added up. */
function total(families: Map<string, PromFamily>, name: string, labels: Record<string, string>): number {
  return (families.get(name)?.metrics ?? []).filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v)).reduce((sum, m) => sum + Number(m.value ?? 0), 0);
}

describe("GET /metrics: scans, builds and the guide", () => {
  const { server, api } = useTestServer();
  const media = useTempDir("airwave-metrics-more-");

  it("times a library scan", { timeout: 60_000 }, async () => {
    makeCountingClip(path.join(media.path, "Films", "Clip (2001)", "Clip (2001).mkv"), 2, 128);
    const before = await scrapeMetrics(api);
    const library = await api.post("/api/v1/libraries", { name: "Metered Films", kind: "Movies", paths: [path.join(media.path, "Films")] });
    expect(library.status, library.text).toBe(201);
    await scanAndWait(api, library.json.id);
    await waitUntil(async () => observations(await scrapeMetrics(api), "airwave_library_scan_duration_seconds") > observations(before, "airwave_library_scan_duration_seconds"), 10_000, "the scan to be timed");
  });

  it("counts a failed playout build by kind and times the guide rebuild after a build", { timeout: 60_000 }, async () => {
    const file = path.join(server.dataDir, "playouts", "metered.json");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 1000).toISOString(), programs: [{ title: "Gap", duration: 600_000, isOffline: true }] }));
    const channel = await api.post("/api/v1/channels", { name: "Metered Builds", number: "78" });
    expect(channel.status, channel.text).toBe(201);
    const before = await scrapeMetrics(api);
    const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
    expect(playout.status, playout.text).toBe(201);
    expect((await api.get("/iptv/xmltv.xml")).status).toBe(200);
    const built = await scrapeMetrics(api);
    expect(observations(built, "airwave_guide_rebuild_duration_seconds")).toBeGreaterThan(observations(before, "airwave_guide_rebuild_duration_seconds"));
    expect(total(built, "airwave_playout_build_failures_total", { kind: "ExternalJson" })).toBe(total(before, "airwave_playout_build_failures_total", { kind: "ExternalJson" }));

    // The channel file goes bad: the next build fails and is counted.
    fs.writeFileSync(file, "{ not json");
    await api.post(`/api/v1/channels/${channel.json.id}/playout/reset`);
    const failed = await scrapeMetrics(api);
    expect(total(failed, "airwave_playout_build_failures_total", { kind: "ExternalJson" })).toBe(total(before, "airwave_playout_build_failures_total", { kind: "ExternalJson" }) + 1);
  });
});
