import fs from "node:fs/promises";
import path from "node:path";

export type FolderCheck = { ok: true; path: string } | { ok: false; message: string };

/**
 * Checks a folder a user wants scanned and returns its canonical (real, absolute) path. Relative
 * paths and `..` segments are refused outright rather than resolved, so the stored path is always
 * the one the user meant.
 */
export async function checkLibraryFolder(input: string): Promise<FolderCheck> {
  const raw = input.trim();
  if (raw === "") return { ok: false, message: "must not be empty" };
  if (raw.length > 4096 || raw.includes("\0")) return { ok: false, message: "is not a valid path" };
  if (!path.isAbsolute(raw)) return { ok: false, message: "must be an absolute path" };
  if (raw.split(/[\\/]+/).includes("..")) return { ok: false, message: 'must not contain ".." segments' };
  let real: string;
  try {
    real = await fs.realpath(raw);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return { ok: false, message: "is a symbolic link loop" };
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, message: "does not exist" };
    if (code === "EACCES" || code === "EPERM") return { ok: false, message: "is not accessible" };
    return { ok: false, message: `cannot be read (${code ?? "unknown error"})` };
  }
  try {
    const stat = await fs.stat(real);
    if (!stat.isDirectory()) return { ok: false, message: "is not a folder" };
    await fs.access(real, fs.constants.R_OK | fs.constants.X_OK);
    await fs.readdir(real);
  } catch {
    return { ok: false, message: "is not readable" };
  }
  return { ok: true, path: real };
}

/** True when one folder is the other or contains it. */
export function foldersOverlap(a: string, b: string): boolean {
  const inside = (child: string, parent: string) => {
    const relative = path.relative(parent, child);
    return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
  };
  return inside(a, b) || inside(b, a);
}

/** True when the real path `target` is `folder` or lies below it (the folder's own links followed). */
export async function isInsideFolder(folder: string, target: string): Promise<boolean> {
  const real = await fs.realpath(folder).catch(() => path.resolve(folder));
  const relative = path.relative(real, target);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
