import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { StreamingMode, SubtitleMode } from "../../server/domain/enums";
import type { StreamPlan } from "../../server/domain/stream-plan";
import { bundledFonts } from "../../server/streaming/bundled-fonts";
import { MediaProbe } from "../../server/streaming/media-probe";
import { errorSlateCommand, pieceCommand } from "../../server/streaming/plan-command";
import { makeSong } from "../support/music-fixtures";
import { useTempDir } from "../support/temp-dir";
import { ALL_FILTERS, caps, profile } from "./ffmpeg/fixtures";

const dir = useTempDir("airwave-plan-command-");

const channel = { id: 1, number: "1", name: "One", streamingMode: StreamingMode.TransportStreamHybrid, profile: profile() };
const piece = { durationMs: 5000, realtime: false, output: { kind: "mpegts" as const }, ptsOffsetMs: 0 };
const filterOf = (args: string[]) => args[args.indexOf("-filter_complex") + 1]!;

describe("pieceCommand", () => {
  it("draws slate text in the font shipped with the app, not a system font", async () => {
    const { regular, bold } = bundledFonts();
    expect(fs.statSync(regular).size).toBeGreaterThan(100_000);
    expect(fs.statSync(bold).size).toBeGreaterThan(100_000);
    const offline: StreamPlan = { channel, at: 0, content: { kind: "offline", limitMs: 5000 } };
    const probe = new MediaProbe("ffprobe");
    for (const command of [
      await pieceCommand({ ...piece, plan: offline }, caps(), probe),
      await pieceCommand({ ...piece, plan: { ...offline, content: { kind: "error", reason: "gone", limitMs: 5000 } } }, caps(), probe),
      errorSlateCommand(offline, "failed", piece, caps()),
    ]) {
      expect(filterOf(command.args)).toContain(`drawtext=fontfile=${regular}:`);
      expect(filterOf(command.args)).not.toContain("font=Sans");
    }
  });

  it("hands a song's title, artist and album to the builder with the bundled fonts", async () => {
    const song = path.join(dir.path, "song.mp3");
    makeSong(song);
    const plan: StreamPlan = {
      channel,
      at: 0,
      content: { kind: "media", path: song, seekMs: 0, limitMs: 5000, filler: false, preferredAudioLanguages: [], subtitleMode: SubtitleMode.None, song: { title: "T", artist: "A", album: "B" } },
    };
    const songCaps = caps({ filters: [...ALL_FILTERS, "gblur", "loop", "eq"] });
    const filter = filterOf((await pieceCommand({ ...piece, plan }, songCaps, new MediaProbe("ffprobe"))).args);
    expect(filter).toContain(`drawtext=fontfile=${bundledFonts().bold}:text=T:`);
    expect(filter).toContain(`drawtext=fontfile=${bundledFonts().regular}:text=A:`);
    expect(filter).toContain(`color=c=0x1c2a3a`);
  });
});
