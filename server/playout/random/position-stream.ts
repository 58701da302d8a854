import { fmix32 } from "./hash";

const GOLDEN = 0x9e3779b9;
const TWO_POW_32 = 0x100000000;

/**
 * Draws for one position of a position-addressed order (random, random rotation), where every position
 * needs its own short stream and creating a full generator per item would be wasteful.
 * Algorithm: counter-based, splitmix32 style: output k = fmix32(key + k · 0x9e3779b9) with the MurmurHash3
 * finalizer, where `key` is the (already mixed) seed of the position. `nextInt` rejects like SFC32's.
 */
export class PositionStream {
  private counter = 0;

  constructor(private readonly key: number) {}

  nextUint32(): number {
    this.counter = (this.counter + GOLDEN) | 0;
    return fmix32((this.key + this.counter) | 0);
  }

  nextInt(maxExclusive: number): number {
    if (!(maxExclusive >= 1 && maxExclusive <= TWO_POW_32)) throw new RangeError(`bad bound ${maxExclusive}`);
    const limit = TWO_POW_32 - (TWO_POW_32 % maxExclusive);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % maxExclusive;
    }
  }
}
