/**
 * The item file of a remote stream made through the API, as edits and deletes handle it: which items have one
 * (only files the API wrote, directly in the library's own folder in the data folder; item files in a user's
 * library folder and IPTV playlist entries are edited where they come from), what it holds now, and how it is
 * replaced or removed so that a failed transaction leaves it as it was.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { MAX_STREAM_FILE_BYTES } from "../../media/remote-streams/stream-file";
import { isRemoteStreamFolder } from "./remote-stream-folder";

const ITEM_FILE = /\.(ya?ml|json)$/i;

/** Null when the item's file is one the API may rewrite; otherwise why not (a message for the item id). */
export function whyNotEditable(dataDir: string, libraryPath: string, file: string): string | null {
  if (!isRemoteStreamFolder(dataDir, libraryPath)) return "is read from an item file in one of the library's folders: edit that file (a rescan reads it)";
  if (path.dirname(file) !== libraryPath || !ITEM_FILE.test(file)) return "is an entry of the library's IPTV playlist: change the playlist (a rescan follows it)";
  return null;
}

/** The fields the file holds now (its `url` and `headers` are kept by an edit that leaves them out); {} when unreadable. */
export async function readItemFields(file: string): Promise<Record<string, unknown>> {
  try {
    const text = await fs.readFile(file, "utf8");
    if (Buffer.byteLength(text) > MAX_STREAM_FILE_BYTES) return {};
    const value: unknown = parse(text, { maxAliasCount: 10 });
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Writes `text` next to `file` under a hidden name (scans skip hidden files) and hands back its size and mtime;
 * `commit` moves it over the file (the last step of the transaction), `discard` removes what is left.
 */
export async function stageItemFile(file: string, text: string) {
  const staged = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.tmp`);
  await fs.writeFile(staged, text, { flag: "wx", mode: 0o600 });
  const stat = await fs.stat(staged);
  return {
    size: stat.size,
    mtime: Math.floor(stat.mtimeMs),
    commit: () => fs.rename(staged, file),
    discard: () => fs.rm(staged, { force: true }),
  };
}

/**
 * Moves the file aside under a hidden name; `restore` puts it back (the transaction failed), `drop` removes it.
 * A file already gone is fine: the item is deleted all the same.
 */
export async function setItemFileAside(file: string) {
  const aside = path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.deleting`);
  let moved = true;
  try {
    await fs.rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    moved = false;
  }
  return {
    restore: async () => (moved ? fs.rename(aside, file) : undefined),
    drop: async () => (moved ? fs.rm(aside, { force: true }) : undefined),
  };
}
