/**
 * Reads the playlist FFmpeg writes for one run while it grows and hands each new segment to the session
 * once; entries a short playlist dropped before they were read are measured from the files. One read at a
 * time: a request during a read reads again after it.
 */
import fs from "node:fs";
import { DEFAULT_HLS_SEGMENT_SECONDS } from "../ffmpeg/output-muxer";
import { parseRunPlaylist } from "./playlist";
import { measureSegments } from "./segment-start-pts";
import type { Run } from "./session-details";

export interface RunPlaylistTarget {
  file(number: number): string;
  addSegment(run: Run, entry: { number: number; durationMs: number }): void;
  progress(): void;
  /** A missed segment could not be measured (it is assumed to be the default length). */
  unmeasured(number: number): void;
}

export class RunPlaylistReader {
  private reading = false;
  private again = false;

  constructor(private readonly target: RunPlaylistTarget) {}

  get busy(): boolean {
    return this.reading;
  }

  async poll(run: Run): Promise<void> {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        await this.read(run);
      } while (this.again);
    } finally {
      this.reading = false;
    }
  }

  private async read(run: Run): Promise<void> {
    let text: string;
    try {
      text = await fs.promises.readFile(run.playlist, "utf8");
    } catch {
      this.target.progress();
      return;
    }
    for (const entry of parseRunPlaylist(text)) {
      const expected = run.startNumber + run.seen;
      if (entry.number < expected) continue;
      // A short FFmpeg playlist (quick start) may have dropped entries before they were read.
      if (entry.number > expected) {
        const missed = await measureSegments((n) => this.target.file(n), expected, entry.number, DEFAULT_HLS_SEGMENT_SECONDS * 1000, (n) => this.target.unmeasured(n));
        for (const segment of missed) this.target.addSegment(run, segment);
      }
      this.target.addSegment(run, entry);
    }
    this.target.progress();
  }
}
