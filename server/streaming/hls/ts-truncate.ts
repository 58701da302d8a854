/**
 * Cuts an MPEG-TS segment short at a presentation time, in process: a skip ends the segment on air at the
 * skip instead of dropping it whole (which would replay the skipped programme's remainder in a run of its own)
 * or keeping it whole (which shows up to a segment of the skipped programme). Video keeps the frames before the
 * first one (in decode order) at or after the cut; other streams keep the packets that end before it (a PES
 * ends where the next one of its stream starts), so the next run's timestamps never overlap what is kept.
 */
const TS_PACKET = 188;
const SYNC_BYTE = 0x47;

interface PesStart {
  packet: number;
  pts: number;
}

/** The PTS (90 kHz) of a PES header at `payload`, undefined when the packet starts no PES or the PES has none. */
function pesPts(data: Buffer, payload: number, end: number): { pts: number; video: boolean } | undefined {
  if (payload + 14 > end) return undefined;
  if (data[payload] !== 0 || data[payload + 1] !== 0 || data[payload + 2] !== 1) return undefined;
  if ((data[payload + 7]! & 0x80) === 0) return undefined;
  const streamId = data[payload + 3]!;
  const p = payload + 9;
  const pts = ((data[p]! >> 1) & 0x7) * 2 ** 30 + data[p + 1]! * 2 ** 22 + (data[p + 2]! >> 1) * 2 ** 15 + data[p + 3]! * 2 ** 7 + (data[p + 4]! >> 1);
  return { pts, video: streamId >= 0xe0 && streamId <= 0xef };
}

/**
 * `data` without what plays from `cutPts` (90 kHz) on; undefined when it is not a whole transport stream or
 * no video frame would be left (drop the segment instead).
 */
export function truncateTs(data: Buffer, cutPts: number): Buffer | undefined {
  if (data.length === 0 || data.length % TS_PACKET !== 0) return undefined;
  const starts = new Map<number, { video: boolean; list: PesStart[] }>();
  const pids: number[] = [];
  for (let packet = 0, at = 0; at < data.length; packet++, at += TS_PACKET) {
    if (data[at] !== SYNC_BYTE) return undefined;
    const pid = ((data[at + 1]! & 0x1f) << 8) | data[at + 2]!;
    pids.push(pid);
    const unitStart = (data[at + 1]! & 0x40) !== 0;
    const adaptation = (data[at + 3]! >> 4) & 0x3;
    if (!unitStart || (adaptation & 0x1) === 0) continue;
    const payload = at + 4 + (adaptation & 0x2 ? 1 + data[at + 4]! : 0);
    const pes = pesPts(data, payload, at + TS_PACKET);
    if (!pes) continue;
    const entry = starts.get(pid) ?? { video: pes.video, list: [] };
    entry.list.push({ packet, pts: pes.pts });
    starts.set(pid, entry);
  }
  const dropFrom = new Map<number, number>();
  let videoKept = false;
  for (const [pid, { video, list }] of starts) {
    const index = video ? list.findIndex((s) => s.pts >= cutPts) : list.findIndex((s, i) => (list[i + 1]?.pts ?? Infinity) > cutPts);
    if (video) videoKept ||= index !== 0;
    if (index >= 0) dropFrom.set(pid, list[index]!.packet);
  }
  if (!videoKept) return undefined;
  const kept: Buffer[] = [];
  for (let packet = 0; packet < pids.length; packet++) {
    const from = dropFrom.get(pids[packet]!);
    if (from === undefined || packet < from) kept.push(data.subarray(packet * TS_PACKET, (packet + 1) * TS_PACKET));
  }
  return Buffer.concat(kept);
}
