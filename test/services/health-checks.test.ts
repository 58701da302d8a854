import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { LibraryKind } from "../../server/domain/enums";
import type { ChannelCoverage } from "../../server/services/health/content-checks";
import { channelChecks } from "../../server/services/health/content-checks";
import type { HealthCheck } from "../../server/services/health/health-types";
import { useTempDir } from "../support/temp-dir";
import { createTestServices, type TestServices } from "../support/test-services";
import { FFmpegCapabilitiesProbe } from "../../server/streaming/ffmpeg-capabilities-probe";
import { FFmpegTrials } from "../../server/streaming/ffmpeg-trials";
import { ProcessRegistry } from "../../server/streaming/process-registry";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const HOUR = 3_600_000;

interface Fixture {
  fixture: TestServices;
  registry: ProcessRegistry;
  processes: string;
}

const opened: Fixture[] = [];

/** The services with the real FFmpeg (or a missing one), trials in a registry of their own, and a fixed clock. */
const mediaDir = useTempDir("airwave-health-media-");

async function open(options: { host?: string; writeKey?: string; ffmpeg?: { path?: string; probePath?: string } } = {}): Promise<TestServices> {
  const binaries = locateFFmpeg(options.ffmpeg ?? {});
  const probe = new FFmpegCapabilitiesProbe(binaries);
  const processes = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-health-processes-"));
  const registry = new ProcessRegistry(binaries.ffmpeg, processes);
  const config = { server: { host: options.host ?? "127.0.0.1", port: 0, trustProxy: false }, api: { writeKey: options.writeKey, legacyDeprecation: new Date(0), legacySunset: new Date(0) } };
  const fixture = await createTestServices({ ffmpegInfo: probe, ffmpegTrials: new FFmpegTrials(registry, () => probe.capabilities()), clock: () => NOW, config: config as never });
  opened.push({ fixture, registry, processes });
  return fixture;
}

afterEach(async () => {
  for (const { fixture, registry, processes } of opened.splice(0)) {
    await registry.killAll();
    fs.rmSync(processes, { recursive: true, force: true });
    await fixture.close();
  }
});

function byId(checks: HealthCheck[], id: string): HealthCheck {
  const check = checks.find((c) => c.id === id);
  if (!check) throw new Error(`no check ${id} in ${checks.map((c) => c.id).join(", ")}`);
  return check;
}

