import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
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

describe("/iptv/logos/gen", () => {
  it("draws a 200×100 PNG with the name in white, centred on black", async () => {
    const response = await getBytes("/iptv/logos/gen?text=Cartoons%20%26%20Co");
    expect(response.status).toBe(200);
    expect(response.type).toBe("image/png");
    const { width, height, pixels } = decodePng(response.body);
    expect([width, height]).toEqual([200, 100]);
    const white = [...pixels].filter((p) => p === 255).length;
    expect(white).toBeGreaterThan(200);
    expect(white + [...pixels].filter((p) => p === 0).length).toBe(200 * 100);
    // Centred: corners black, white pixels on both halves.
    expect(pixels[0]).toBe(0);
    expect(pixels[200 * 100 - 1]).toBe(0);
    const columns = [...pixels].map((p, i) => (p === 255 ? i % 200 : -1)).filter((x) => x >= 0);
    const [minX, maxX] = [Math.min(...columns), Math.max(...columns)];
    expect(Math.abs(minX - (199 - maxX))).toBeLessThanOrEqual(1);
  });

  it("different names give different images; a long name shrinks to fit; no text is a plain black logo", async () => {
    const a = (await getBytes("/iptv/logos/gen?text=ABC")).body;
    const b = (await getBytes("/iptv/logos/gen?text=XYZ")).body;
    expect(a.equals(b)).toBe(false);
    const long = decodePng((await getBytes(`/iptv/logos/gen?text=${encodeURIComponent("A very long channel name that goes on")}`)).body);
    expect([...long.pixels].some((p) => p === 255)).toBe(true);
    const empty = decodePng((await getBytes("/iptv/logos/gen")).body);
    expect([...empty.pixels].every((p) => p === 0)).toBe(true);
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
