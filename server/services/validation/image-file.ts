import fs from "node:fs/promises";
import path from "node:path";

export type ImageCheck = { ok: true; path: string } | { ok: false; message: string };

/** Extensions of the images FFmpeg overlays as watermarks, and the first bytes each format starts with. */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  ".png": (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ".jpg": (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  ".jpeg": (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  ".gif": (h) => h.subarray(0, 4).toString("latin1") === "GIF8",
  ".webp": (h) => h.subarray(0, 4).toString("latin1") === "RIFF" && h.subarray(8, 12).toString("latin1") === "WEBP",
};
const MAX_PATH = 1024;

/**
 * Checks the image file a user names and returns its normalised absolute path. Relative paths and
 * `..` segments are refused rather than resolved; the file must be readable and start like the
 * format its extension names, so a mislabelled file fails here and not later in FFmpeg.
 */
export async function checkImageFile(input: unknown): Promise<ImageCheck> {
  if (typeof input !== "string") return { ok: false, message: "must be a path" };
  const raw = input.trim();
  if (raw === "") return { ok: false, message: "must not be empty" };
  if (raw.length > MAX_PATH || raw.includes("\0")) return { ok: false, message: `is not a valid path (at most ${MAX_PATH} characters)` };
  if (!path.isAbsolute(raw)) return { ok: false, message: "must be an absolute path" };
  if (raw.split(/[\\/]+/).includes("..")) return { ok: false, message: 'must not contain ".." segments' };
  const matches = SIGNATURES[path.extname(raw).toLowerCase()];
  if (!matches) return { ok: false, message: `must be an image file ending in ${Object.keys(SIGNATURES).join(", ")}` };
  const normalised = path.normalize(raw);
  let head: Buffer;
  try {
    const stat = await fs.stat(normalised);
    if (!stat.isFile()) return { ok: false, message: "is not a file" };
    const file = await fs.open(normalised, "r");
    try {
      head = Buffer.alloc(12);
      const { bytesRead } = await file.read(head, 0, 12, 0);
      head = head.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, message: "does not exist" };
    if (code === "EACCES" || code === "EPERM") return { ok: false, message: "is not readable" };
    if (code === "ELOOP") return { ok: false, message: "is a symbolic link loop" };
    return { ok: false, message: `cannot be read (${code ?? "unknown error"})` };
  }
  if (!matches(head)) return { ok: false, message: `is not a ${path.extname(raw).slice(1).toUpperCase()} image (its content does not match the extension)` };
  return { ok: true, path: normalised };
}