describe("health checks (service, no HTTP)", () => {
  it("reports FFmpeg and ffprobe with their versions, disk space, the write key and an empty setup as healthy", { timeout: 60_000 }, async () => {
    const { services } = await open();
    const checks = await services.health.run();
    expect(byId(checks, "ffmpeg")).toMatchObject({ status: "ok", reason: expect.stringMatching(/^ffmpeg version \S+/) });
    expect(byId(checks, "ffprobe")).toMatchObject({ status: "ok", reason: expect.stringMatching(/^ffprobe version \S+/) });
    expect(byId(checks, "disk")).toMatchObject({ reason: expect.stringMatching(/GiB free in /) });
    expect(byId(checks, "write-key")).toMatchObject({ status: "ok" });
    expect(byId(checks, "scans")).toMatchObject({ status: "ok" });
    expect(byId(checks, "guide")).toMatchObject({ status: "info", reason: expect.stringMatching(/not fetched|has not|No media player/) });
    // One check per hardware acceleration; none fails while no profile asks for it.
    const hardware = checks.filter((c) => c.id.startsWith("hardware-"));
    expect(hardware.map((c) => c.id).sort()).toEqual(["hardware-amf", "hardware-nvenc", "hardware-qsv", "hardware-vaapi", "hardware-videotoolbox"]);
    for (const check of hardware) {
      expect(["ok", "info"]).toContain(check.status);
      if (check.status === "info") expect(check.reason).toMatch(/^Not usable: \S/);
    }
    for (const check of checks) expect(check.reason.length).toBeGreaterThan(0);
  });

  it("fails a hardware acceleration that a profile uses but this machine cannot, naming the profile", { timeout: 60_000 }, async () => {
    const { services } = await open();
    const statuses = await services.ffmpegTrials!.accelerations();
    const unusable = statuses.find((s) => !s.usable);
    if (!unusable) throw new Error("every hardware acceleration works here; this check needs one that does not");
    await services.ffmpegProfiles.create({ name: "Needs a GPU", hardwareAcceleration: unusable.acceleration });
    const check = byId(await services.health.run(), `hardware-${unusable.acceleration.toLowerCase()}`);
    expect(check.status).toBe("failed");
    expect(check.reason).toContain('"Needs a GPU"');
    expect(check.action).toMatch(/FFmpeg profiles/);
  });

  it("fails a library folder that was removed, a failed scan, and an enabled channel without a playout", { timeout: 60_000 }, async () => {
    const { services } = await open();
    // Library folders live outside the data folder (a library may not point into it).
    const media = mediaDir.path;
    const kept = fs.mkdtempSync(path.join(media, "kept-"));
    const removed = fs.mkdtempSync(path.join(media, "removed-"));
    const library = await services.libraries.create({ name: "Films", kind: LibraryKind.Movies, paths: [kept, removed] });
    fs.rmSync(removed, { recursive: true });
    await services.libraries.recordScanOutcome({ scanId: "s1", libraryId: library.library.id, startedAt: NOW - 2 * HOUR, finishedAt: NOW - HOUR, success: false, message: "ffprobe exited with code 1" });
    const disabled = await services.channels.create({ name: "Off air", number: "9" });
    await services.channels.patch(disabled.channel.id, { isEnabled: false, showInEpg: false });

    const checks = await services.health.run();
    const paths = checks.filter((c) => c.id.startsWith("library-path-"));
    expect(paths.find((c) => c.title.endsWith(kept))).toMatchObject({ status: "ok" });
    expect(paths.find((c) => c.title.endsWith(removed))).toMatchObject({ status: "failed", reason: 'Library "Films": the folder does not exist (removed, renamed, or its drive is not connected)', action: expect.stringMatching(/Reconnect/) });
    expect(checks.find((c) => c.id.startsWith("scan-"))).toMatchObject({ status: "failed", reason: expect.stringContaining("ffprobe exited with code 1") });
    const channels = checks.filter((c) => c.id.startsWith("channel-playout-"));
    // The seeded channel has no playout; the disabled one is not checked.
    expect(channels.map((c) => c.title)).not.toContain('Channel 9 "Off air"');
    expect(channels.every((c) => c.status === "failed" && c.reason.startsWith("Has no playout"))).toBe(true);
  });

  it("fails the write key only while the server listens beyond this computer without one", { timeout: 60_000 }, async () => {
    const open1 = await open({ host: "0.0.0.0" });
    expect(byId(await open1.services.health.run(), "write-key")).toMatchObject({ status: "failed", reason: expect.stringContaining("0.0.0.0"), action: expect.stringMatching(/write key/) });
    const open2 = await open({ host: "0.0.0.0", writeKey: "a-secret-key-1234567890" });
    const check = byId(await open2.services.health.run(), "write-key");
    expect(check.status).toBe("ok");
    expect(JSON.stringify(check)).not.toContain("a-secret-key-1234567890");
  });

  it("fails FFmpeg and ffprobe that cannot be run, with the reason", { timeout: 60_000 }, async () => {
    const missing = path.join(os.tmpdir(), "airwave-no-such-ffmpeg");
    const { services } = await open({ ffmpeg: { path: missing, probePath: `${missing}-probe` } });
    const checks = await services.health.run();
    expect(byId(checks, "ffmpeg")).toMatchObject({ status: "failed", reason: expect.stringMatching(/FFmpeg cannot be run: .*ENOENT/), action: expect.stringMatching(/Install FFmpeg/) });
    expect(byId(checks, "ffprobe")).toMatchObject({ status: "failed", reason: expect.stringMatching(/ffprobe cannot be run: .*ENOENT/) });
  });
});

describe("channel coverage over the next 24 h", () => {
  const channel = { id: 1, number: "1", name: "One" } as ChannelCoverage["channel"];
  const built = { lastBuildSuccess: true, lastBuildMessage: null } as ChannelCoverage["playout"];

  it("is ok beyond 24 h and fails short, ended, empty and failed playouts with the reason", () => {
    const [covered, short, ended, empty, failed] = channelChecks(
      [
        { channel, playout: built, lastFinish: NOW + 30 * HOUR },
        { channel, playout: built, lastFinish: NOW + 3 * HOUR + 20 * 60_000 },
        { channel, playout: built, lastFinish: NOW - 2 * HOUR },
        { channel, playout: built, lastFinish: null },
        { channel, playout: { lastBuildSuccess: false, lastBuildMessage: "collection Films is empty" } as ChannelCoverage["playout"], lastFinish: NOW + 30 * HOUR },
      ],
      NOW,
    );
    expect(covered).toMatchObject({ status: "ok", reason: "Scheduled for the next 30 h" });
    expect(short).toMatchObject({ status: "failed", reason: "The schedule ends in 3 h 20 min, less than the next 24 h" });
    expect(ended).toMatchObject({ status: "failed", reason: "The schedule ended 2 h ago" });
    expect(empty).toMatchObject({ status: "failed", reason: "The playout has nothing scheduled" });
    expect(failed).toMatchObject({ status: "failed", reason: "The last playout build failed: collection Films is empty" });
  });
});
