/**
 * The presentation time of the first video frame in an MPEG-TS segment file, read from its first
 * video PES header. A session uses it to measure segments whose playlist entry slid out of FFmpeg's
 * short playlist before the session read it.
 */
import fs from "node:fs";

const TS_PACKET = 188;
const SYNC_BYTE = 0x47;
/** The first video PES header sits in the first packets; a few hundred are plenty. */
const SCAN_BYTES = 256 * TS_PACKET;

/** The first video PTS (90 kHz ticks) in `file`, or undefined when none is found. */
export async function firstVideoPts(file: string): Promise<number | undefined> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(SCAN_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SCAN_BYTES, 0);
    return firstVideoPtsIn(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Pure part of {@link firstVideoPts}: scans whole transport packets in `data`. */
export function firstVideoPtsIn(data: Buffer): number | undefined {
  for (let at = 0; at + TS_PACKET <= data.length; at += TS_PACKET) {
    if (data[at] !== SYNC_BYTE) return undefined;
    const unitStart = (data[at + 1]! & 0x40) !== 0;
    const adaptation = (data[at + 3]! >> 4) & 0x3;
    if (!unitStart || (adaptation & 0x1) === 0) continue;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + data[at + 4]! : 0);
    if (payload + 14 > at + TS_PACKET) continue;
    const isPes = data[payload] === 0 && data[payload + 1] === 0 && data[payload + 2] === 1;
    const streamId = data[payload + 3]!;
    if (!isPes || streamId < 0xe0 || streamId > 0xef) continue;
    if ((data[payload + 7]! & 0x80) === 0) continue; // no PTS
    const p = payload + 9;
    return (
      ((data[p]! >> 1) & 0x7) * 2 ** 30 + data[p + 1]! * 2 ** 22 + (data[p + 2]! >> 1) * 2 ** 15 + data[p + 3]! * 2 ** 7 + (data[p + 4]! >> 1)
    );
  }
  return undefined;
}

/**
 * Durations of segments `from`…`to − 1` from their first video timestamps (files are complete once a
 * later one exists); `fallbackMs` (and a call of `unmeasured`) where a start cannot be read.
 */
export async function measureSegments(file: (n: number) => string, from: number, to: number, fallbackMs: number, unmeasured: (n: number) => void): Promise<Array<{ number: number; durationMs: number }>> {
  const starts: Array<number | undefined> = [];
  for (let n = from; n <= to; n++) starts.push(await firstVideoPts(file(n)).catch(() => undefined));
  const out: Array<{ number: number; durationMs: number }> = [];
  for (let n = from; n < to; n++) {
    const a = starts[n - from];
    const b = starts[n - from + 1];
    const measured = a !== undefined && b !== undefined && b > a ? Math.round((b - a) / 90) : undefined;
    if (measured === undefined) unmeasured(n);
    out.push({ number: n, durationMs: measured ?? fallbackMs });
  }
  return out;
}
