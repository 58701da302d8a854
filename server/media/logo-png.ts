/**
 * The generated channel logo of `/iptv/logos/gen?text=…` (and of channel-logo watermarks): a 200×100
 * greyscale PNG, black with the channel name centred in white, drawn in the bundled DejaVu Sans Bold (every
 * script the font has: Latin with accents, Greek, Cyrillic, …) as large as fits, anti-aliased. Glyph outlines
 * come from opentype.js; they are filled here (non-zero winding, 4 sub-scanlines per row, exact horizontal
 * coverage), and the PNG is encoded here (one zlib IDAT), so a logo costs no process and no native module.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import { parse, type Font, type PathCommand } from "opentype.js";
import { bundledFonts } from "../streaming/bundled-fonts";

export const LOGO_WIDTH = 200;
export const LOGO_HEIGHT = 100;
const MARGIN = 8;
const MAX_FONT_SIZE = 56;
const MIN_FONT_SIZE = 14;
const SUBSAMPLES = 4;
const ELLIPSIS = "…";

let font: Font | undefined;

/** DejaVu Sans Bold, parsed once. */
export function logoFont(): Font {
  if (!font) {
    const bytes = fs.readFileSync(bundledFonts().bold);
    font = parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return font;
}

interface Laid {
  commands: PathCommand[];
  width: number;
}

/** The text's outline at `size` from x = 0 on baseline 0 (one glyph per code point, with kerning). */
function layOut(f: Font, chars: readonly string[], size: number): Laid {
  const scale = size / f.unitsPerEm;
  const glyphs = chars.map((c) => f.charToGlyph(c));
  const commands: PathCommand[] = [];
  let x = 0;
  glyphs.forEach((glyph, i) => {
    commands.push(...glyph.getPath(x, 0, size).commands);
    x += (glyph.advanceWidth ?? 0) * scale;
    const next = glyphs[i + 1];
    if (next) x += f.getKerningValue(glyph, next) * scale;
  });
  return { commands, width: x };
}

/** The name as it is drawn: spaces collapsed, as many characters as fit at the smallest size (then "…"). */
function fitted(f: Font, text: string): { laid: Laid; size: number } {
  let chars = [...text.replace(/\s+/g, " ").trim()];
  const room = LOGO_WIDTH - 2 * MARGIN;
  const heightSize = ((LOGO_HEIGHT - 2 * MARGIN) * f.unitsPerEm) / (f.ascender - f.descender);
  for (;;) {
    const widthAtOne = layOut(f, chars, 1).width;
    const size = Math.min(MAX_FONT_SIZE, heightSize, widthAtOne > 0 ? room / widthAtOne : MAX_FONT_SIZE);
    if (size >= MIN_FONT_SIZE || chars.length <= 1) {
      const final = Math.max(size, Math.min(MIN_FONT_SIZE, size));
      return { laid: layOut(f, chars, final), size: final };
    }
    chars = [...chars.slice(0, Math.max(1, chars.length - (chars.at(-1) === ELLIPSIS ? 2 : 1))), ELLIPSIS];
  }
}

type Edge = [x0: number, y0: number, x1: number, y1: number];

/** Straight edges of the outline, curves flattened, moved by (dx, dy). */
function edges(commands: readonly PathCommand[], dx: number, dy: number): Edge[] {
  const out: Edge[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  const line = (nx: number, ny: number) => {
    if (ny !== y) out.push([x + dx, y + dy, nx + dx, ny + dy]);
    x = nx;
    y = ny;
  };
  for (const c of commands) {
    if (c.type === "M") {
      if (x !== startX || y !== startY) line(startX, startY);
      x = startX = c.x;
      y = startY = c.y;
    } else if (c.type === "L") line(c.x, c.y);
    else if (c.type === "Q") {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= 8; i++) {
        const t = i / 8;
        const u = 1 - t;
        line(u * u * x0 + 2 * u * t * c.x1 + t * t * c.x, u * u * y0 + 2 * u * t * c.y1 + t * t * c.y);
      }
    } else if (c.type === "C") {
      const [x0, y0] = [x, y];
      for (let i = 1; i <= 12; i++) {
        const t = i / 12;
        const u = 1 - t;
        line(u * u * u * x0 + 3 * u * u * t * c.x1 + 3 * u * t * t * c.x2 + t * t * t * c.x, u * u * u * y0 + 3 * u * u * t * c.y1 + 3 * u * t * t * c.y2 + t * t * t * c.y);
      }
    } else if (c.type === "Z") line(startX, startY);
  }
  if (x !== startX || y !== startY) line(startX, startY);
  return out;
}

/** Adds `weight` × the covered share of each pixel of `row` between x positions a < b. */
function addSpan(row: Float32Array, a: number, b: number, weight: number): void {
  const from = Math.max(0, a);
  const to = Math.min(row.length, b);
  if (to <= from) return;
  const first = Math.floor(from);
  const last = Math.floor(to);
  if (first === last) {
    row[first]! += (to - from) * weight;
    return;
  }
  row[first]! += (first + 1 - from) * weight;
  for (let i = first + 1; i < last; i++) row[i]! += weight;
  if (last < row.length) row[last]! += (to - last) * weight;
}

/** Greyscale pixels (0 black, 255 white), row-major. */
export function renderLogo(text: string): Uint8Array {
  const pixels = new Uint8Array(LOGO_WIDTH * LOGO_HEIGHT);
  const f = logoFont();
  const { laid } = fitted(f, text);
  if (!laid.commands.length) return pixels;
  // Centred on the ink: horizontally on the advance width, vertically on the outline's extent.
  let top = Infinity;
  let bottom = -Infinity;
  for (const c of laid.commands) {
    if ("y" in c) {
      top = Math.min(top, c.y);
      bottom = Math.max(bottom, c.y);
    }
  }
  const all = edges(laid.commands, (LOGO_WIDTH - laid.width) / 2, LOGO_HEIGHT / 2 - (top + bottom) / 2);
  const row = new Float32Array(LOGO_WIDTH);
  const crossings: Array<{ x: number; winding: number }> = [];
  for (let py = 0; py < LOGO_HEIGHT; py++) {
    row.fill(0);
    for (let s = 0; s < SUBSAMPLES; s++) {
      const sy = py + (s + 0.5) / SUBSAMPLES;
      crossings.length = 0;
      for (const [x0, y0, x1, y1] of all) {
        if ((sy < y0) === (sy < y1)) continue;
        crossings.push({ x: x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0), winding: y1 > y0 ? 1 : -1 });
      }
      crossings.sort((p, q) => p.x - q.x);
      let winding = 0;
      for (let i = 0; i < crossings.length - 1; i++) {
        winding += crossings[i]!.winding;
        if (winding !== 0) addSpan(row, crossings[i]!.x, crossings[i + 1]!.x, 1 / SUBSAMPLES);
      }
    }
    for (let px = 0; px < LOGO_WIDTH; px++) pixels[py * LOGO_WIDTH + px] = Math.round(Math.min(1, row[px]!) * 255);
  }
  return pixels;
}

export function logoPng(text: string): Buffer {
  return encodeGreyscalePng(renderLogo(text), LOGO_WIDTH, LOGO_HEIGHT);
}

/** An 8-bit greyscale PNG (colour type 0), every scanline with filter type 0. */
export function encodeGreyscalePng(pixels: Uint8Array, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  header[10] = 0; // deflate
  header[11] = 0; // adaptive filtering
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(zlib.crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
