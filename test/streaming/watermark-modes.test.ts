/**
 * Watermark settings as streams draw them: the services plan a piece of a channel at a chosen wall-clock
 * moment, the real argument builder makes its FFmpeg command, FFmpeg encodes a few seconds of it, and
 * the frames are sampled where the watermark sits. Also the still preview (FFmpeg's PNG).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locateFFmpeg } from "../../server/config/ffmpeg-binaries";
import { PlayoutKind, WatermarkImageSource, WatermarkMode, WatermarkPosition, WatermarkSize } from "../../server/domain/enums";
import { FFmpegCapabilitiesProbe } from "../../server/streaming/ffmpeg-capabilities-probe";
import { MediaProbe } from "../../server/streaming/media-probe";
import { pieceCommand } from "../../server/streaming/plan-command";
import { ProcessRegistry } from "../../server/streaming/process-registry";
import { WatermarkPreviews } from "../../server/streaming/watermark-preview";
import { colorDistance, grabRgbFrame, meanColor, pngFrame, type RgbFrame } from "../support/frame-pixels";
import { makeImage } from "../support/music-fixtures";
import { createTestServices, type TestServices } from "../support/test-services";
import { makeTempDir } from "../support/test-server";

const run = promisify(execFile);
const binaries = locateFFmpeg({});
const MAGENTA = [0xff, 0x00, 0xff];
const W = 320;
const H = 180;
/** A minute boundary a while ago: intermittent cycles are counted on the wall clock. */
const MINUTE = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;

let folder: string;
let clip: string;
let registry: ProcessRegistry;
let fixture: TestServices;
let profileId: number;
let nextNumber = 40;
const capabilities = new FFmpegCapabilitiesProbe(binaries);

/**
 * A channel (named `name`) whose one programme, the grey clip, started 5 s before MINUTE. It is listed as
 * 10 minutes long, so it still runs when the playout is built (builds keep items from now on); pieces only
 * ever seek into its first 70 s.
 */
async function channelWith(watermarkId: number, name = "Marked"): Promise<string> {
  const number = String(nextNumber++);
  const schedule = path.join(fixture.dataDir, "playouts", `channel-${number}.json`);
  fs.mkdirSync(path.dirname(schedule), { recursive: true });
  fs.writeFileSync(schedule, JSON.stringify({ startTime: new Date(MINUTE - 5000).toISOString(), programs: [{ title: "Grey", duration: 600_000, file: clip }] }));
  const channel = await fixture.services.channels.create({ name, number, ffmpegProfileId: profileId, watermarkId });
  await fixture.services.playouts.create({ channelId: channel.channel.id, kind: PlayoutKind.ExternalJson, scheduleFile: schedule });
  return number;
}

/** Encodes 6 s of what `number` plays from wall-clock `at` and returns the frame at `second`s of that piece. */
async function frameOf(number: string, at: number, ...seconds: number[]): Promise<RgbFrame[]> {
  const plan = await fixture.services.streamSources.planAt(number, at);
  expect(plan.content.kind).toBe("media");
  const output = path.join(folder, `piece-${number}-${at}.ts`);
  const command = await pieceCommand({ plan, durationMs: 6000, realtime: false, ptsOffsetMs: 0, output: { kind: "mpegts", target: output } }, await capabilities.capabilities(), new MediaProbe(binaries.ffprobe));
  await run(binaries.ffmpeg, ["-y", ...command.args], { timeout: 60_000 });
  return Promise.all(seconds.map((s) => grabRgbFrame(output, W, H, s)));
}

/** A magenta picture of `size` outside the data folder. */
function picture(name: string, size: string): string {
  const file = path.join(folder, "pictures", name);
  makeImage(file, "0xff00ff", size);
  return file;
}

/** The same picture as a client uploads it (imageData); the watermark gets a copy in the data folder. */
const upload = (name: string, size: string) => `data:image/png;base64,${fs.readFileSync(picture(name, size)).toString("base64")}`;

