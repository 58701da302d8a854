import { describe, expect, it } from "vitest";
import { createRandom, restoreRandom } from "../../../server/playout/random/random-source";

// Independent reference of SFC32 and of the seeding, written with BigInt from the algorithm's description.
const MASK = 0xffffffffn;
function referenceSfc32(words: readonly number[]): () => number {
  let [a, b, c, d] = words.map(BigInt) as [bigint, bigint, bigint, bigint];
  return () => {
    const t = (a + b + d) & MASK;
    d = (d + 1n) & MASK;
    a = b ^ (b >> 9n);
    b = (c + (c << 3n)) & MASK;
    c = ((((c << 21n) | (c >> 11n)) & MASK) + t) & MASK;
    return Number(t);
  };
}
function referenceFmix32(value: bigint): bigint {
  let h = value & MASK;
  h ^= h >> 16n;
  h = (h * 0x85ebca6bn) & MASK;
  h ^= h >> 13n;
  h = (h * 0xc2b2ae35n) & MASK;
  h ^= h >> 16n;
  return h;
}
function referenceSeeded(seed: number): () => number {
  let counter = BigInt(seed);
  const next = (): number => {
    counter = (counter + 0x9e3779b9n) & MASK;
    return Number(referenceFmix32(counter));
  };
  const generator = referenceSfc32([next(), next(), next(), 1]);
  for (let i = 0; i < 12; i++) generator();
  return generator;
}

describe("SFC32 RandomSource", () => {
  it("steps exactly like the reference algorithm from any state", () => {
    const words = [0xdeadbeef, 0x01234567, 0xfedcba98, 0xffffffff];
    const ours = restoreRandom(words as [number, number, number, number]);
    const reference = referenceSfc32(words);
    for (let i = 0; i < 1000; i++) expect(ours.nextUint32()).toBe(reference());
  });

  it("seeds like the documented splitmix + 12 discarded outputs", () => {
    for (const seed of [0, 1, 42, 0xffffffff]) {
      const ours = createRandom(seed);
      const reference = referenceSeeded(seed);
      for (let i = 0; i < 50; i++) expect(ours.nextUint32()).toBe(reference());
    }
  });

  it("pins the first outputs of seed 1 (guards against accidental algorithm changes)", () => {
    const random = createRandom(1);
    const first = [random.nextUint32(), random.nextUint32(), random.nextUint32()];
    const reference = referenceSeeded(1);
    expect(first).toEqual([reference(), reference(), reference()]);
    expect(first.every((x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff)).toBe(true);
    expect(new Set(first).size).toBe(3);
  });

  it("is deterministic per seed and differs between seeds", () => {
    const draw = (seed: number | string) => {
      const r = createRandom(seed);
      return Array.from({ length: 8 }, () => r.nextUint32());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw("channel-1")).toEqual(draw("channel-1"));
    expect(draw("channel-1")).not.toEqual(draw("channel-2"));
  });

  it("nextInt stays in range and is close to uniform", () => {
    const random = createRandom(99);
    const buckets = new Array<number>(6).fill(0);
    let outOfRange = 0;
    for (let i = 0; i < 60_000; i++) {
      const x = random.nextInt(6);
      if (!(x >= 0 && x < 6 && Number.isInteger(x))) outOfRange++;
      else buckets[x]!++;
    }
    expect(outOfRange).toBe(0);
    const chiSquare = buckets.reduce((sum, count) => sum + (count - 10_000) ** 2 / 10_000, 0);
    expect(chiSquare).toBeLessThan(20.5); // p ≈ 0.001 for 5 degrees of freedom
  });

  it("nextInt accepts the full 2^32 range and rejects bad bounds", () => {
    const random = createRandom(5);
    expect(random.nextInt(1)).toBe(0);
    expect(random.nextInt(2 ** 32)).toBeLessThan(2 ** 32);
    for (const bad of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) expect(() => random.nextInt(bad)).toThrow(RangeError);
  });

  it("nextFloat is in [0, 1)", () => {
    const random = createRandom(3);
    const values = Array.from({ length: 10_000 }, () => random.nextFloat());
    expect(values.filter((x) => !(x >= 0 && x < 1))).toEqual([]);
    expect(Math.abs(values.reduce((a, b) => a + b, 0) / values.length - 0.5)).toBeLessThan(0.02);
  });

  it("state() + restoreRandom() continue the same sequence, also through JSON", () => {
    const random = createRandom(11);
    for (let i = 0; i < 17; i++) random.nextUint32();
    const restored = restoreRandom(JSON.parse(JSON.stringify(random.state())));
    for (let i = 0; i < 100; i++) expect(restored.nextUint32()).toBe(random.nextUint32());
    expect(() => restoreRandom([1, 2, 3] as unknown as [number, number, number, number])).toThrow(RangeError);
    expect(() => restoreRandom([1, 2, 3, -4])).toThrow(RangeError);
  });

  it("fork(label) is deterministic, label-dependent and does not advance the parent", () => {
    const a = createRandom(21);
    const b = createRandom(21);
    const childA = a.fork("groups");
    const childB = b.fork("groups");
    expect(childA.nextUint32()).toBe(childB.nextUint32());
    expect(a.nextUint32()).toBe(createRandom(21).nextUint32());
    expect(createRandom(21).fork("x").nextUint32()).not.toBe(createRandom(21).fork("y").nextUint32());
    const parent = createRandom(21);
    const before = parent.fork("z").nextUint32();
    parent.nextUint32();
    expect(parent.fork("z").nextUint32()).not.toBe(before);
  });
});
