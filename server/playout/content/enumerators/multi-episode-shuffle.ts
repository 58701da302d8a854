import { avoidLeadingElement, shuffleInPlace } from "../../random/shuffle";
import { passRandom } from "../../random/streams";
import { LibrarySignature } from "../library-signature";
import type { MediaItem, MediaItemId } from "../types";
import { PassEnumerator, type PassArranger } from "./pass-enumerator";
import { UnitArranger } from "./unit-arranger";

/**
 * A show's multi-episode template (upstream: a script per show guid). Example: a cartoon whose files each
 * hold one segment, where segments a/b/c always aired together: numParts 3, and the template says which
 * (season, episode) is part 1, 2 or 3.
 */
export interface MultiEpisodeTemplate {
  numParts: number;
  /** Part number in [1, numParts] of an episode, or undefined when the episode is not in the pattern. */
  partNumberForEpisode(seasonNumber: number, episodeNumber: number): number | undefined;
}

/**
 * Each pass: every part bucket is shuffled on its own, then tuple i = (part 1[i], part 2[i], …) plays as one
 * unit, so every airing slot gets one random segment of each kind. Episodes outside the pattern and the
 * surplus of uneven buckets play as single units (upstream left holes there). Units are then shuffled.
 */
class MultiEpisodeArranger<T extends MediaItem> implements PassArranger<T> {
  readonly items: T[];
  readonly signature: number;
  private readonly parts: number[][];
  private readonly singles: number[] = [];

  constructor(items: readonly T[], template: MultiEpisodeTemplate) {
    this.items = items
      .map((item, index) => ({ item, index }))
      .sort((a, b) => a.item.id - b.item.id || a.index - b.index)
      .map((x) => x.item);
    this.parts = Array.from({ length: Math.max(0, Math.floor(template.numParts)) }, () => []);
    const signature = new LibrarySignature().add(this.parts.length);
    this.items.forEach((item, i) => {
      const part =
        item.kind === "episode" && item.seasonNumber !== undefined && item.episodeNumber !== undefined
          ? template.partNumberForEpisode(item.seasonNumber, item.episodeNumber)
          : undefined;
      const bucket = part !== undefined && Number.isInteger(part) ? this.parts[part - 1] : undefined;
      if (bucket) bucket.push(i);
      else this.singles.push(i);
      signature.add(item.id).add(bucket ? (part as number) : 0);
    });
    this.signature = signature.value();
  }

  arrange(seed: number, pass: number, avoid: MediaItemId | undefined): Int32Array {
    const random = passRandom(seed, pass);
    const shuffledParts = this.parts.map((bucket) => {
      const copy = Int32Array.from(bucket);
      shuffleInPlace(copy, random);
      return copy;
    });
    let tuples = shuffledParts.length === 0 ? 0 : Number.MAX_SAFE_INTEGER;
    for (const part of shuffledParts) tuples = Math.min(tuples, part.length);

    // Units as (start, length) into `members`: tuples first, then singles, then the surplus of each part.
    const members = new Int32Array(this.items.length);
    const unitStart: number[] = [];
    const unitLength: number[] = [];
    let at = 0;
    for (let i = 0; i < tuples; i++) {
      unitStart.push(at);
      unitLength.push(shuffledParts.length);
      for (const part of shuffledParts) members[at++] = part[i] as number;
    }
    const addSingle = (index: number): void => {
      unitStart.push(at);
      unitLength.push(1);
      members[at++] = index;
    };
    for (const single of this.singles) addSingle(single);
    for (const part of shuffledParts) for (let i = tuples; i < part.length; i++) addSingle(part[i] as number);

    const order = new Int32Array(unitStart.length);
    for (let u = 0; u < order.length; u++) order[u] = u;
    shuffleInPlace(order, random);
    if (avoid !== undefined) {
      avoidLeadingElement(order, (u) => this.items[members[unitStart[u] as number] as number]?.id === avoid, random);
    }
    const arrangement = new Int32Array(this.items.length);
    let out = 0;
    for (let k = 0; k < order.length; k++) {
      const u = order[k] as number;
      const start = unitStart[u] as number;
      for (let i = 0; i < (unitLength[u] as number); i++) arrangement[out++] = members[start + i] as number;
    }
    return arrangement;
  }
}

/** Multi-episode shuffle; without a template for the show it is a plain shuffle (as upstream). */
export function multiEpisodeShuffleEnumerator<T extends MediaItem>(
  items: readonly T[],
  seed: number,
  saved?: unknown,
  template?: MultiEpisodeTemplate,
): PassEnumerator<T> {
  const arranger = template
    ? new MultiEpisodeArranger(items, template)
    : UnitArranger.singles(items);
  return new PassEnumerator("multiEpisodeShuffle", arranger, seed, saved);
}
