import { partNumberOf } from "../content/multi-part";
import type { MediaItem } from "../content/types";
import type { UndoableEnumerator } from "./undoable-enumerator";

/** Most parts of a multi-part episode played as one unit. */
const MAX_PARTS = 10;

export interface UnitRules {
  keepMultiPartEpisodesTogether: boolean;
  treatCollectionsAsShows: boolean;
}

/**
 * The next unit the enumerator gives: one playable item (items without a duration are skipped with a
 * warning; a live stream is kept, and the caller gives it its slot's length), followed by its next parts when multi-part episodes are kept together. Null when nothing plays.
 */
export function takeUnit(enumerator: UndoableEnumerator, rules: UnitRules, warn: (message: string) => void): MediaItem[] | null {
  let first: MediaItem | undefined;
  for (let tries = 0; tries <= enumerator.count; tries++) {
    const media = enumerator.current();
    if (!media) return null;
    enumerator.moveNext();
    if (media.durationMs > 0 || media.live) {
      first = media;
      break;
    }
    warn(`media item ${media.id} has no duration; skipped`);
  }
  if (!first) return null;
  const unit = [first];
  const part = partNumberOf(first);
  if (!rules.keepMultiPartEpisodesTogether || part === undefined) return unit;
  for (let expected = part + 1; unit.length < MAX_PARTS; expected++) {
    const next = enumerator.current();
    if (!next || next.durationMs <= 0 || partNumberOf(next) !== expected) break;
    if (!rules.treatCollectionsAsShows && next.showId !== first.showId) break;
    unit.push(next);
    enumerator.moveNext();
  }
  return unit;
}
