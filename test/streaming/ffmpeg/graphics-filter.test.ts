/**
 * Graphics elements built by the pure argument builder, run through the installed FFmpeg and read back:
 * text is read with OCR (tesseract), images by their pixels, timing by comparing frames inside and outside
 * the element's window, clocks by the time they show.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphicPosition } from "../../../server/domain/enums";
import type { GraphicTiming, StreamGraphic } from "../../../server/domain/stream-plan";
import { bundledFonts } from "../../../server/streaming/bundled-fonts";
import { buildPlayoutArgs, parseCapabilities, type EncoderCapabilities } from "../../../server/streaming/ffmpeg";
import { colorDistance, grabRgbFrame, meanColor, meanDifference } from "../../support/frame-pixels";
import { makeVideo } from "../../support/media-fixtures";
import { makeImage } from "../../support/music-fixtures";
import { readText } from "../../support/ocr";
import { caps as fakeCaps, profile, request, source } from "./fixtures";

const W = 640;
const H = 360;
let dir: string;
let caps: EncoderCapabilities;
let video: string;
let counter = 0;
const ffmpeg = (args: string[]) => execFileSync("ffmpeg", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function text(line: string, overrides: Partial<StreamGraphic> = {}): StreamGraphic {
  return {
    draw: { kind: "text", lines: [[{ text: line }]], color: "0xffffff", box: { color: "0x000000", opacityPercent: 80 } },
    position: GraphicPosition.BottomLeft,
    horizontalMarginPercent: 4,
    verticalMarginPercent: 5,
    sizePercent: 7,
    opacityPercent: 100,
    fadeMs: 0,
    when: { kind: "always" },
    ...overrides,
  };
}

/** Encodes 4 s of the test video with the elements drawn; returns the output file. */
function render(graphics: StreamGraphic[]): string {
  const output = join(dir, `out-${counter++}.ts`);
  const command = buildPlayoutArgs(
    profile({ resolution: { width: W, height: H } }),
    source({ durationMs: 4000, video: { index: 0, codec: "h264", width: 320, height: 180, frameRate: 25, scanKind: "Progressive" }, audio: [{ index: 1, codec: "aac", channels: 2 }] }),
    request({ inputPath: video, durationMs: 4000, output: { kind: "mpegts", target: output }, graphics: { elements: graphics, fontFile: bundledFonts().regular } }),
    caps,
  );
  execFileSync("ffmpeg", command.args, { stdio: ["ignore", "ignore", "pipe"] });
  return output;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "airwave-graphics-"));
  caps = parseCapabilities({
    encoders: ffmpeg(["-hide_banner", "-encoders"]),
    hwaccels: ffmpeg(["-hide_banner", "-hwaccels"]),
    filters: ffmpeg(["-hide_banner", "-filters"]),
    version: ffmpeg(["-version"]),
    options: ffmpeg(["-hide_banner", "-h", "long"]),
  });
  video = join(dir, "programme.mp4");
  makeVideo(video, { seconds: 4, size: "320x180" });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("graphics elements (real FFmpeg)", () => {
  it("draws a text element where it is anchored, with characters the filter graph treats specially", async () => {
    const out = render([text("Now: It's 100% Big Buck, [Bunny]; a:b")]);
    const read = await readText(out, [0, 0.8, 1, 1], 1);
    expect(read).toContain("Now: It's 100% Big Buck, [Bunny]; a:b");
    expect(await readText(out, [0, 0, 1, 0.6], 1)).not.toContain("Bunny");
  });

  it("shows a windowed element only inside its window, faded in", async () => {
    const window: GraphicTiming = { kind: "window", fromMs: 2000, toMs: 4000 };
    const bare = render([]);
    const out = render([text("Up next: The Film", { when: window, fadeMs: 500, position: GraphicPosition.BottomRight })]);
    const region = [0.3, 0.75, 1, 1] as const;
    const [before, fading, inside] = await Promise.all([1, 2.2, 3].map((s) => grabRgbFrame(out, W, H, s)));
    const [bareBefore, bareFading, bareInside] = await Promise.all([1, 2.2, 3].map((s) => grabRgbFrame(bare, W, H, s)));
    expect(meanDifference(before, bareBefore, ...region)).toBeLessThan(1);
    const full = meanDifference(inside, bareInside, ...region);
    expect(full).toBeGreaterThan(10);
    const half = meanDifference(fading, bareFading, ...region);
    expect(half).toBeGreaterThan(1);
    expect(half).toBeLessThan(full * 0.8);
    expect(await readText(out, region, 3)).toContain("Up next: The Film");
  });

  it("places an image at its anchor, sized as a share of the frame height", async () => {
    const logo = join(dir, "logo.png");
    makeImage(logo, "0xff0000", "100x100");
    const out = render([{ ...text(""), draw: { kind: "image", imagePath: logo }, position: GraphicPosition.TopRight, sizePercent: 20, horizontalMarginPercent: 5, verticalMarginPercent: 5 }]);
    const frame = await grabRgbFrame(out, W, H, 1);
    // 20 % of 360 = 72 px square, 32 px from the right, 18 px from the top.
    expect(colorDistance(meanColor(frame, (W - 32 - 70) / W, 20 / H, (W - 34) / W, 88 / H), [255, 0, 0])).toBeLessThan(40);
    expect(colorDistance(meanColor(frame, 0.05, 20 / H, 0.15, 88 / H), [255, 0, 0])).toBeGreaterThan(60);
  });

  it("writes the clock in the zone's local time from the piece's start, and two lines", async () => {
    // 2026-03-01 21:07:00 local at the piece's first frame.
    const offsetSeconds = Date.UTC(2026, 2, 1, 21, 7, 0) / 1000;
    const out = render([{ ...text(""), draw: { kind: "text", color: "0xffffff", box: { color: "0x000000", opacityPercent: 90 }, lines: [[{ text: "Time " }, { clock: { format: "%H:%M", offsetSeconds } }], [{ text: "Later" }]] } }]);
    const read = await readText(out, [0, 0.6, 1, 1], 1);
    expect(read).toContain("Time 21:07");
    expect(read).toContain("Later");
  });

  it("leaves out elements whose window lies outside the piece, and copies no video while one is drawn", () => {
    const build = (graphics: StreamGraphic[]) =>
      buildPlayoutArgs(profile({ copyWhenCompatible: true }), source(), request({ durationMs: 10_000, graphics: { elements: graphics, fontFile: "/fonts/DejaVuSans.ttf" } }), fakeCaps());
    const outside = build([text("late", { when: { kind: "window", fromMs: 12_000, toMs: 20_000 } }), text("early", { when: { kind: "window", fromMs: -9000, toMs: 0 } }), text("   ")]);
    expect(outside.args.join(" ")).not.toContain("drawtext");
    const inside = build([text("soon", { when: { kind: "window", fromMs: 8000, toMs: 20_000 } })]);
    const graph = inside.args[inside.args.indexOf("-filter_complex") + 1]!;
    expect(graph).toContain("text=soon");
    expect(graph).toContain(":enable='between(t,8,20)'");
    expect(inside.decision.video).toEqual({ mode: "transcode", reason: "graphics" });
  });
});
