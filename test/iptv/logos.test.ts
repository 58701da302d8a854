import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { execFileSync } from "node:child_process";
import { bundledFonts } from "../../server/streaming/bundled-fonts";
import { beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/http";
import { useTestServer } from "../support/test-server";

const { server } = useTestServer();
const ART = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

beforeAll(async () => {
  fs.mkdirSync(path.join(server.dataDir, "artwork", "ab"), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, "artwork", "ab", "abcdef.jpg"), ART);
  fs.writeFileSync(path.join(server.dataDir, "artwork", "plainkey"), ART);
  fs.writeFileSync(path.join(server.dataDir, "secret.txt"), "top secret");
  fs.symlinkSync(path.join(server.dataDir, "secret.txt"), path.join(server.dataDir, "artwork", "link.jpg"));
});

const get = (p: string) => rawRequest(server.url, "GET", p);
const getBytes = (p: string) =>
  fetch(`${server.url}${p}`).then(async (r) => ({ status: r.status, type: r.headers.get("content-type"), body: Buffer.from(await r.arrayBuffer()) }));

/** Width, height and greyscale pixels of an 8-bit greyscale PNG (what the generator writes). */
function decodePng(png: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("ascii", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(zlib.crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 0]);
    }
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const pixels = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    raw.copy(pixels, y * width, y * (width + 1) + 1, (y + 1) * (width + 1));
  }
  return { width, height, pixels };
}

/** Ink pixels (brighter than half) of a greyscale image, cropped to their bounding box and sampled onto a w×h grid. */
function inkShape(pixels: Uint8Array, width: number, w = 64, h = 24): boolean[] {
  const height = pixels.length / width;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (pixels[y * width + x]! > 127) [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  expect(maxX, "some ink").toBeGreaterThanOrEqual(0);
  const out: boolean[] = [];
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const x = Math.floor(minX + ((i + 0.5) / w) * (maxX - minX + 1));
      const y = Math.floor(minY + ((j + 0.5) / h) * (maxY - minY + 1));
      out.push(pixels[y * width + x]! > 127);
    }
  return out;
}

/** Share of grid cells where two shapes agree, counted over the cells either one inks (intersection over union). */
function overlap(a: boolean[], b: boolean[]): number {
  let both = 0;
  let either = 0;
  a.forEach((v, i) => {
    if (v && b[i]) both++;
    if (v || b[i]) either++;
  });
  return both / either;
}

/** FFmpeg's drawtext rendering of `text` in the bundled DejaVu Sans Bold, white on black, as greyscale pixels. */
function ffmpegRendering(text: string): { pixels: Uint8Array; width: number } {
  const width = 1400;
  const out = execFileSync("ffmpeg", ["-v", "error", "-f", "lavfi", "-i", `color=c=black:s=${width}x160`, "-frames:v", "1", "-vf", `drawtext=fontfile=${bundledFonts().bold}:text=${text}:fontsize=96:fontcolor=white:x=16:y=24`, "-f", "rawvideo", "-pix_fmt", "gray", "pipe:1"]);
  return { pixels: new Uint8Array(out), width };
}

