/**
 * How synced things are named where the library model expects paths: a source-bound library's one
 * library path, and the (unique) path of each synced file or show/season. None is a file; the stream
 * planner resolves a synced file through its source (path replacement or the server's stream).
 */
const SCHEME = "media-source://";

export function libraryLocator(sourceId: number, remoteLibraryId: string): string {
  return `${SCHEME}${sourceId}/${encodeURIComponent(remoteLibraryId)}`;
}

export function itemLocator(sourceId: number, remoteId: string): string {
  return `${SCHEME}${sourceId}/item/${encodeURIComponent(remoteId)}`;
}

/** A synced item's version other than its first (the server's default), named by the server's version id. */
export function versionLocator(sourceId: number, remoteId: string, versionKey: string): string {
  return `${itemLocator(sourceId, remoteId)}/version/${encodeURIComponent(versionKey)}`;
}

export function isSourceLocator(p: string): boolean {
  return p.startsWith(SCHEME);
}
