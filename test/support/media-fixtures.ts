import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface VideoOptions {
  seconds?: number;
  /** One AAC stream per language tag. */
  audioLanguages?: string[];
  /** Chapter start times in seconds (each runs to the next, the last to the end). */
  chapters?: number[];
  size?: string;
}

/** Encodes a small real video with FFmpeg's lavfi sources (fails loudly when FFmpeg is missing). */
export function makeVideo(file: string, options: VideoOptions = {}): void {
  const seconds = options.seconds ?? 2;
  const languages = options.audioLanguages ?? ["eng"];
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc=size=${options.size ?? "160x120"}:rate=25:duration=${seconds}`];
  languages.forEach((_, i) => args.push("-f", "lavfi", "-i", `sine=frequency=${440 * (i + 1)}:sample_rate=48000:duration=${seconds}`));
  let metadataInput: number | undefined;
  let metadataFile: string | undefined;
  if (options.chapters?.length) {
    metadataFile = path.join(os.tmpdir(), `airwave-chapters-${process.pid}-${Date.now()}.txt`);
    const starts = options.chapters;
    const lines = [";FFMETADATA1"];
    starts.forEach((start, i) => {
      const end = i + 1 < starts.length ? starts[i + 1] : seconds;
      lines.push("[CHAPTER]", "TIMEBASE=1/1000", `START=${Math.round(start * 1000)}`, `END=${Math.round(end * 1000)}`, `title=Chapter ${i + 1}`);
    });
    fs.writeFileSync(metadataFile, lines.join("\n") + "\n");
    metadataInput = languages.length + 1;
    args.push("-f", "ffmetadata", "-i", metadataFile);
  }
  args.push("-map", "0:v");
  languages.forEach((_, i) => args.push("-map", `${i + 1}:a`));
  if (metadataInput !== undefined) args.push("-map_chapters", String(metadataInput));
  languages.forEach((lang, i) => args.push(`-metadata:s:a:${i}`, `language=${lang}`));
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-g", "25", "-c:a", "aac", "-b:a", "64k", "-shortest", file);
  try {
    execFileSync("ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
  } finally {
    if (metadataFile) fs.rmSync(metadataFile, { force: true });
  }
}

/**
 * The acceptance library: a show with 2 seasons × 3 episodes (chapters, two audio languages),
 * 3 movies (one retitled by its NFO) and a file that is not media.
 */
export function makeTestLibrary(root: string): { movies: string; shows: string; episodeFiles: string[]; movieFiles: string[] } {
  const movies = path.join(root, "Movies");
  const shows = path.join(root, "Shows");
  const master = path.join(root, "master.mkv");
  makeVideo(master, { seconds: 3, audioLanguages: ["eng", "ger"], chapters: [0, 1, 2] });
  const episodeFiles: string[] = [];
  for (const season of [1, 2]) {
    for (const episode of [1, 2, 3]) {
      const file = path.join(shows, "Test Show (2020)", `Season ${String(season).padStart(2, "0")}`, `Test Show - S${String(season).padStart(2, "0")}E${String(episode).padStart(2, "0")} - Title ${season}.${episode}.mkv`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(master, file);
      episodeFiles.push(file);
    }
  }
  const movieFiles = ["Alpha (1999)", "Beta (2005)", "Gamma (2010)"].map((name) => {
    const file = path.join(movies, name, `${name}.mkv`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.copyFileSync(master, file);
    return file;
  });
  fs.writeFileSync(
    path.join(movies, "Gamma (2010)", "movie.nfo"),
    `<?xml version="1.0"?><movie><title>Gamma Rays</title><plot>Light from far away.</plot><year>2011</year><genre>Science</genre><tag>space</tag><studio>Orbit</studio><actor><name>Ann Lee</name><role>Pilot</role></actor><director>Bo Ma</director><uniqueid type="imdb" default="true">tt0000042</uniqueid></movie>`,
  );
  fs.writeFileSync(path.join(movies, "notes.txt"), "not media\n");
  fs.rmSync(master);
  return { movies, shows, episodeFiles, movieFiles };
}
