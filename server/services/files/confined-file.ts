import fs from "node:fs";
import path from "node:path";

/** Why a path was refused: not inside the allowed folders, not there, or not a regular file. */
export type ConfinedFileProblem = "outside" | "missing" | "not-a-file";

export type ConfinedFile = { ok: true; path: string } | { ok: false; problem: ConfinedFileProblem; message: string };

/** True when `target` is `folder` itself or below it (both absolute, already resolved). */
export function isWithin(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

function realOrResolved(folder: string): string {
  try {
    return fs.realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}

/**
 * Finds `candidate` (absolute, or relative to the first folder) inside one of `folders`. A path that
 * leaves the folders is refused before the disk is looked at, so nothing is learned about files elsewhere;
 * then the real path (symbolic links followed) must still lie inside, and be a regular file.
 * `label` names the folders in messages, e.g. "the scripts folder /home/me/airwave/scripts".
 */
export function locateConfinedFile(candidate: string, folders: readonly string[], label: string): ConfinedFile {
  if (candidate.includes("\0")) return { ok: false, problem: "outside", message: "the path contains a NUL character" };
  const absolute = path.resolve(folders[0], candidate);
  const shown = JSON.stringify(candidate);
  if (!folders.some((folder) => isWithin(path.resolve(folder), absolute) || isWithin(realOrResolved(folder), absolute))) {
    return { ok: false, problem: "outside", message: `${shown} is outside ${label}` };
  }
  let real: string;
  try {
    real = fs.realpathSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problem: "missing", message: code === "ENOENT" || code === "ENOTDIR" ? `${shown} does not exist` : `${shown} cannot be read (${code ?? "error"})` };
  }
  if (!folders.some((folder) => isWithin(realOrResolved(folder), real))) {
    return { ok: false, problem: "outside", message: `${shown} leads (through a symbolic link) outside ${label}` };
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(real);
  } catch (error) {
    return { ok: false, problem: "missing", message: `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  if (!stat.isFile()) return { ok: false, problem: "not-a-file", message: `${shown} is not a regular file` };
  return { ok: true, path: real };
}

/** True when the file may be run directly (execute permission; on Windows every file counts). */
export function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
