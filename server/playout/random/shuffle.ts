import type { RandomSource } from "./random-source";

/** Anything indexable and writable: plain arrays and typed arrays. */
export interface MutableArrayLike<T> {
  readonly length: number;
  [index: number]: T;
}

/**
 * Fisher–Yates (Durstenfeld, top-down) shuffle in place: for i from n−1 down to 1, swap element i with a
 * uniformly chosen element j in [0, i]. Uses exactly n−1 calls to `nextInt`.
 * Note for callers: the element that ends up last is fixed by the very first draw.
 */
export function shuffleInPlace<T>(values: MutableArrayLike<T>, random: RandomSource): void {
  for (let i = values.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const held = values[i] as T;
    values[i] = values[j] as T;
    values[j] = held;
  }
}

/** A shuffled copy; the input is not changed. */
export function shuffled<T>(values: readonly T[], random: RandomSource): T[] {
  const copy = values.slice();
  shuffleInPlace(copy, random);
  return copy;
}

/**
 * Makes sure a freshly shuffled sequence does not start with an unwanted element (typically: the element
 * that ended the previous pass). When `values[0]` is unwanted, it is swapped with a uniformly chosen later
 * position. Applied to a uniform shuffle this gives exactly the distribution of "reshuffle until the first
 * element is acceptable", with one extra draw instead of a loop. If the chosen element is unwanted too
 * (duplicates), the first acceptable later element is used; if there is none, nothing changes.
 */
export function avoidLeadingElement<T>(
  values: MutableArrayLike<T>,
  isUnwanted: (value: T) => boolean,
  random: RandomSource,
): void {
  const n = values.length;
  if (n < 2 || !isUnwanted(values[0] as T)) return;
  let j = 1 + random.nextInt(n - 1);
  if (isUnwanted(values[j] as T)) {
    j = -1;
    for (let k = 1; k < n; k++) {
      if (!isUnwanted(values[k] as T)) {
        j = k;
        break;
      }
    }
    if (j < 0) return;
  }
  const first = values[0] as T;
  values[0] = values[j] as T;
  values[j] = first;
}
