/** Big-endian reads and Matroska (EBML) variable-length integers over a byte array; no I/O. */

export function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}

export function i32(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) | 0;
}

export function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) * 2 ** 32 + u32(bytes, at + 4);
}

export function i64(bytes: Uint8Array, at: number): number {
  const high = i32(bytes, at);
  return high * 2 ** 32 + u32(bytes, at + 4);
}

export function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/** An unsigned big-endian integer of `length` bytes (≤ 8). */
export function uint(bytes: Uint8Array, at: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i++) value = value * 256 + bytes[at + i]!;
  return value;
}

/** An EBML element ID (its marker bits kept, as the specification writes IDs), or undefined past the end. */
export function ebmlId(bytes: Uint8Array, at: number): { id: number; length: number } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (length > 4 || at + length > bytes.length) return undefined;
  return { id: uint(bytes, at, length), length };
}

/** An EBML size (marker bit removed); `unknown` when all its value bits are set (a live stream's open size). */
export function ebmlSize(bytes: Uint8Array, at: number): { value: number; length: number; unknown: boolean } | undefined {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  const length = Math.clz32(first) - 23;
  if (at + length > bytes.length) return undefined;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}

/** One EBML element's header at `at`: its ID, where its data starts and how long it is (undefined: unknown size). */
export interface EbmlHeader {
  id: number;
  dataAt: number;
  size: number | undefined;
}

export function ebmlHeader(bytes: Uint8Array, at: number): EbmlHeader | undefined {
  const id = ebmlId(bytes, at);
  if (!id) return undefined;
  const size = ebmlSize(bytes, at + id.length);
  if (!size) return undefined;
  return { id: id.id, dataAt: at + id.length + size.length, size: size.unknown ? undefined : size.value };
}

/** The children of the element data `[from, to)`, each with its data range; stops at a child that runs past `to`. */
export function* ebmlChildren(bytes: Uint8Array, from: number, to: number): Generator<{ id: number; dataAt: number; end: number }> {
  let at = from;
  while (at < to) {
    const header = ebmlHeader(bytes, at);
    if (!header || header.size === undefined) return;
    const end = header.dataAt + header.size;
    if (end > to) return;
    yield { id: header.id, dataAt: header.dataAt, end };
    at = end;
  }
}
