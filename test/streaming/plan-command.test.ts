import { spawnSync } from "node:child_process";
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

describe("pieceCommand, a copied piece's keyframes", () => {
  /** Records the order in which the real ffprobe runs start. */
  class RecordingProbe extends MediaProbe {
    readonly calls: string[] = [];
    override async probe(file: string) {
      this.calls.push("probe");
      return super.probe(file);
    }
    override keyframes(file: string, intervals: ReadonlyArray<[number, number]>) {
      this.calls.push("keyframes");
      return super.keyframes(file, intervals);
    }
  }

  it("are read while a file not probed yet is probed (not after), and not at all for a profile that never copies", async () => {
    const clip = path.join(dir.path, "copyable.mkv");
    const made = spawnSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=160x90:rate=25:duration=6", "-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-pix_fmt", "yuv420p", clip]);
    expect(made.status).toBe(0);
    const copying = { ...channel, profile: profile({ resolution: { width: 160, height: 90 }, copyWhenCompatible: true }) };
    const plan: StreamPlan = { channel: copying, at: 0, content: { kind: "media", path: clip, seekMs: 2500, limitMs: 3500, filler: false, preferredAudioLanguages: [], subtitleMode: SubtitleMode.None } };
    const probe = new RecordingProbe("ffprobe");
    const first = await pieceCommand({ ...piece, durationMs: 3500, plan }, caps(), probe);
    expect(first.decision?.video.mode).toBe("copy");
    expect(first.seekMs).toBe(2000); // the keyframe before the offset (1 s GOP)
    expect(probe.calls).toEqual(["keyframes", "probe"]);
    // Probed before: its decision is known at once, and the keyframes are read only for a piece that copies.
    probe.calls.length = 0;
    const again = await pieceCommand({ ...piece, durationMs: 3500, plan }, caps(), probe);
    expect(again.seekMs).toBe(2000);
    expect(probe.calls).toEqual(["probe", "keyframes"]);
    const transcoding = new RecordingProbe("ffprobe");
    const never = { ...plan, channel: { ...copying, profile: profile({ resolution: { width: 160, height: 90 }, copyWhenCompatible: false }) } };
    expect((await pieceCommand({ ...piece, durationMs: 3500, plan: never }, caps(), transcoding)).decision?.video.mode).toBe("transcode");
    expect(transcoding.calls).toEqual(["probe"]);
  });
});
