import { createEnumerator, type EnumeratorSpec } from "../content/factory";
import type { ContentEnumerator } from "../content/enumerator";
import type { PlaylistEntry } from "../content/enumerators/playlist";
import { historyKey } from "../content/history";
import type { EnumeratorState } from "../content/state";
import type { MediaItem } from "../content/types";
import type { ContentSource, PlayoutDefinition } from "../definition/model";
import { contentSeed } from "../random/streams";
import type { ResolvedContent } from "../core";
import type { BuildWarning } from "./types";

/** One content source of the definition with its live enumerator. */
export interface Source {
  key: string;
  /** Identity of saved progress: key + order (+ marathon grouping), §1.3. */
  historyKey: string;
  enumerator: ContentEnumerator<MediaItem>;
  /** Rebuilds the enumerator from a saved state (skip_to_item uses it to undo a failed search). */
  restore(state: EnumeratorState): void;
}

export function historyKeyOf(source: ContentSource): string {
  switch (source.kind) {
    case "marathon":
      return historyKey({ key: source.key, order: "marathon", itemOrder: source.itemOrder, groupBy: source.groupBy });
    case "playlist":
      return historyKey({ key: source.key, order: "playlist" });
    default:
      return historyKey({ key: source.key, order: source.order });
  }
}

/**
 * Creates an enumerator for EVERY content source of the definition (§3.2 step 6), in definition
 * order, each seeded with `contentSeed(playoutSeed, key)` and started from `savedState(historyKey)`.
 * Media with a non-positive or non-finite duration is dropped (a zero-length item could never move
 * the cursor; §7 recommendation) with one warning per source.
 */
export function createSources(
  definition: PlayoutDefinition,
  content: Readonly<Record<string, ResolvedContent>>,
  playoutSeed: number,
  savedState: (historyKey: string) => EnumeratorState | undefined,
  warn: (warning: BuildWarning) => void,
): Map<string, Source> {
  const sources = new Map<string, Source>();
  for (const source of definition.content) {
    const resolved = Object.hasOwn(content, source.key) ? content[source.key] : undefined;
    const spec = specFor(source, resolved, warn);
    const seed = contentSeed(playoutSeed, source.key);
    const entry: Source = {
      key: source.key,
      historyKey: historyKeyOf(source),
      enumerator: createEnumerator(spec, { seed, state: savedState(historyKeyOf(source)) }),
      restore(state) {
        entry.enumerator = createEnumerator(spec, { seed, state });
      },
    };
    sources.set(source.key, entry);
  }
  return sources;
}

function specFor(
  source: ContentSource,
  resolved: ResolvedContent | undefined,
  warn: (warning: BuildWarning) => void,
): EnumeratorSpec<MediaItem> {
  let dropped = 0;
  const playable = (items: readonly MediaItem[]): MediaItem[] =>
    items.filter((item) => {
      // A live stream without a length stays: fills play it for their time, counts refuse it by name.
      const ok = Number.isFinite(item.durationMs) && (item.durationMs > 0 || item.live === true);
      if (!ok) dropped++;
      return ok;
    });
  let spec: EnumeratorSpec<MediaItem>;
  if (source.kind === "playlist") {
    const entries: Array<PlaylistEntry<MediaItem>> =
      resolved && "entries" in resolved ? resolved.entries.map((entry) => ({ ...entry, items: playable(entry.items) })) : [];
    spec = { order: "playlist", entries };
  } else {
    const items = resolved && "items" in resolved ? playable(resolved.items) : [];
    spec =
      source.kind === "marathon"
        ? {
            order: "marathon",
            items,
            options: {
              groupBy: source.groupBy,
              itemOrder: source.itemOrder,
              playAllItems: source.playAllItems,
              shuffleGroups: source.shuffleGroups,
            },
          }
        : { order: source.order, items };
  }
  if (dropped > 0) {
    warn({
      code: "zero-length-media",
      message: `content "${source.key}": ${dropped} item(s) without a positive duration were left out`,
      location: source.location,
    });
  }
  if (resolved === undefined || (source.kind === "playlist") !== "entries" in resolved) {
    warn({ code: "empty-content", message: `no library content was resolved for "${source.key}"`, location: source.location });
  }
  return spec;
}
