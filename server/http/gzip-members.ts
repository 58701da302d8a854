/**
 * One gzip stream stitched from pieces compressed apart: each piece is raw DEFLATE ended with a sync
 * flush (non-final blocks on a byte boundary, no references into other pieces), so pieces compressed
 * at different times can be sent one after the other between a gzip header and a trailer. The
 * trailer's CRC-32 is combined from the pieces' CRCs and lengths (zlib's crc32_combine), so the
 * uncompressed document is never held.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

/** A piece of the document: its raw DEFLATE bytes, and the CRC-32 and length of what they hold. */
export interface DeflatedPiece {
  deflated: Buffer;
  crc: number;
  length: number;
}

/** Magic, CM=deflate, no flags, no mtime, XFL 0, OS unknown. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block (fixed Huffman, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

const deflateRaw = promisify(zlib.deflateRaw);

/** Compresses one piece (on libuv's thread pool). */
export async function deflatePiece(bytes: Buffer, level = 6): Promise<DeflatedPiece> {
  const deflated = await deflateRaw(bytes, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { deflated, crc: zlib.crc32(bytes), length: bytes.length };
}

/** What ends the stream: the final block, the CRC-32 and the length (mod 2^32) of everything sent. */
export function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(10);
  FINAL_BLOCK.copy(trailer, 0);
  trailer.writeUInt32LE(crc >>> 0, 2);
  trailer.writeUInt32LE(length % 2 ** 32, 6);
  return trailer;
}

/** Running CRC and length over pieces sent one after the other. */
export class GzipTotals {
  crc = 0;
  length = 0;

  add(piece: Pick<DeflatedPiece, "crc" | "length">): void {
    this.crc = crc32Combine(this.crc, piece.crc, piece.length);
    this.length += piece.length;
  }
}

const POLY = 0xedb88320;

/** a(x) · b(x) modulo the CRC polynomial (bit-reflected). */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p = (p ^ b) >>> 0;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? ((b >>> 1) ^ POLY) >>> 0 : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0..31. */
const X2N: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let n = 1; n < 32; n++) table.push((p = multModP(p, p)));
  return table;
})();

/** x^(8·len) modulo the polynomial: the shift a CRC undergoes when `len` bytes follow it. */
function shiftFor(len: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let n = len; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) p = multModP(X2N[k & 31]!, p);
  return p;
}

/** The CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(shiftFor(lengthB), crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}
