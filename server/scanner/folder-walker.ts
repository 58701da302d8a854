import fs from "node:fs/promises";
import path from "node:path";

/** The order localeCompare gives, without building a collator for every comparison (the walk's hottest line). */
const byName = new Intl.Collator();

export interface WalkedFolder {
  path: string;
  files: string[];
}

export interface WalkResult {
  folders: WalkedFolder[];
  skipped: Array<{ path: string; reason: string }>;
}

export interface WalkRules {
  ignoreFolder(name: string): boolean;
  ignoreFile(name: string): boolean;
  /** Marker files whose presence makes a folder (and everything below) ignored. */
  ignoreMarkers: readonly string[];
}

/**
 * Breadth-first walk of a library path. Each real folder is visited once (symlink loops end),
 * symlinks pointing outside the root are not followed, and an unreadable folder is skipped with its
 * reason rather than failing the scan.
 */
export async function walkFolder(root: string, rules: WalkRules): Promise<WalkResult> {
  const realRoot = await fs.realpath(root);
  const visited = new Set<string>();
  const folders: WalkedFolder[] = [];
  const skipped: WalkResult["skipped"] = [];
  const queue: string[] = [root];
  while (queue.length > 0) {
    const folder = queue.shift()!;
    let real: string;
    try {
      real = await fs.realpath(folder);
    } catch (error) {
      skipped.push({ path: folder, reason: describe(error) });
      continue;
    }
    if (visited.has(real)) continue;
    visited.add(real);
    if (real !== realRoot && !isInside(real, realRoot)) {
      skipped.push({ path: folder, reason: "links outside the library path" });
      continue;
    }
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch (error) {
      skipped.push({ path: folder, reason: describe(error) });
      continue;
    }
    if (entries.some((e) => rules.ignoreMarkers.includes(e.name))) continue;
    const files: string[] = [];
    for (const entry of entries.sort((a, b) => byName.compare(a.name, b.name))) {
      const full = path.join(folder, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const stat = await fs.stat(full);
          isDirectory = stat.isDirectory();
          isFile = stat.isFile();
        } catch (error) {
          skipped.push({ path: full, reason: describe(error) });
          continue;
        }
      }
      if (isDirectory && !rules.ignoreFolder(entry.name)) queue.push(full);
      else if (isFile && !rules.ignoreFile(entry.name)) files.push(full);
    }
    folders.push({ path: folder, files });
  }
  return { folders, skipped };
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ELOOP") return "symbolic link loop";
  if (code === "ENOENT") return "disappeared during the scan";
  return code ?? (error instanceof Error ? error.message : String(error));
}
