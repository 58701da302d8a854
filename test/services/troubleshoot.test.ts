import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { PlayoutKind } from "../../server/domain/enums";
import { FFmpegCapabilitiesProbe } from "../../server/streaming/ffmpeg-capabilities-probe";
import { MediaProbe } from "../../server/streaming/media-probe";
import { ProcessRegistry } from "../../server/streaming/process-registry";
import { redactArgument, Troubleshooter } from "../../server/streaming/troubleshooter";
import { makeCountingClip } from "../streaming/support/stream-fixtures";
import { seedMedia } from "../support/seed-media";
import { createTestServices, type TestServices } from "../support/test-services";
import { makeTempDir } from "../support/temp-dir";

const binaries = locateFFmpeg({});
let folder: string;
let registry: ProcessRegistry;
let fixture: TestServices;

/** A channel playing `file` (10 s items) from 2 s ago, through an ExternalJson playout. */
async function channelPlaying(number: string, file: string): Promise<void> {
  const channelFiles = path.join(fixture.dataDir, "playouts");
  fs.mkdirSync(channelFiles, { recursive: true });
  const schedule = path.join(channelFiles, `channel-${number}.json`);
  const programs = Array.from({ length: 10 }, (_, i) => ({ title: `Item ${i}`, duration: 10_000, file }));
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(Date.now() - 2000).toISOString(), programs }));
  // The clip fits this profile; the report is checked on the transcoding command (copyWhenCompatible off).
  const profile = await fixture.services.ffmpegProfiles.create({ name: `Tiny ${number}`, resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, copyWhenCompatible: false });
  const channel = await fixture.services.channels.create({ name: `Channel ${number}`, number, ffmpegProfileId: profile.profile.id });
  await fixture.services.playouts.create({ channelId: channel.channel.id, kind: PlayoutKind.ExternalJson, scheduleFile: schedule });
}

beforeAll(async () => {
  folder = makeTempDir("airwave-troubleshoot-");
  registry = new ProcessRegistry(binaries.ffmpeg, path.join(folder, "processes"));
  const probe = new FFmpegCapabilitiesProbe(binaries);
  const troubleshooter = new Troubleshooter({ ffmpegPath: binaries.ffmpeg, ffprobePath: binaries.ffprobe, folder: path.join(folder, "scratch"), registry, probe: new MediaProbe(binaries.ffprobe), capabilities: () => probe.capabilities() });
  fixture = await createTestServices({ troubleshooter });
  makeCountingClip(path.join(folder, "clip.mkv"), 10, 128);
}, 60_000);

