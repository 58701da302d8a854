/**
 * 32-bit integer hashing used to derive seeds. Everything here is a pure function of its inputs.
 *
 * - `fmix32` is the MurmurHash3 32-bit finalizer (full avalanche: every input bit affects every output bit).
 * - Strings are hashed with FNV-1a over UTF-16 code units, then finalized with `fmix32`.
 * - `deriveSeed` folds a list of numbers and strings into one 32-bit seed. Numbers and strings are tagged
 *   differently, so `deriveSeed(1)` and `deriveSeed("1")` differ.
 */

const GOLDEN = 0x9e3779b9;

/** MurmurHash3 finalizer. Returns an unsigned 32-bit integer. */
export function fmix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a (32-bit) over the string's UTF-16 code units, finalized with `fmix32`. */
export function hashString32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

export function combine(h: number, x: number): number {
  return fmix32((h ^ (x + GOLDEN + (h << 6) + (h >>> 2))) | 0);
}

const NUMBER_TAG = 0x6e756d62; // "numb"
const STRING_TAG = 0x73747269; // "stri"

/**
 * Folds numbers (safe integers, may be negative) and strings into one unsigned 32-bit seed.
 * Throws on non-integer numbers so that an accidental `NaN` never silently becomes a seed.
 */
export function deriveSeed(...parts: ReadonlyArray<number | string>): number {
  let h = 0x2545f491;
  for (const part of parts) {
    if (typeof part === "number") {
      if (!Number.isSafeInteger(part)) throw new RangeError(`seed part must be a safe integer, got ${part}`);
      const low = part >>> 0;
      const high = Math.floor(part / 0x100000000) | 0;
      h = combine(h, NUMBER_TAG);
      h = combine(h, fmix32(low));
      h = combine(h, fmix32(high ^ GOLDEN));
    } else {
      h = combine(h, STRING_TAG);
      h = combine(h, hashString32(part));
      h = combine(h, part.length);
    }
  }
  return h >>> 0;
}

/**
 * Fast path of `deriveSeed(seed, label, n)` for hot loops: the label's hash is computed once by the caller
 * (`labelHash = hashString32(label)`). Not equal to `deriveSeed(...)`; use one or the other consistently.
 */
export function mixSeed(seed: number, labelHash: number, n: number): number {
  let h = combine(0x1b873593, seed >>> 0);
  h = combine(h, labelHash);
  h = combine(h, n >>> 0);
  h = combine(h, Math.floor(n / 0x100000000) | 0);
  return h >>> 0;
}