describe("/iptv/logos/gen", () => {
  it("draws a 200×100 PNG with the name in white, centred on black", async () => {
    const response = await getBytes("/iptv/logos/gen?text=Cartoons%20%26%20Co");
    expect(response.status).toBe(200);
    expect(response.type).toBe("image/png");
    const { width, height, pixels } = decodePng(response.body);
    expect([width, height]).toEqual([200, 100]);
    const white = [...pixels].filter((p) => p === 255).length;
    expect(white).toBeGreaterThan(200);
    // Centred: corners black, ink on both halves as far from either edge.
    expect(pixels[0]).toBe(0);
    expect(pixels[200 * 100 - 1]).toBe(0);
    const columns = [...pixels].map((p, i) => (p > 127 ? i % 200 : -1)).filter((x) => x >= 0);
    const [minX, maxX] = [Math.min(...columns), Math.max(...columns)];
    expect(Math.abs(minX - (199 - maxX))).toBeLessThanOrEqual(3);
    const rows = [...pixels].map((p, i) => (p > 127 ? Math.floor(i / 200) : -1)).filter((y) => y >= 0);
    expect(Math.abs(Math.min(...rows) - (99 - Math.max(...rows)))).toBeLessThanOrEqual(2);
  });

  it("different names give different images; a long name shrinks to fit (ending in …); no text is a plain black logo", async () => {
    const a = (await getBytes("/iptv/logos/gen?text=ABC")).body;
    const b = (await getBytes("/iptv/logos/gen?text=XYZ")).body;
    expect(a.equals(b)).toBe(false);
    const long = decodePng((await getBytes(`/iptv/logos/gen?text=${encodeURIComponent("A very long channel name that goes on and on and on and on")}`)).body);
    expect([...long.pixels].some((p) => p === 255)).toBe(true);
    // Nothing touches the edges: the name is shortened rather than cut by the frame.
    for (let y = 0; y < 100; y++) expect([long.pixels[y * 200], long.pixels[y * 200 + 199]]).toEqual([0, 0]);
    const empty = decodePng((await getBytes("/iptv/logos/gen")).body);
    expect([...empty.pixels].every((p) => p === 0)).toBe(true);
  });

  it("names in Cyrillic, Greek and with accents are drawn in DejaVu: the ink matches FFmpeg's DejaVu rendering of the same text", async () => {
    const logos = new Map<string, boolean[]>();
    for (const name of ["Кино", "Ελληνικά", "Télé Rétro"]) {
      const png = decodePng((await getBytes(`/iptv/logos/gen?text=${encodeURIComponent(name)}`)).body);
      const ours = inkShape(png.pixels, 200);
      const reference = ffmpegRendering(name);
      expect(overlap(ours, inkShape(reference.pixels, reference.width)), name).toBeGreaterThan(0.8);
      logos.set(name, ours);
    }
    // The comparison tells texts apart: Кино's logo does not match a rendering of other letters.
    const other = ffmpegRendering("????");
    expect(overlap(logos.get("Кино")!, inkShape(other.pixels, other.width))).toBeLessThan(0.6);
    const greek = ffmpegRendering("Ελληνικά");
    expect(overlap(logos.get("Кино")!, inkShape(greek.pixels, greek.width))).toBeLessThan(0.6);
  });
});

describe("/iptv/logos/{key}", () => {
  it("serves cached artwork by key, with or without the .jpg suffix the playlist adds", async () => {
    for (const p of ["/iptv/logos/ab/abcdef.jpg", "/iptv/logos/ab%2Fabcdef.jpg", "/iptv/logos/ab%2Fabcdef.jpg.jpg", "/iptv/logos/plainkey.jpg", "/iptv/logos/plainkey"]) {
      const response = await getBytes(p);
      expect(response.status, p).toBe(200);
      expect(response.type, p).toBe("image/jpeg");
      expect(response.body.equals(ART), p).toBe(true);
    }
    expect((await get("/iptv/logos/missing.jpg")).status).toBe(404);
  });

  it.each([
    "/iptv/logos/..%2Fsecret.txt",
    "/iptv/logos/..%2F..%2F..%2F..%2Fetc%2Fpasswd",
    "/iptv/logos/%2E%2E%2Fsecret.txt",
    "/iptv/logos/%2e%2e/secret.txt",
    "/iptv/logos/../secret.txt",
    "/iptv/logos/ab/..%2F..%2Fsecret.txt",
    "/iptv/logos/%2Fetc%2Fpasswd",
    "/iptv/logos/..%5Csecret.txt",
    "/iptv/logos/secret.txt%00.jpg",
    "/iptv/logos/link.jpg",
    "/iptv/logos/ab",
  ])("never leaves the artwork folder: %s → 404", async (p) => {
    const response = await get(p);
    expect(response.status).toBe(404);
    expect(response.text).not.toContain("top secret");
    expect(response.text).not.toContain("root:");
  });
});
