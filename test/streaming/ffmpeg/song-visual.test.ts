/**
 * The song picture built by the pure argument builder, run through the installed FFmpeg and read back
 * pixel by pixel: cover colour where the cover is, a darkened blur of it around, text that is drawn
 * exactly as written (compared with FFmpeg reading the same text from a file), watermark on top.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WatermarkPosition } from "../../../server/domain/enums";
import { bundledFonts } from "../../../server/streaming/bundled-fonts";
import { buildPlayoutArgs, parseCapabilities, type EncoderCapabilities, type PlayRequest, type SongVisual } from "../../../server/streaming/ffmpeg";
import { filterValue } from "../../../server/streaming/ffmpeg/filter-escaping";
import { fitText } from "../../../server/streaming/ffmpeg/song-visual";
import { MediaProbe } from "../../../server/streaming/media-probe";
import { brightness, colorDistance, grabRgbFrame, meanColor, meanDifference, type RgbFrame } from "../../support/frame-pixels";
import { makeImage, makeSong } from "../../support/music-fixtures";
import { profile, request } from "./fixtures";

const BLUE = [0x30, 0x60, 0xc0];
const RED = [0xc0, 0x40, 0x30];
const W = 640;
const H = 360;
/** Where the cover sits (left), where the text goes (right of it), as fractions of the frame. */
const COVER_AREA = [0.12, 0.3, 0.33, 0.7] as const;
const TEXT_AREA = [0.45, 0.3, 0.95, 0.7] as const;

let dir: string;
let caps: EncoderCapabilities;
let withCover: string;
let bare: string;
let counter = 0;
const probe = new MediaProbe("ffprobe");
const ffmpeg = (args: string[]) => execFileSync("ffmpeg", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

function song(overrides: Partial<SongVisual> = {}): SongVisual {
  return { title: "Blue Song", artist: "The Testers", album: "Pixels", fonts: bundledFonts(), ...overrides };
}

/** Runs the builder's arguments (optionally edited) and returns the frame 0.5 s into the output. */
async function render(input: string, overrides: Partial<PlayRequest>, edit: (args: string[]) => string[] = (a) => a): Promise<RgbFrame> {
  const output = join(dir, `out-${counter++}.ts`);
  const command = buildPlayoutArgs(profile({ resolution: { width: W, height: H } }), await probe.probe(input), request({ inputPath: input, durationMs: 1500, output: { kind: "mpegts", target: output }, ...overrides }), caps);
  execFileSync("ffmpeg", edit(command.args), { stdio: ["ignore", "ignore", "pipe"] });
  return grabRgbFrame(output, W, H, 0.5);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "airwave-song-visual-"));
  caps = parseCapabilities({
    encoders: ffmpeg(["-hide_banner", "-encoders"]),
    hwaccels: ffmpeg(["-hide_banner", "-hwaccels"]),
    filters: ffmpeg(["-hide_banner", "-filters"]),
    version: ffmpeg(["-version"]),
    options: ffmpeg(["-hide_banner", "-h", "long"]),
  });
  withCover = join(dir, "with-cover.mp3");
  bare = join(dir, "bare.mp3");
  makeSong(withCover, { seconds: 4, coverColor: "0x3060c0" });
  makeSong(bare, { seconds: 4 });
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("song picture (real FFmpeg)", () => {
  it("shows the embedded cover over a darkened blur of it, also when the song is joined mid-way", async () => {
    const frame = await render(withCover, { song: song(), seekMs: 1000 });
    expect(colorDistance(meanColor(frame, ...COVER_AREA), BLUE)).toBeLessThan(24);
    const corner = meanColor(frame, 0.9, 0.85, 1, 1);
    expect(Math.max(...corner)).toBeGreaterThan(40);
    expect(corner[2]).toBeGreaterThan(corner[0] + 30); // still the cover's blue
    expect(corner[2]).toBeLessThan(BLUE[2]! - 20); // but darker
    const untitled = await render(withCover, { song: song({ title: "", artist: undefined, album: undefined }), seekMs: 1000 });
    expect(meanDifference(frame, untitled, ...TEXT_AREA)).toBeGreaterThan(2);
    expect(meanDifference(frame, untitled, ...COVER_AREA)).toBeLessThan(1);
  });

  it("prefers a cover image file over the embedded picture", async () => {
    const cover = join(dir, "cover.png");
    makeImage(cover, "0xc04030", "300x300");
    const frame = await render(withCover, { song: song({ coverPath: cover }) });
    expect(colorDistance(meanColor(frame, ...COVER_AREA), RED)).toBeLessThan(24);
  });

  it("without a cover draws the text on a generated background", async () => {
    const frame = await render(bare, { song: song() });
    expect(brightness(frame)).toBeGreaterThan(25);
    const untitled = await render(bare, { song: song({ title: "", artist: undefined, album: undefined }) });
    expect(colorDistance(meanColor(untitled, 0, 0, 1, 1), [0x1c, 0x2a, 0x3a])).toBeLessThan(12);
    expect(meanDifference(frame, untitled, 0.1, 0.3, 0.9, 0.7)).toBeGreaterThan(2);
    // Without a song the picture stays black, as before.
    expect(brightness(await render(bare, {}))).toBeLessThan(20);
  });

  it("draws titles with : ' % \\ , ; [ ] exactly as written (same pixels as FFmpeg reading them from a file)", async () => {
    const title = "It's 100% a:b \\ c, d; [e] %{pts}";
    const viaOptions = await render(bare, { song: song({ title, artist: undefined, album: undefined }) });
    const textFile = join(dir, "title.txt");
    const fitted = fitText(title, W - Math.round(W * 0.2), Math.round(H / 15));
    writeFileSync(textFile, fitted);
    let replaced = 0;
    const viaFile = await render(bare, { song: song({ title, artist: undefined, album: undefined }) }, (args) =>
      args.map((a) => (a.includes(`text=${filterValue(fitted)}:`) ? (replaced++, a.replace(`text=${filterValue(fitted)}:`, `textfile=${filterValue(textFile)}:`)) : a)),
    );
    expect(replaced).toBe(1);
    const other = await render(bare, { song: song({ title: "It's 100% a-b / c. d. (e) pts", artist: undefined, album: undefined }) });
    expect(meanDifference(viaOptions, viaFile)).toBeLessThan(0.3);
    expect(meanDifference(viaOptions, other, 0.05, 0.4, 0.95, 0.6)).toBeGreaterThan(1);
  });

  it("keeps the watermark on top of the song picture", async () => {
    const mark = join(dir, "mark.png");
    makeImage(mark, "0xff0000", "64x64");
    const frame = await render(withCover, {
      song: song(),
      watermark: { imagePath: mark, position: WatermarkPosition.TopRight, widthPercent: 10, opacityPercent: 100, horizontalMarginPercent: 2, verticalMarginPercent: 2 },
    });
    // 10 % of 640 = 64 px square, 13 px from the right and 7 px from the top.
    expect(colorDistance(meanColor(frame, 0.88, 0.05, 0.95, 0.15), [255, 0, 0])).toBeLessThan(40);
  });

  it("shortens a line that would run off the frame", () => {
    expect(fitText("short", 600, 20)).toBe("short");
    const long = fitText("x".repeat(500), 600, 20);
    expect([...long]).toHaveLength(50);
    expect(long.endsWith("…")).toBe(true);
    expect(fitText("a\nb\tc", 600, 20)).toBe("a b c");
  });
});
