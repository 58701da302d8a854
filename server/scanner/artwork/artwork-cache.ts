/**
 * The content-addressed artwork cache under `<data>/artwork`: every distinct image is one file named by
 * the SHA-256 of its bytes (`ab/abcd….jpg`), with one list-width copy made by FFmpeg next to it
 * (`ab/abcd…-w320.jpg`). Storing the same picture again (the same poster for every episode, the same
 * cover for every song) writes nothing. Only JPEG, PNG and WebP bytes are accepted, whatever the name.
 * Media-server sources can store fetched remote artwork through `storeBytes` the same way.
 */
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Width of the copy used by lists and grids (posters and thumbnails shown small). */
export const LIST_WIDTH = 320;
/** Larger images are refused (a poster is a few MB at most). */
export const MAX_ARTWORK_BYTES = 32 * 1024 * 1024;

export interface CachedImage {
  cacheKey: string;
  listKey: string;
}

/** The image type of some bytes by their signature (the cache file's extension), or undefined. */
export function imageExtensionOf(bytes: Uint8Array): ".jpg" | ".png" | ".webp" | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return ".jpg";
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return ".png";
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(0, 4)).toString("latin1") === "RIFF" && Buffer.from(bytes.subarray(8, 12)).toString("latin1") === "WEBP") return ".webp";
  return undefined;
}

export class ArtworkCache {
  private readonly pending = new Map<string, Promise<CachedImage>>();

  constructor(
    /** `<data>/artwork` */
    private readonly root: string,
    private readonly ffmpeg: string,
  ) {}

  /** Caches an image file of the library. Throws with a reason when it is not a usable image. */
  async storeFile(file: string): Promise<CachedImage> {
    const stat = await fs.stat(file);
    if (stat.size > MAX_ARTWORK_BYTES) throw new Error(`image is larger than ${MAX_ARTWORK_BYTES} bytes`);
    return this.storeBytes(await fs.readFile(file));
  }

  /** Caches image bytes (a library file, embedded cover art, or a fetched remote image). */
  storeBytes(bytes: Uint8Array): Promise<CachedImage> {
    const extension = imageExtensionOf(bytes);
    if (!extension) return Promise.reject(new Error("not a JPEG, PNG or WebP image"));
    const digest = createHash("sha256").update(bytes).digest("hex");
    let stored = this.pending.get(digest);
    if (!stored) {
      stored = this.write(digest, extension, bytes);
      this.pending.set(digest, stored);
      stored.catch(() => this.pending.delete(digest));
    }
    return stored;
  }

  private async write(digest: string, extension: string, bytes: Uint8Array): Promise<CachedImage> {
    const cacheKey = `${digest.slice(0, 2)}/${digest}${extension}`;
    const listKey = `${digest.slice(0, 2)}/${digest}-w${LIST_WIDTH}${extension === ".png" ? ".png" : ".jpg"}`;
    const original = path.join(this.root, cacheKey);
    const list = path.join(this.root, listKey);
    await fs.mkdir(path.dirname(original), { recursive: true });
    if (!(await exists(original))) await writeAtomically(original, (temp) => fs.writeFile(temp, bytes));
    if (!(await exists(list))) {
      // Never wider than the original: a small image gets a same-size copy, so every image has a list key.
      await writeAtomically(list, (temp) =>
        run(this.ffmpeg, ["-v", "error", "-nostdin", "-y", "-i", original, "-frames:v", "1", "-vf", `scale='min(${LIST_WIDTH},iw)':-2:flags=bicubic`, "-q:v", "3", "-f", "image2", "-c:v", list.endsWith(".png") ? "png" : "mjpeg", temp], { timeout: 30_000 }).then(() => undefined),
      );
    }
    return { cacheKey, listKey };
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Writes through a temporary name and renames, so a reader (or a parallel scan) never sees half a file. */
async function writeAtomically(target: string, write: (temp: string) => Promise<unknown>): Promise<void> {
  const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await write(temp);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
