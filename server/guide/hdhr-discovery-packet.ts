/**
 * HDHomeRun UDP discovery packets (port 65001), as SiliconDust's libhdhomerun sends and expects them:
 * type (u16 BE), payload length (u16 BE), tag-length-value items, then the CRC-32 of all of that,
 * little-endian. Pure: bytes in, bytes out; anything malformed decodes to null.
 */

export const HDHR_DISCOVER_PORT = 65001;
export const HDHR_TYPE_DISCOVER_REQUEST = 0x0002;
export const HDHR_TYPE_DISCOVER_REPLY = 0x0003;

export const HDHR_TAG = {
  deviceType: 0x01,
  deviceId: 0x02,
  tunerCount: 0x10,
  lineupUrl: 0x27,
  baseUrl: 0x2a,
  deviceAuth: 0x2b,
  multiType: 0x2d,
} as const;

export const HDHR_DEVICE_TYPE_TUNER = 0x00000001;
export const HDHR_WILDCARD = 0xffffffff;

/** Largest payload a discover packet may carry (libhdhomerun's packet buffer is 3 KiB). */
const MAX_PAYLOAD = 3072;

export interface HdhrTag {
  tag: number;
  value: Uint8Array;
}

export interface HdhrPacket {
  type: number;
  tags: HdhrTag[];
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 with the Ethernet/zlib polynomial. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function lengthBytes(length: number): number[] {
  return length < 128 ? [length] : [0x80 | (length & 0x7f), length >> 7];
}

export function encodeHdhrPacket(packet: HdhrPacket): Uint8Array {
  const payload: number[] = [];
  for (const { tag, value } of packet.tags) {
    if (value.length > 0x7fff) throw new RangeError(`tag 0x${tag.toString(16)} value of ${value.length} bytes is too long`);
    payload.push(tag & 0xff, ...lengthBytes(value.length), ...value);
  }
  const out = new Uint8Array(4 + payload.length + 4);
  const view = new DataView(out.buffer);
  view.setUint16(0, packet.type);
  view.setUint16(2, payload.length);
  out.set(payload, 4);
  view.setUint32(4 + payload.length, crc32(out.subarray(0, 4 + payload.length)), true);
  return out;
}

/** The packet, or null when it is too short, too long, fails its CRC or its items overrun the payload. */
export function decodeHdhrPacket(bytes: Uint8Array): HdhrPacket | null {
  if (bytes.length < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = view.getUint16(0);
  const length = view.getUint16(2);
  if (length > MAX_PAYLOAD || bytes.length !== 4 + length + 4) return null;
  if (view.getUint32(4 + length, true) !== crc32(bytes.subarray(0, 4 + length))) return null;
  const tags: HdhrTag[] = [];
  let at = 4;
  const end = 4 + length;
  while (at < end) {
    if (at + 2 > end) return null;
    const tag = bytes[at++]!;
    let size = bytes[at++]!;
    if (size & 0x80) {
      if (at >= end) return null;
      size = (size & 0x7f) | (bytes[at++]! << 7);
    }
    if (at + size > end) return null;
    tags.push({ tag, value: bytes.slice(at, at + size) });
    at += size;
  }
  return { type, tags };
}

function u32(value: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value >>> 0);
  return out;
}

function readU32(value: Uint8Array): number | null {
  return value.length === 4 ? new DataView(value.buffer, value.byteOffset, 4).getUint32(0) : null;
}

function text(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

export interface HdhrDiscoverRequest {
  /** Device types asked for (one, or a multi-type list); empty when the request names none. */
  deviceTypes: number[];
  /** The device id asked for; undefined when the request names none. */
  deviceId: number | undefined;
}

/** A discover request's device types and id, or null for anything that is not a well-formed discover request. */
export function parseDiscoverRequest(bytes: Uint8Array): HdhrDiscoverRequest | null {
  const packet = decodeHdhrPacket(bytes);
  if (!packet || packet.type !== HDHR_TYPE_DISCOVER_REQUEST) return null;
  const request: HdhrDiscoverRequest = { deviceTypes: [], deviceId: undefined };
  for (const { tag, value } of packet.tags) {
    if (tag === HDHR_TAG.deviceType) {
      const type = readU32(value);
      if (type === null) return null;
      request.deviceTypes.push(type);
    } else if (tag === HDHR_TAG.deviceId) {
      const id = readU32(value);
      if (id === null) return null;
      request.deviceId = id;
    } else if (tag === HDHR_TAG.multiType) {
      if (value.length % 4 !== 0) return null;
      for (let i = 0; i < value.length; i += 4) request.deviceTypes.push(readU32(value.subarray(i, i + 4))!);
    }
    // Other tags are ignored, as a real device does.
  }
  return request;
}

/** Whether a tuner with `deviceId` answers the request: type tuner or wildcard (or none), id ours or wildcard (or none). */
export function discoverRequestMatches(request: HdhrDiscoverRequest, deviceId: number): boolean {
  const typeMatches = request.deviceTypes.length === 0 || request.deviceTypes.some((t) => t === HDHR_DEVICE_TYPE_TUNER || t === HDHR_WILDCARD);
  const idMatches = request.deviceId === undefined || request.deviceId === HDHR_WILDCARD || request.deviceId === deviceId >>> 0;
  return typeMatches && idMatches;
}

export interface HdhrDiscoverReply {
  deviceId: number;
  tunerCount: number;
  /** e.g. `http://192.168.1.20:8409`, no trailing slash. */
  baseUrl: string;
}

export function encodeDiscoverReply(reply: HdhrDiscoverReply): Uint8Array {
  return encodeHdhrPacket({
    type: HDHR_TYPE_DISCOVER_REPLY,
    tags: [
      { tag: HDHR_TAG.deviceType, value: u32(HDHR_DEVICE_TYPE_TUNER) },
      { tag: HDHR_TAG.deviceId, value: u32(reply.deviceId) },
      { tag: HDHR_TAG.tunerCount, value: Uint8Array.of(reply.tunerCount & 0xff) },
      { tag: HDHR_TAG.baseUrl, value: text(reply.baseUrl) },
      { tag: HDHR_TAG.lineupUrl, value: text(`${reply.baseUrl}/lineup.json`) },
    ],
  });
}

/** The reply to `request` bytes for the device, or null when nothing should be sent back. */
export function answerDiscover(request: Uint8Array, device: Omit<HdhrDiscoverReply, "baseUrl">, baseUrl: string): Uint8Array | null {
  const parsed = parseDiscoverRequest(request);
  if (!parsed || !discoverRequestMatches(parsed, device.deviceId)) return null;
  return encodeDiscoverReply({ ...device, baseUrl });
}
