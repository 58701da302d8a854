/**
 * MP4 / QuickTime keyframe index: the first video track's sync samples (`stss`; none means every sample
 * is one) placed on its presentation timeline from its decode times (`stts`), composition offsets (`ctts`),
 * timescale (`mdhd`) and edit list (`elst`), as FFmpeg places them. Times count from the file's start (the
 * earliest track start), as `-ss` does. What this does not model — fragmented files, several edits, random
 * access groups of open-GOP streams — gives undefined (the caller asks ffprobe). No I/O: the caller finds
 * the `moov` box (mp4TopLevelBox) and passes its bytes.
 */
import { fourcc, i32, i64, u32, u64 } from "./bytes";

/** A box header at `at`: its type, where its payload starts, and its end (undefined: runs to the end of the file). */
export function mp4TopLevelBox(bytes: Uint8Array, at: number): { type: string; payloadAt: number; end: number | undefined } | undefined {
  if (bytes.length < 8) return undefined;
  const size = u32(bytes, 0);
  const type = fourcc(bytes, 4);
  if (!/^[\x20-\x7e]{4}$/.test(type)) return undefined;
  if (size === 1) return bytes.length < 16 ? undefined : { type, payloadAt: at + 16, end: at + u64(bytes, 8) };
  if (size === 0) return { type, payloadAt: at + 8, end: undefined };
  return size < 8 ? undefined : { type, payloadAt: at + 8, end: at + size };
}

interface Track {
  handler: string;
  timescale: number;
  /** Empty edits before the media (movie timescale). */
  emptyEdits: number;
  /** The media time the presentation starts at (track timescale). */
  mediaTime: number;
  /** How many samples the track holds. */
  samples: number;
  stts: Array<[number, number]>;
  ctts: Array<[number, number]>;
  sync: number[] | undefined;
}

/** Keyframe times (ms from the file's start, rounded up, ascending) from the `moov` box's bytes (header included), or undefined. */
export function parseMp4Keyframes(moov: Uint8Array): number[] | undefined {
  if (moov.length < 8 || fourcc(moov, 4) !== "moov") return undefined;
  let movieTimescale = 0;
  const tracks: Track[] = [];
  for (const box of boxes(moov, 8, moov.length)) {
    if (box.type === "mvex") return undefined; // fragmented: the samples are in the fragments
    if (box.type === "mvhd") movieTimescale = u32(moov, box.at + (moov[box.at] === 1 ? 20 : 12));
    if (box.type === "trak") {
      const track = parseTrack(moov, box.at, box.end);
      if (track === null) return undefined;
      if (track) tracks.push(track);
    }
  }
  const video = tracks.find((t) => t.handler === "vide");
  if (!video || movieTimescale <= 0) return undefined;
  const start = Math.min(...tracks.map((t) => trackStart(t, movieTimescale)));
  const times = new Set<number>();
  const offset = video.emptyEdits / movieTimescale - start;
  const sync = video.sync;
  let next = 0; // sync sample numbers ascend
  forEachComposition(video, (sample, composition) => {
    if (sync) {
      while (next < sync.length && sync[next]! < sample + 1) next++;
      if (sync[next] !== sample + 1) return;
    }
    times.add(Math.max(0, Math.ceil(((composition - video.mediaTime) / video.timescale + offset) * 1000 - 1e-6)));
  });
  return times.size ? [...times].sort((a, b) => a - b) : undefined;
}

