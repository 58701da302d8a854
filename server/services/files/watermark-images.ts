/**
 * The image files watermarks draw, all inside the data folder (FFmpeg is handed nothing else):
 * - a Custom image, uploaded with the request or picked inside the data folder or a library folder, is
 *   read once (at most MAX_WATERMARK_IMAGE_BYTES), must be an image ffprobe reads, and is written to
 *   `<data>/watermarks/<sha-256>.<ext>`; the watermark then names the copy;
 * - a channel's logo: its cached artwork when the logo URL points at this server's `/iptv/logos/{key}`,
 *   else (no logo, or a logo on another host, which is never fetched) the generated name logo,
 *   written once to `<data>/cache/logos/`.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { runFfprobe } from "../../media/probe";
import { logoPng } from "../../media/logo-png";
import { isWithin } from "./confined-file";

export const WATERMARKS_FOLDER = "watermarks";
export const MAX_WATERMARK_IMAGE_BYTES = 5 * 1024 * 1024;
const PROBE_TIMEOUT_MS = 15_000;

/** Undefined when ffprobe reads the file as a picture; else why not. */
export type ImageProbe = (file: string) => Promise<string | undefined>;

export function ffprobeImageProbe(ffprobePath: string): ImageProbe {
  return async (file) => {
    try {
      const info = await runFfprobe(ffprobePath, file, PROBE_TIMEOUT_MS);
      return info.width && info.height ? undefined : "is not an image ffprobe can read (no picture in it)";
    } catch (error) {
      return `is not an image ffprobe can read (${(error as Error).message.replace(/^ffprobe failed: /, "")})`;
    }
  };
}

export type AdoptedImage = { ok: true; path: string; created: boolean } | { ok: false; message: string };

let scratchCount = 0;
/** A name no other write in progress uses: scratch files are renamed into place, so only this process's own writes can meet. */
const scratchName = () => `${process.pid}-${++scratchCount}`;

/** Where the cached channel logos live (relative to the data folder) and how their URLs name them. */
const LOGO_CACHE = path.join("cache", "logos");
const OWN_LOGO_PATH = /^\/iptv\/logos\/([0-9a-f]{2}\/[0-9a-f]{40,64}(?:-w\d{2,4})?\.(?:jpg|jpeg|png|webp|gif|tbn))(?:\.jpg)?$/i;

export class WatermarkImages {
  readonly folder: string;

  constructor(
    /** Airwave's data folder; its copies live in `watermarks/` below it. */
    readonly dataDir: string,
    private readonly probe: ImageProbe,
    /** The folder below the data folder the copies go to (graphics elements keep theirs apart). */
    folderName = WATERMARKS_FOLDER,
  ) {
    this.folder = path.join(dataDir, folderName);
  }

  /**
   * The copy inside the watermarks folder of `file` (an allowed absolute path already checked by `checkImageFile`).
   * A file already in the folder is kept as it is.
   */
  async adopt(file: string): Promise<AdoptedImage> {
    if (await this.isOwnCopy(file)) return { ok: true, path: file, created: false };
    let bytes: Buffer;
    const handle = await fs.open(file, "r");
    try {
      const { size } = await handle.stat();
      if (size > MAX_WATERMARK_IMAGE_BYTES) return { ok: false, message: `is larger than ${MAX_WATERMARK_IMAGE_BYTES / 1024 / 1024} MB` };
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    if (bytes.length > MAX_WATERMARK_IMAGE_BYTES) return { ok: false, message: `is larger than ${MAX_WATERMARK_IMAGE_BYTES / 1024 / 1024} MB` };
    return this.adoptBytes(bytes, path.extname(file).toLowerCase());
  }

  /**
   * The copy inside the watermarks folder of an image's `bytes` (at most MAX_WATERMARK_IMAGE_BYTES, their
   * signature already checked), saved with extension `ext` once ffprobe reads it as a picture.
   */
  async adoptBytes(bytes: Buffer, ext: string): Promise<AdoptedImage> {
    const target = path.join(this.folder, `${createHash("sha256").update(bytes).digest("hex")}${ext}`);
    if (await exists(target)) return { ok: true, path: target, created: false };
    await fs.mkdir(this.folder, { recursive: true });
    const scratch = path.join(this.folder, `.incoming-${scratchName()}${ext}`);
    await fs.writeFile(scratch, bytes, { flag: "wx" });
    const problem = await this.probe(scratch);
    if (problem) {
      await fs.rm(scratch, { force: true });
      return { ok: false, message: problem };
    }
    await fs.rename(scratch, target);
    return { ok: true, path: target, created: true };
  }

  /** Removes a copy no watermark names any more (anything outside the folder is left alone). */
  async release(file: string | null): Promise<void> {
    if (file && (await this.isOwnCopy(file))) await fs.rm(file, { force: true });
  }

  /** The image a ChannelLogo watermark draws for a channel with this name and logo URL. */
  async channelLogo(channel: { name: string; logoUrl: string | null }): Promise<string> {
    const own = channel.logoUrl ? ownLogoKey(channel.logoUrl) : undefined;
    if (own) {
      const cached = path.join(this.dataDir, "artwork", own);
      if (isWithin(path.join(this.dataDir, "artwork"), cached) && (await exists(cached))) return cached;
    }
    const file = path.join(this.dataDir, LOGO_CACHE, `${createHash("sha256").update(channel.name).digest("hex").slice(0, 32)}.png`);
    if (!(await exists(file))) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const scratch = `${file}.${scratchName()}.tmp`;
      await fs.writeFile(scratch, logoPng(channel.name));
      await fs.rename(scratch, file);
    }
    return file;
  }

  private async isOwnCopy(file: string): Promise<boolean> {
    try {
      const [folder, real] = await Promise.all([fs.realpath(this.folder), fs.realpath(file)]);
      return path.dirname(real) === folder;
    } catch {
      return false;
    }
  }
}

/** The artwork cache key of a logo URL that points at this server's `/iptv/logos/{key}`. */
function ownLogoKey(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    return undefined;
  }
  return OWN_LOGO_PATH.exec(pathname)?.[1];
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}
