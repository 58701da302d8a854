import { describe, expect, it } from "vitest";
import { createRandom } from "../../../server/playout/random/random-source";
import { avoidLeadingElement, shuffleInPlace, shuffled } from "../../../server/playout/random/shuffle";

describe("Fisher–Yates shuffle", () => {
  it("gives a fixed permutation for a fixed seed", () => {
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8], createRandom(42))).toEqual(shuffled([1, 2, 3, 4, 5, 6, 7, 8], createRandom(42)));
    expect(shuffled([1, 2, 3, 4, 5, 6, 7, 8], createRandom(42))).not.toEqual(shuffled([1, 2, 3, 4, 5, 6, 7, 8], createRandom(43)));
  });

  it("uses the documented draws: j = nextInt(i + 1) for i = n−1 … 1", () => {
    const draws = createRandom(8);
    const expected = ["a", "b", "c", "d", "e"];
    for (let i = expected.length - 1; i > 0; i--) {
      const j = draws.nextInt(i + 1);
      [expected[i], expected[j]] = [expected[j]!, expected[i]!];
    }
    expect(shuffled(["a", "b", "c", "d", "e"], createRandom(8))).toEqual(expected);
  });

  it("returns a permutation and leaves the input alone", () => {
    const input = Array.from({ length: 100 }, (_, i) => i);
    const output = shuffled(input, createRandom(1));
    expect(input).toEqual(Array.from({ length: 100 }, (_, i) => i));
    expect([...output].sort((a, b) => a - b)).toEqual(input);
    expect(output).not.toEqual(input);
  });

  it("shuffles typed arrays in place", () => {
    const values = Int32Array.from([0, 1, 2, 3, 4, 5]);
    shuffleInPlace(values, createRandom(2));
    expect([...values].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("reaches all 6 orders of 3 items about equally often", () => {
    const random = createRandom(1234);
    const counts = new Map<string, number>();
    for (let i = 0; i < 6000; i++) {
      const key = shuffled(["x", "y", "z"], random).join("");
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});

describe("avoidLeadingElement", () => {
  it("never leaves the unwanted element first, and spreads the replacement evenly", () => {
    const random = createRandom(77);
    const firsts = new Map<number, number>();
    const positionsOfUnwanted = new Map<number, number>();
    let broken = 0;
    for (let i = 0; i < 8000; i++) {
      const values = shuffled([0, 1, 2, 3, 4], random);
      avoidLeadingElement(values, (v) => v === 0, random);
      if (values[0] === 0 || [...values].sort().join() !== "0,1,2,3,4") broken++;
      firsts.set(values[0]!, (firsts.get(values[0]!) ?? 0) + 1);
      const at = values.indexOf(0);
      positionsOfUnwanted.set(at, (positionsOfUnwanted.get(at) ?? 0) + 1);
    }
    expect(broken).toBe(0);
    for (const first of [1, 2, 3, 4]) expect(Math.abs(firsts.get(first)! - 2000)).toBeLessThan(200);
    for (const at of [1, 2, 3, 4]) expect(Math.abs(positionsOfUnwanted.get(at)! - 2000)).toBeLessThan(200);
  });

  it("does nothing when the first element is fine, or when every element is unwanted", () => {
    const fine = [3, 0, 1];
    avoidLeadingElement(fine, (v) => v === 0, createRandom(1));
    expect(fine).toEqual([3, 0, 1]);
    const allSame = [5, 5, 5];
    avoidLeadingElement(allSame, (v) => v === 5, createRandom(1));
    expect(allSame).toEqual([5, 5, 5]);
  });

  it("falls back to the first acceptable element when the drawn one is unwanted too (duplicates)", () => {
    for (let seed = 0; seed < 20; seed++) {
      const values = [7, 7, 7, 7, 2];
      avoidLeadingElement(values, (v) => v === 7, createRandom(seed));
      expect(values[0]).toBe(2);
    }
  });
});