/** A track of samples, undefined for one without (a chapter or empty track), null for what is not modelled. */
function parseTrack(bytes: Uint8Array, from: number, to: number): Track | undefined | null {
  const track: Track = { handler: "", timescale: 0, emptyEdits: 0, mediaTime: 0, samples: 0, stts: [], ctts: [], sync: undefined };
  let edits = 0;
  const walk = (start: number, end: number): boolean => {
    for (const box of boxes(bytes, start, end)) {
      const v1 = bytes[box.at] === 1;
      switch (box.type) {
        case "mdia":
        case "minf":
        case "stbl":
        case "edts":
          if (!walk(box.at, box.end)) return false;
          break;
        case "hdlr":
          track.handler ||= fourcc(bytes, box.at + 8); // QuickTime's second hdlr (in minf) names the data handler
          break;
        case "mdhd":
          track.timescale = u32(bytes, box.at + (v1 ? 20 : 12));
          break;
        case "elst": {
          const count = u32(bytes, box.at + 4);
          const entry = v1 ? 20 : 12;
          for (let i = 0, at = box.at + 8; i < count && at + entry <= box.end; i++, at += entry) {
            const duration = v1 ? u64(bytes, at) : u32(bytes, at);
            const mediaTime = v1 ? i64(bytes, at + 8) : i32(bytes, at + 4);
            if (mediaTime === -1) {
              if (edits) return false; // an empty edit after media
              track.emptyEdits += duration;
            } else {
              if (++edits > 1) return false;
              track.mediaTime = mediaTime;
            }
          }
          break;
        }
        case "stts":
        case "ctts": {
          const list = box.type === "stts" ? track.stts : track.ctts;
          const count = u32(bytes, box.at + 4);
          for (let i = 0, at = box.at + 8; i < count && at + 8 <= box.end; i++, at += 8) list.push([u32(bytes, at), box.type === "stts" ? u32(bytes, at + 4) : i32(bytes, at + 4)]);
          break;
        }
        case "stss": {
          const count = u32(bytes, box.at + 4);
          track.sync = [];
          for (let i = 0, at = box.at + 8; i < count && at + 4 <= box.end; i++, at += 4) track.sync.push(u32(bytes, at));
          break;
        }
        case "stsz":
          track.samples = u32(bytes, box.at + 8);
          break;
        case "stz2":
          track.samples = u32(bytes, box.at + 8);
          break;
        case "sbgp":
          if (fourcc(bytes, box.at + 4) === "rap ") return false; // open-GOP random access points: FFmpeg counts them as keyframes too
          break;
      }
    }
    return true;
  };
  if (!walk(from, to)) return null;
  if (!track.samples || track.timescale <= 0) return undefined;
  return track;
}

/** When a track's presentation starts (seconds): its empty edits, then its earliest composition time from the edit's media time. */
function trackStart(track: Track, movieTimescale: number): number {
  let earliest = Infinity;
  forEachComposition(track, (_sample, composition) => {
    earliest = Math.min(earliest, composition);
  }, Math.min(track.samples, 32));
  return track.emptyEdits / movieTimescale + Math.max(0, earliest - track.mediaTime) / track.timescale;
}

/** Calls `visit` with each sample's index and composition time (decode time + offset), up to `limit` samples. */
function forEachComposition(track: Track, visit: (sample: number, composition: number) => void, limit = track.samples): void {
  let sample = 0;
  let decode = 0;
  let cttsEntry = 0;
  let cttsLeft = track.ctts[0]?.[0] ?? 0;
  for (const [count, delta] of track.stts) {
    for (let i = 0; i < count && sample < limit; i++, sample++) {
      while (cttsLeft === 0 && cttsEntry < track.ctts.length - 1) cttsLeft = track.ctts[++cttsEntry]![0];
      const offset = cttsLeft > 0 ? track.ctts[cttsEntry]![1] : 0;
      if (cttsLeft > 0) cttsLeft--;
      visit(sample, decode + offset);
      decode += delta;
    }
  }
}

function* boxes(bytes: Uint8Array, from: number, to: number): Generator<{ type: string; at: number; end: number }> {
  let at = from;
  while (at + 8 <= to) {
    let size = u32(bytes, at);
    let header = 8;
    if (size === 1) {
      size = u64(bytes, at + 8);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header || at + size > to) return;
    yield { type: fourcc(bytes, at + 4), at: at + header, end: at + size };
    at += size;
  }
}
