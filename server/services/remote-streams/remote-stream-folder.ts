/**
 * Where a RemoteStreams library keeps what it holds in the data folder: the item files the API writes
 * (`<data>/remote-streams/<libraryId>/`), which is also the library path the IPTV playlist's entries hang from.
 * It is a library path of its own, made with the library and removed with it.
 */
import fs from "node:fs/promises";
import path from "node:path";

export function remoteStreamFolder(dataDir: string, libraryId: number): string {
  return path.join(dataDir, "remote-streams", String(libraryId));
}

/** Whether a library path is a RemoteStreams library's own folder in the data folder. */
export function isRemoteStreamFolder(dataDir: string | undefined, folder: string): boolean {
  return dataDir !== undefined && path.dirname(folder) === path.join(dataDir, "remote-streams");
}

export async function makeRemoteStreamFolder(dataDir: string, libraryId: number): Promise<string> {
  const folder = remoteStreamFolder(dataDir, libraryId);
  await fs.mkdir(folder, { recursive: true });
  return folder;
}

export async function removeRemoteStreamFolder(dataDir: string, libraryId: number): Promise<void> {
  await fs.rm(remoteStreamFolder(dataDir, libraryId), { recursive: true, force: true });
}
