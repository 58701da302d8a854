import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, deflatePiece, GZIP_HEADER, gzipTrailer, GzipTotals } from "../../server/http/gzip-members";

describe("gzip stitched from pieces compressed apart", () => {
  it("crc32Combine gives the CRC-32 of the concatenation", () => {
    const pieces = [Buffer.from("hello world ".repeat(1000)), Buffer.alloc(0), Buffer.from("é\n".repeat(70_001)), Buffer.from([0, 255, 7])];
    for (const a of pieces) for (const b of pieces) expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(Buffer.concat([a, b])));
  });

  it("header + pieces + trailer is one gzip member any gunzip reads back", async () => {
    const texts = ['<?xml version="1.0"?>\n<tv>\n', "", "<programme/>\n".repeat(5000), "</tv>\n"].map((t) => Buffer.from(t));
    const totals = new GzipTotals();
    const out: Buffer[] = [GZIP_HEADER];
    for (const text of texts) {
      const piece = await deflatePiece(text);
      totals.add(piece);
      out.push(piece.deflated);
    }
    out.push(gzipTrailer(totals.crc, totals.length));
    const whole = Buffer.concat(out);
    expect(zlib.gunzipSync(whole).equals(Buffer.concat(texts))).toBe(true);
    // A damaged trailer is caught: the CRC really covers the content.
    whole[whole.length - 8] ^= 1;
    expect(() => zlib.gunzipSync(whole)).toThrow();
  });
});
