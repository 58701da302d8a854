/**
 * A file's video keyframe times read from its container's own index (MP4 `moov`, Matroska `Cues`) in
 * process, with bounded reads: the index and the few boxes or elements that lead to it, never the media.
 * Undefined when the container has none this can read (the caller asks ffprobe instead).
 */
import { open, type FileHandle } from "node:fs/promises";
import { mp4TopLevelBox, parseMatroskaCues, parseMatroskaHead, parseMatroskaSeekHead, parseMp4Keyframes, type MatroskaHead } from "../container-index";

/** The most read for an index (a two-hour film's `moov` is a few MB). */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;
const HEAD_BYTES = 64 * 1024;
/** Top-level MP4 boxes walked before giving up on finding `moov`. */
const MAX_BOXES = 64;

/** Keyframe times (ms from the file's start, ascending), or undefined when the file has no index this reads. */
export async function readKeyframeIndex(file: string): Promise<number[] | undefined> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const head = await read(handle, 0, Math.min(HEAD_BYTES, size));
    if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return await matroska(handle, head, size);
    if (head.length >= 8 && mp4TopLevelBox(head, 0)) return await mp4(handle, size);
    return undefined;
  } finally {
    await handle.close();
  }
}

async function mp4(handle: FileHandle, size: number): Promise<number[] | undefined> {
  let at = 0;
  for (let i = 0; i < MAX_BOXES && at + 8 <= size; i++) {
    const box = mp4TopLevelBox(await read(handle, at, Math.min(16, size - at)), at);
    if (!box) return undefined;
    const end = box.end ?? size;
    if (box.type === "moof") return undefined;
    if (box.type === "moov") return end - at <= MAX_INDEX_BYTES && end <= size ? parseMp4Keyframes(await read(handle, at, end - at)) : undefined;
    if (end <= at) return undefined;
    at = end;
  }
  return undefined;
}

async function matroska(handle: FileHandle, first: Uint8Array, size: number): Promise<number[] | undefined> {
  const head = await grow(first, (bytes) => parseMatroskaHead(bytes), (need) => read(handle, 0, Math.min(need, size)), size);
  if (!head) return undefined;
  const cuesAt = [...head.cuesAt];
  for (const at of head.seekHeadsAt) {
    if (cuesAt.length) break;
    const listed = await element(handle, at, size, (bytes) => parseMatroskaSeekHead(bytes, head.segmentStart));
    cuesAt.push(...(listed ?? []));
  }
  for (const at of cuesAt) {
    const times = await element(handle, at, size, (bytes) => parseMatroskaCues(bytes, head as MatroskaHead));
    if (times) return times;
  }
  return undefined;
}

/** Parses the element at `at`, reading more while the parser asks for more (up to the bound). */
async function element<T>(handle: FileHandle, at: number, size: number, parse: (bytes: Uint8Array) => T | { need: number } | undefined): Promise<T | undefined> {
  if (at >= size) return undefined;
  const first = await read(handle, at, Math.min(HEAD_BYTES, size - at));
  return grow(first, parse, (need) => read(handle, at, Math.min(need, size - at)), size - at);
}

async function grow<T>(bytes: Uint8Array, parse: (bytes: Uint8Array) => T | { need: number } | undefined, more: (need: number) => Promise<Uint8Array>, available: number): Promise<T | undefined> {
  for (;;) {
    const result = parse(bytes);
    if (!isNeed(result)) return result;
    if (result.need > MAX_INDEX_BYTES || bytes.length >= available || result.need <= bytes.length) return undefined;
    bytes = await more(result.need);
  }
}

function isNeed(value: unknown): value is { need: number } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && "need" in value;
}

async function read(handle: FileHandle, position: number, length: number): Promise<Uint8Array> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}
