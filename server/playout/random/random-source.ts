import { deriveSeed, fmix32 } from "./hash";

/**
 * The seeded pseudo-random generator of the schedulers.
 *
 * Algorithm: **SFC32** ("Small Fast Counting", 32-bit variant, by Chris Doty-Humphrey, from the PractRand
 * suite). The state is four 32-bit words `a, b, c, d`; `d` is a counter that increases by one per output.
 * One step:
 *
 *     t = a + b + d            (mod 2^32)
 *     d = d + 1
 *     a = b XOR (b >>> 9)
 *     b = c + (c << 3)
 *     c = rotl(c, 21) + t
 *     output t
 *
 * Why SFC32: it passes PractRand and BigCrush, it needs only 32-bit integer operations (fast in JavaScript,
 * no BigInt), its counter guarantees a period of at least 2^32 for every seed (expected about 2^127), and the
 * whole state is four numbers, so it serializes trivially. mulberry32 was rejected: its single 32-bit word of
 * state gives a period of exactly 2^32 and it cannot produce every 32-bit value.
 *
 * Seeding: `a, b, c` are three successive outputs of a splitmix-style sequence (a golden-ratio counter
 * passed through the MurmurHash3 finalizer) started at the seed, `d = 1`, and the first 12 outputs are
 * discarded so that similar seeds diverge.
 *
 * Derived values:
 * - `nextInt(n)`: unbiased, by rejecting the top `2^32 mod n` outputs, then `output mod n`.
 * - `nextFloat()`: `output / 2^32`, in [0, 1) with 32 bits of resolution.
 * - `fork(label)`: a new generator seeded with a hash of this generator's current state and the label.
 *   It does not advance this generator, so the same state and label always give the same child.
 */
export interface RandomSource {
  /** Next raw output, an unsigned 32-bit integer. */
  nextUint32(): number;
  /** Uniform integer in [0, maxExclusive). `maxExclusive` must be an integer in [1, 2^32]. */
  nextInt(maxExclusive: number): number;
  /** Uniform number in [0, 1). */
  nextFloat(): number;
  /** Independent child stream, a pure function of (current state, label). Does not advance this source. */
  fork(label: string): RandomSource;
  /** The four state words; `restoreRandom(state)` continues exactly from here. */
  state(): RandomState;
}

/** SFC32 state words `[a, b, c, d]`, each an unsigned 32-bit integer. JSON-serialisable. */
export type RandomState = readonly [number, number, number, number];

const TWO_POW_32 = 0x100000000;
const WARM_UP_ROUNDS = 12;
const GOLDEN = 0x9e3779b9;

class Sfc32 implements RandomSource {
  constructor(
    private a: number,
    private b: number,
    private c: number,
    private d: number,
  ) {}

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (((this.c << 21) | (this.c >>> 11)) + t) | 0;
    return t >>> 0;
  }

  nextInt(maxExclusive: number): number {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_POW_32) {
      throw new RangeError(`nextInt bound must be an integer in [1, 2^32], got ${maxExclusive}`);
    }
    const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % maxExclusive;
    }
  }

  nextFloat(): number {
    return this.nextUint32() / TWO_POW_32;
  }

  fork(label: string): RandomSource {
    return createRandom(deriveSeed(this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0, label));
  }

  state(): RandomState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

/** A generator seeded from a 32-bit integer (other safe integers and strings are hashed first). */
export function createRandom(seed: number | string): RandomSource {
  const base = typeof seed === "number" && seed >>> 0 === seed ? seed : deriveSeed(seed);
  let counter = base;
  const next = (): number => {
    counter = (counter + GOLDEN) | 0;
    return fmix32(counter);
  };
  const generator = new Sfc32(next(), next(), next(), 1);
  for (let i = 0; i < WARM_UP_ROUNDS; i++) generator.nextUint32();
  return generator;
}

/** Continues a generator from a saved `state()`. */
export function restoreRandom(state: RandomState): RandomSource {
  if (state.length !== 4 || state.some((word) => !Number.isInteger(word) || word < 0 || word >= TWO_POW_32)) {
    throw new RangeError("random state must be four unsigned 32-bit integers");
  }
  return new Sfc32(state[0] | 0, state[1] | 0, state[2] | 0, state[3] | 0);
}