afterAll(async () => {
  await registry?.killAll();
  await fixture?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("the stream troubleshooter's report (service, no HTTP)", () => {
  it("runs a playing channel's real command: the exact command line, the probe, streams, filters, first segment and speed", { timeout: 90_000 }, async () => {
    const clip = path.join(folder, "clip.mkv");
    await channelPlaying("31", clip);
    const report = await fixture.services.troubleshoot.channel("31");
    expect(report).toMatchObject({ channelNumber: "31", channelName: "Channel 31", plan: { kind: "media", path: clip }, probe: { ok: true } });
    expect(report.probe!.summary).toMatch(/matroska.*10\.\d s: #0 Video h264.*#1 Audio/i);
    expect(report.runs).toHaveLength(1);
    const [run] = report.runs;
    expect(run).toMatchObject({ kind: "media", exitCode: 0, videoEncoder: "libx264", audioEncoder: "aac" });
    expect(run!.commandLine.startsWith(`${binaries.ffmpeg} `)).toBe(true);
    expect(run!.commandLine).toContain(` -i ${clip} `);
    expect(run!.maps.length).toBeGreaterThanOrEqual(2);
    expect(run!.filters).toMatch(/format=yuv420p/);
    expect(run!.firstSegmentMs).toBeGreaterThan(0);
    expect(run!.speed).toBeGreaterThan(0);
    // Everything, as one text file.
    expect(report.text).toContain(`Channel 31 "Channel 31" at ${report.at}`);
    expect(report.text).toContain(`media: ${clip} from`);
    expect(report.text).toContain(run!.commandLine);
    expect(report.text).toMatch(/first segment: \d+ ms/);
    expect(registry.count).toBe(0);
    expect(fs.readdirSync(path.join(folder, "scratch"))).toEqual([]);
  });

  it("a channel whose file is missing: the reason, ffprobe's own error, and the error slate it plays", { timeout: 90_000 }, async () => {
    const missing = path.join(folder, "gone.mkv");
    fs.copyFileSync(path.join(folder, "clip.mkv"), missing);
    await channelPlaying("32", missing);
    fs.rmSync(missing);
    const report = await fixture.services.troubleshoot.channel("32");
    expect(report.plan).toMatchObject({ kind: "error", path: missing, reason: `Playout item does not exist on disk\n${missing}` });
    expect(report.probe).toMatchObject({ ok: false, error: expect.stringMatching(/No such file or directory/) });
    expect(report.runs[0]).toMatchObject({ kind: "error", exitCode: 0 });
    expect(report.text).toMatch(/== Input probe \(ffprobe\)\nfailed: .*No such file or directory/);
  });

  it("a media item with a chosen profile: the same report of its command, and a missing file's ffprobe error", { timeout: 90_000 }, async () => {
    const clip = path.join(folder, "clip.mkv");
    const gone = path.join(folder, "item-gone.mkv");
    const media = await seedMedia(fixture.dataDir, "Troubled");
    const [playable, missing] = media.movieIds;
    await fixture.insert("INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, 10000, 0)", [playable, clip]);
    await fixture.insert("INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, 10000, 0)", [missing, gone]);
    const profile = await fixture.services.ffmpegProfiles.create({ name: "Item tiny", resolution: { width: 128, height: 72 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });

    const report = await fixture.services.troubleshoot.mediaItem(playable!, profile.profile.id);
    expect(report).toMatchObject({ channelNumber: "", plan: { kind: "media", path: clip, seekMs: 0 }, probe: { ok: true } });
    expect(report.channelName).toMatch(/\(media item \d+, profile "Item tiny"\)$/);
    const [run] = report.runs;
    expect(run).toMatchObject({ kind: "media", exitCode: 0, videoEncoder: "libx264", audioEncoder: "aac" });
    expect(run!.commandLine).toContain(` -i ${clip} `);
    // The chosen profile's frame size is in the filters.
    expect(run!.filters).toMatch(/scale=.*128.*72|128:72/);
    expect(run!.firstSegmentMs).toBeGreaterThan(0);
    expect(run!.speed).toBeGreaterThan(0);
    expect(report.text).toContain(`${report.channelName} at ${report.at}`);
    expect(report.text).toContain(run!.commandLine);

    const broken = await fixture.services.troubleshoot.mediaItem(missing!, profile.profile.id);
    expect(broken.plan).toMatchObject({ kind: "error", path: gone, reason: `Media item does not exist on disk\n${gone}` });
    expect(broken.probe).toMatchObject({ ok: false, error: expect.stringMatching(/No such file or directory/) });

    await expect(fixture.services.troubleshoot.mediaItem(999_999, profile.profile.id)).rejects.toMatchObject({ kind: "NotFound" });
    await expect(fixture.services.troubleshoot.mediaItem(playable!, 999_999)).rejects.toMatchObject({ errors: [{ field: "ffmpegProfileId" }] });
    expect(registry.count).toBe(0);
  });

  it("names an unknown channel as not found, and redacts credentials and tokens in arguments", async () => {
    await expect(fixture.services.troubleshoot.channel("999")).rejects.toMatchObject({ kind: "NotFound" });
    expect(redactArgument("http://user:secret@nas.local/film.mkv?access_token=abc.def&x=1")).toBe("http://[redacted]@nas.local/film.mkv?access_token=[redacted]&x=1");
  });
});
