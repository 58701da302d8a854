/**
 * Matroska / WebM keyframe index: the video track's cue points (`Cues`), which muxers write for its
 * keyframes, in the segment's timestamp scale. The file's head (EBML header, SeekHead, Info, Tracks and
 * the start of the first Cluster, for the file's start time) is parsed first; it says where the Cues are.
 * No I/O: the caller reads the byte ranges asked for.
 */
import { ebmlChildren, ebmlHeader, uint } from "./bytes";

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const SEEK_HEAD = 0x114d9b74;
const SEEK = 0x4dbb;
const SEEK_ID = 0x53ab;
const SEEK_POSITION = 0x53ac;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CODEC_DELAY = 0x56aa;
const CUES = 0x1c53bb6b;
const CUE_POINT = 0xbb;
const CUE_TIME = 0xb3;
const CUE_TRACK_POSITIONS = 0xb7;
const CUE_TRACK = 0xf7;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const VIDEO_TRACK_TYPE = 1;
/** Blocks of the first cluster looked at for the file's start time (the first of each track is enough). */
const START_BLOCKS = 64;

export interface MatroskaHead {
  /** Where the segment's data starts (SeekHead positions count from it). */
  segmentStart: number;
  /** Nanoseconds per timestamp tick. */
  timestampScale: number;
  /** The first video track's number (what `-select_streams v:0` picks). */
  videoTrack: number;
  /** File offsets of the Cues element, as the SeekHead or the head itself tells. */
  cuesAt: number[];
  /** File offsets of further SeekHeads (a SeekHead may point to another one holding the Cues' position). */
  seekHeadsAt: number[];
  /** The earliest block timestamp of the first cluster (ns): the file's start time. */
  startNs: number;
}

/** The head parsed, `{ need }` when the first `need` bytes are needed to finish it, or undefined (not Matroska, no video, no cluster). */
export function parseMatroskaHead(bytes: Uint8Array): MatroskaHead | { need: number } | undefined {
  const ebml = ebmlHeader(bytes, 0);
  if (!ebml || ebml.id !== EBML || ebml.size === undefined) return undefined;
  const segment = ebmlHeader(bytes, ebml.dataAt + ebml.size);
  if (!segment || segment.id !== SEGMENT) return undefined;
  const segmentStart = segment.dataAt;
  let timestampScale = 1_000_000;
  let videoTrack: number | undefined;
  let codecDelays = new Map<number, number>();
  const cuesAt: number[] = [];
  const seekHeadsAt: number[] = [];
  let at = segmentStart;
  for (;;) {
    const header = ebmlHeader(bytes, at);
    if (!header) return { need: Math.max(bytes.length * 2, at + 64) };
    if (header.id === CLUSTER) {
      if (videoTrack === undefined) return undefined;
      const startNs = clusterStart(bytes, header.dataAt, header.size === undefined ? bytes.length : header.dataAt + header.size, timestampScale, codecDelays);
      if (startNs === undefined) return { need: bytes.length * 2 };
      return { segmentStart, timestampScale, videoTrack, cuesAt, seekHeadsAt, startNs };
    }
    if (header.size === undefined) return undefined;
    const end = header.dataAt + header.size;
    if (header.id === CUES) cuesAt.push(at);
    else if (header.id === SEEK_HEAD || header.id === INFO || header.id === TRACKS) {
      if (end > bytes.length) return { need: end };
      if (header.id === SEEK_HEAD) {
        for (const [id, position] of seekEntries(bytes, header.dataAt, end)) {
          if (id === CUES) cuesAt.push(segmentStart + position);
          else if (id === SEEK_HEAD && segmentStart + position !== at) seekHeadsAt.push(segmentStart + position);
        }
      } else if (header.id === INFO) {
        for (const child of ebmlChildren(bytes, header.dataAt, end)) if (child.id === TIMESTAMP_SCALE) timestampScale = uint(bytes, child.dataAt, child.end - child.dataAt);
      } else if (videoTrack === undefined) ({ videoTrack, codecDelays } = trackEntries(bytes, header.dataAt, end));
    }
    at = end;
  }
}

/** The Cues positions a further SeekHead (its bytes from its header on) lists; `segmentStart` is the head's. */
export function parseMatroskaSeekHead(bytes: Uint8Array, segmentStart: number): number[] | { need: number } {
  const header = ebmlHeader(bytes, 0);
  if (!header || header.id !== SEEK_HEAD || header.size === undefined) return [];
  const end = header.dataAt + header.size;
  if (end > bytes.length) return { need: end };
  return seekEntries(bytes, header.dataAt, end).flatMap(([id, position]) => (id === CUES ? [segmentStart + position] : []));
}

/**
 * Keyframe times (ms from the file's start, rounded up, ascending) from the Cues element (its bytes from its
 * header on), or `{ need }`, or undefined when these bytes are no Cues element or list no cue of the video track.
 */
