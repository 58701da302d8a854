import fs from "node:fs/promises";
import path from "node:path";

export type ImageCheck = { ok: true; path: string } | { ok: false; message: string };
export type ImageBytes = { ok: true; bytes: Buffer; ext: string } | { ok: false; message: string };

/** Extensions of the images FFmpeg overlays as watermarks, and the first bytes each format starts with. */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  ".png": (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  ".jpg": (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  ".jpeg": (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  ".gif": (h) => h.subarray(0, 4).toString("latin1") === "GIF8",
  ".webp": (h) => h.subarray(0, 4).toString("latin1") === "RIFF" && h.subarray(8, 12).toString("latin1") === "WEBP",
};
/** The media types an uploaded image may be sent as, and the extension its copy gets. */
const MEDIA_TYPES: Readonly<Record<string, string>> = { "image/png": ".png", "image/jpeg": ".jpg", "image/gif": ".gif", "image/webp": ".webp" };
const MAX_PATH = 1024;
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i;

/**
 * The normalised absolute path a user names, checked without looking at the disk: relative paths and
 * `..` segments are refused rather than resolved, and the extension must be an image's.
 */
export function checkImagePathShape(input: unknown): ImageCheck {
  if (typeof input !== "string") return { ok: false, message: "must be a path" };
  const raw = input.trim();
  if (raw === "") return { ok: false, message: "must not be empty" };
  if (raw.length > MAX_PATH || raw.includes("\0")) return { ok: false, message: `is not a valid path (at most ${MAX_PATH} characters)` };
  if (!path.isAbsolute(raw)) return { ok: false, message: "must be an absolute path" };
  if (raw.split(/[\\/]+/).includes("..")) return { ok: false, message: 'must not contain ".." segments' };
  if (!SIGNATURES[path.extname(raw).toLowerCase()]) return { ok: false, message: `must be an image file ending in ${Object.keys(SIGNATURES).join(", ")}` };
  return { ok: true, path: path.normalize(raw) };
}

/** Why `head` (the first 12 bytes or more) does not start like the format of `ext`; undefined when it does. */
function signatureProblem(ext: string, head: Buffer, named: "extension" | "media type"): string | undefined {
  return SIGNATURES[ext]?.(head) ? undefined : `is not a ${ext.slice(1).toUpperCase()} image (its content does not match the ${named})`;
}

/**
 * Checks an image file (its path already shaped by `checkImagePathShape`): it must be a readable file
 * that starts like the format its extension names, so a mislabelled file fails here and not later in FFmpeg.
 */
export async function checkImageFile(input: unknown): Promise<ImageCheck> {
  const shaped = checkImagePathShape(input);
  if (!shaped.ok) return shaped;
  const normalised = shaped.path;
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
  const problem = signatureProblem(path.extname(normalised).toLowerCase(), head, "extension");
  return problem ? { ok: false, message: problem } : { ok: true, path: normalised };
}

/**
 * Decodes an uploaded image: a `data:` URL (`data:image/png;base64,…`) of a PNG, JPEG, GIF or WebP whose
 * bytes start like the type it names. `maxBytes` bounds the decoded size; a larger one is `tooLarge`.
 */
export function decodeImageData(input: unknown, maxBytes: number): ImageBytes | { ok: false; tooLarge: true } {
  if (typeof input !== "string") return { ok: false, message: "must be a data: URL of an image" };
  const match = DATA_URL.exec(input.trim());
  if (!match) return { ok: false, message: "must be a data: URL of an image, like data:image/png;base64,…" };
  const ext = MEDIA_TYPES[match[1]!.toLowerCase()];
  if (!ext) return { ok: false, message: `must be an image of type ${Object.keys(MEDIA_TYPES).join(", ")}` };
  if (Math.floor((match[2]!.length * 3) / 4) - 2 > maxBytes) return { ok: false, tooLarge: true };
  const bytes = Buffer.from(match[2]!, "base64");
  if (bytes.length > maxBytes) return { ok: false, tooLarge: true };
  if (bytes.length === 0) return { ok: false, message: "must not be empty" };
  const problem = signatureProblem(ext, bytes.subarray(0, 12), "media type");
  return problem ? { ok: false, message: problem } : { ok: true, bytes, ext };
}
