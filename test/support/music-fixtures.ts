import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface SongOptions {
  seconds?: number;
  /** Container tags (`title`, `artist`, `album_artist`, `album`, `track`, `disc`, `genre`, `date`). */
  tags?: Record<string, string>;
  /** Embeds a solid-colour picture of this colour (`0xRRGGBB` or a name) as the attached cover. */
  coverColor?: string;
  frequency?: number;
}

/** Encodes a small real MP3 with FFmpeg (a sine tone), optionally tagged and with an embedded cover. */
export function makeSong(file: string, options: SongOptions = {}): void {
  const seconds = options.seconds ?? 2;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = ["-v", "error", "-y", "-f", "lavfi", "-i", `sine=frequency=${options.frequency ?? 440}:sample_rate=44100:duration=${seconds}`];
  if (options.coverColor) {
    args.push("-f", "lavfi", "-i", `color=c=${options.coverColor}:s=320x320:d=1`, "-frames:v", "1");
    args.push("-map", "0:a", "-map", "1:v", "-c:v", "mjpeg", "-disposition:v", "attached_pic", "-id3v2_version", "3");
  }
  for (const [key, value] of Object.entries(options.tags ?? {})) args.push("-metadata", `${key}=${value}`);
  args.push("-c:a", "libmp3lame", "-b:a", "64k", file);
  execFileSync("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
}

/** A solid-colour image (JPEG or PNG by extension) made by FFmpeg. */
export function makeImage(file: string, color: string, size = "400x400"): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=${color}:s=${size}:d=1`, "-frames:v", "1", file], { stdio: ["ignore", "ignore", "pipe"] });
}