export function parseMatroskaCues(bytes: Uint8Array, head: MatroskaHead): number[] | { need: number } | undefined {
  const header = ebmlHeader(bytes, 0);
  if (!header || header.id !== CUES || header.size === undefined) return undefined;
  const end = header.dataAt + header.size;
  if (end > bytes.length) return { need: end };
  const times = new Set<number>();
  for (const point of ebmlChildren(bytes, header.dataAt, end)) {
    if (point.id !== CUE_POINT) continue;
    let time: number | undefined;
    let video = false;
    for (const child of ebmlChildren(bytes, point.dataAt, point.end)) {
      if (child.id === CUE_TIME) time = uint(bytes, child.dataAt, child.end - child.dataAt);
      else if (child.id === CUE_TRACK_POSITIONS) {
        for (const position of ebmlChildren(bytes, child.dataAt, child.end)) {
          if (position.id === CUE_TRACK && uint(bytes, position.dataAt, position.end - position.dataAt) === head.videoTrack) video = true;
        }
      }
    }
    if (time !== undefined && video) times.add(Math.max(0, Math.ceil((time * head.timestampScale - head.startNs) / 1e6 - 1e-9)));
  }
  return times.size ? [...times].sort((a, b) => a - b) : undefined;
}

function seekEntries(bytes: Uint8Array, from: number, to: number): Array<[number, number]> {
  const entries: Array<[number, number]> = [];
  for (const seek of ebmlChildren(bytes, from, to)) {
    if (seek.id !== SEEK) continue;
    let id: number | undefined;
    let position: number | undefined;
    for (const child of ebmlChildren(bytes, seek.dataAt, seek.end)) {
      if (child.id === SEEK_ID) id = uint(bytes, child.dataAt, child.end - child.dataAt);
      else if (child.id === SEEK_POSITION) position = uint(bytes, child.dataAt, child.end - child.dataAt);
    }
    if (id !== undefined && position !== undefined) entries.push([id, position]);
  }
  return entries;
}

/** The first video track's number, and each track's codec delay (ns: FFmpeg starts the track that much earlier). */
function trackEntries(bytes: Uint8Array, from: number, to: number): { videoTrack: number | undefined; codecDelays: Map<number, number> } {
  let videoTrack: number | undefined;
  const codecDelays = new Map<number, number>();
  for (const entry of ebmlChildren(bytes, from, to)) {
    if (entry.id !== TRACK_ENTRY) continue;
    let number: number | undefined;
    let type: number | undefined;
    let delay = 0;
    for (const child of ebmlChildren(bytes, entry.dataAt, entry.end)) {
      const value = () => uint(bytes, child.dataAt, child.end - child.dataAt);
      if (child.id === TRACK_NUMBER) number = value();
      else if (child.id === TRACK_TYPE) type = value();
      else if (child.id === CODEC_DELAY) delay = value();
    }
    if (number === undefined) continue;
    if (type === VIDEO_TRACK_TYPE) videoTrack ??= number;
    if (delay) codecDelays.set(number, delay);
  }
  return { videoTrack, codecDelays };
}

/** The earliest timestamp (ns, less the track's codec delay) among the first block of each track in the cluster data `[from, to)`. */
function clusterStart(bytes: Uint8Array, from: number, to: number, scale: number, codecDelays: ReadonlyMap<number, number>): number | undefined {
  let clusterTime = 0;
  const firstOfTrack = new Map<number, number>();
  let blocks = 0;
  let at = from;
  const limit = Math.min(to, bytes.length);
  while (at < limit && blocks < START_BLOCKS) {
    const header = ebmlHeader(bytes, at);
    if (!header || header.size === undefined) break;
    if (header.id === CLUSTER_TIMESTAMP) {
      if (header.dataAt + header.size > bytes.length) return undefined;
      clusterTime = uint(bytes, header.dataAt, header.size);
    } else if (header.id === SIMPLE_BLOCK || header.id === BLOCK_GROUP) {
      let block: number | undefined = header.dataAt;
      if (header.id === BLOCK_GROUP) {
        const inner = ebmlHeader(bytes, header.dataAt);
        block = inner?.id === BLOCK ? inner.dataAt : undefined;
      }
      if (block !== undefined) {
        const track = blockTrack(bytes, block);
        if (!track) break;
        const relative = ((bytes[track.timeAt]! << 8) | bytes[track.timeAt + 1]!) << 16 >> 16;
        if (!firstOfTrack.has(track.number)) firstOfTrack.set(track.number, (clusterTime + relative) * scale - (codecDelays.get(track.number) ?? 0));
        blocks++;
      }
    }
    at = header.dataAt + header.size;
  }
  if (!firstOfTrack.size) return undefined;
  return Math.min(...firstOfTrack.values());
}

function blockTrack(bytes: Uint8Array, at: number): { number: number; timeAt: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length + 2 > bytes.length) return undefined;
  let number = first & (0xff >> length);
  for (let i = 1; i < length; i++) number = number * 256 + bytes[at + i]!;
  return { number, timeAt: at + length };
}
