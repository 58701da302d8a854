import type { MediaItem } from "../content/types";
import type { PlaylistEntry } from "../content/enumerators/playlist";

/**
 * The library content behind one content key, resolved by the caller (the repository layer):
 * - show / search / collection / multi_collection / smart_collection: the items, any order (the
 *   enumerator sorts or shuffles them as the definition's `order` says);
 * - marathon: the items in reference order (guid shows grouped by source, then searches, no
 *   de-duplication, §5.6); grouping and options come from the definition;
 * - playlist: the playlist's entries, each with its own order and counts (§5.7).
 * A key without an entry, or with no playable items, is empty content (not an error).
 */
export type ResolvedContent = { items: readonly MediaItem[] } | { entries: ReadonlyArray<PlaylistEntry<MediaItem>> };

export type BuildMode = "Continue" | "Refresh" | "Reset";

export interface BuildBudget {
  /** Most items (offline gaps included) one build may produce; default 250,000. */
  maxItems?: number;
  /** Most instructions executed in a row without the cursor moving forward; default 2 × flattened length + 1,000. */
  maxInstructionsWithoutProgress?: number;
  /** Wall-time limit in ms, measured with `elapsedMs`; only checked when `elapsedMs` is given. Default 10,000. */
  maxMs?: number;
  /** Milliseconds since the build began (injected clock; the engine never reads the real clock). */
  elapsedMs?: () => number;
}