beforeAll(async () => {
  folder = makeTempDir("airwave-watermark-modes-");
  registry = new ProcessRegistry(binaries.ffmpeg, path.join(folder, "processes"));
  fixture = await createTestServices({ watermarkPreviews: new WatermarkPreviews(registry), ffprobePath: binaries.ffprobe });
  clip = path.join(folder, "grey.mkv");
  await run(binaries.ffmpeg, ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=0x808080:s=320x180:r=25:d=130", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=130", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-shortest", clip], { timeout: 120_000 });
  const profile = await fixture.services.ffmpegProfiles.create({ name: "Small", resolution: { width: W, height: H }, videoBitrate: 400, videoBufferSize: 800, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false });
  profileId = profile.profile.id;
}, 180_000);

afterAll(async () => {
  await registry?.killAll();
  await fixture?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** Mean colour of the top-left 20 % × 20 %, where the corner watermarks below sit. */
const corner = (frame: RgbFrame) => meanColor(frame, 0.01, 0.02, 0.2, 0.2);
const far = (frame: RgbFrame) => meanColor(frame, 0.6, 0.6, 1, 1);
const topLeft = { position: WatermarkPosition.TopLeft, horizontalMarginPercent: 0, verticalMarginPercent: 0 };

describe("watermark modes in the stream (services + real FFmpeg)", () => {
  it("draws an uploaded image: it was copied into the data folder when saved", { timeout: 90_000 }, async () => {
    const mark = await fixture.services.watermarks.create({ name: "Copied", imageData: upload("copied.png", "100x100"), widthPercent: 30, ...topLeft });
    expect(mark.imagePath!.startsWith(path.join(fixture.dataDir, "watermarks") + path.sep)).toBe(true);
    const [frame] = await frameOf(await channelWith(mark.id), MINUTE + 10_000, 1);
    expect(colorDistance(corner(frame!), MAGENTA)).toBeLessThan(40);
    expect(colorDistance(far(frame!), [0x80, 0x80, 0x80])).toBeLessThan(20);
  });

  it("does not draw a stored path outside the data folder (a row saved before images were copied)", { timeout: 90_000 }, async () => {
    const mark = await fixture.services.watermarks.create({ name: "Old row", imageData: upload("old.png", "100x100"), widthPercent: 30, ...topLeft });
    await fixture.sql("UPDATE watermark SET imagePath = ? WHERE id = ?", [picture("old.png", "100x100"), mark.id]);
    const [frame] = await frameOf(await channelWith(mark.id), MINUTE + 10_000, 1);
    expect(colorDistance(corner(frame!), [0x80, 0x80, 0x80])).toBeLessThan(20);
  });

  it("Intermittent: shown for durationSeconds at the start of every frequency on the wall clock, hidden otherwise", { timeout: 120_000 }, async () => {
    const mark = await fixture.services.watermarks.create({ name: "Blink", imageData: upload("blink.png", "100x100"), widthPercent: 30, ...topLeft, mode: WatermarkMode.Intermittent, frequencyMinutes: 1, durationSeconds: 10 });
    const number = await channelWith(mark.id);
    // A piece starting on the minute shows it at once.
    const [onTheMinute] = await frameOf(number, MINUTE, 1);
    expect(colorDistance(corner(onTheMinute!), MAGENTA)).toBeLessThan(40);
    // 20 s into the minute: hidden for the rest of it.
    const [later] = await frameOf(number, MINUTE + 20_000, 1);
    expect(colorDistance(corner(later!), [0x80, 0x80, 0x80])).toBeLessThan(20);
    // A piece starting 57 s in: hidden, then shown from the next minute (3 s into the piece).
    const [before, after] = await frameOf(number, MINUTE + 57_000, 1, 4.5);
    expect(colorDistance(corner(before!), [0x80, 0x80, 0x80])).toBeLessThan(20);
    expect(colorDistance(corner(after!), MAGENTA)).toBeLessThan(40);
  });

  it("ActualSize: the image keeps its own pixel size", { timeout: 90_000 }, async () => {
    // 160×20 px: half the 320 px frame wide at its own size (Scaled at the default 15 % it would be 48 px).
    const mark = await fixture.services.watermarks.create({ name: "Wide", imageData: upload("wide.png", "160x20"), size: WatermarkSize.ActualSize, ...topLeft });
    const [frame] = await frameOf(await channelWith(mark.id), MINUTE + 10_000, 1);
    expect(colorDistance(meanColor(frame!, 0.3, 0.02, 0.45, 0.09), MAGENTA)).toBeLessThan(40);
    expect(colorDistance(meanColor(frame!, 0.55, 0.02, 0.7, 0.09), [0x80, 0x80, 0x80])).toBeLessThan(20);
    expect(colorDistance(meanColor(frame!, 0.05, 0.2, 0.4, 0.3), [0x80, 0x80, 0x80])).toBeLessThan(20);
  });

  it("ChannelLogo: draws the channel's logo (its generated name logo: white text on black)", { timeout: 90_000 }, async () => {
    const mark = await fixture.services.watermarks.create({ name: "Logo", imageSource: WatermarkImageSource.ChannelLogo, widthPercent: 40, ...topLeft });
    const [frame] = await frameOf(await channelWith(mark.id, "LOGO"), MINUTE + 10_000, 1);
    // The logo (200×100 scaled to 128×64) is mostly black with white letters: far darker than the grey, and not flat.
    const logo = meanColor(frame!, 0, 0, 0.4, 0.35);
    expect(Math.max(...logo)).toBeLessThan(100);
    expect(Math.max(...meanColor(frame!, 0.1, 0.1, 0.3, 0.25))).toBeGreaterThan(Math.max(...meanColor(frame!, 0, 0, 0.03, 0.05)) + 15);
    expect(colorDistance(far(frame!), [0x80, 0x80, 0x80])).toBeLessThan(20);
  });
});

describe("the watermark preview (service + real FFmpeg)", () => {
  it("is a PNG of the test pattern with the watermark where it was placed", { timeout: 60_000 }, async () => {
    const mark = await fixture.services.watermarks.create({ name: "Preview", imageData: upload("preview.png", "100x100"), widthPercent: 20, position: WatermarkPosition.BottomRight, horizontalMarginPercent: 5, verticalMarginPercent: 5 });
    const frame = await pngFrame(await fixture.services.watermarks.preview(mark.id), 640, 360);
    // 20 % of 640 = 128 px square, 32 px from the right and 18 px from the bottom.
    expect(colorDistance(meanColor(frame, 0.76, 0.55, 0.92, 0.9), MAGENTA)).toBeLessThan(40);
    expect(colorDistance(meanColor(frame, 0.05, 0.1, 0.2, 0.3), MAGENTA)).toBeGreaterThan(100);
  });

  it("refuses (422 on imagePath) a watermark whose stored image is outside the data folder", async () => {
    const mark = await fixture.services.watermarks.create({ name: "Stale", imageData: upload("stale.png", "50x50") });
    await fixture.sql("UPDATE watermark SET imagePath = ? WHERE id = ?", [picture("stale.png", "50x50"), mark.id]);
    await expect(fixture.services.watermarks.preview(mark.id)).rejects.toMatchObject({ errors: [{ field: "imagePath" }] });
  });
});
