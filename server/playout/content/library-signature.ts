import { fmix32 } from "../random/hash";

/**
 * An order-sensitive 32-bit hash of a library as an enumerator arranged it (ids and grouping).
 * Saved with shuffle states: a different signature means the library changed since the state was saved.
 */
export class LibrarySignature {
  private hash = 0x3c6ef372;

  add(value: number): this {
    const low = value >>> 0;
    const high = Math.floor(value / 0x100000000) | 0;
    this.hash = fmix32(Math.imul(this.hash ^ low, 0x9e3779b1) + 0x7f4a7c15);
    this.hash = fmix32(Math.imul(this.hash ^ high, 0x85ebca77) + 0x165667b1);
    return this;
  }

  value(): number {
    return this.hash >>> 0;
  }
}
