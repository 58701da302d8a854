import { describe, expect, it } from "vitest";
import { deriveSeed, hashString32 } from "../../../server/playout/random/hash";
import { childSeed, contentSeed, passRandom, positionStream, streamFor } from "../../../server/playout/random/streams";

const draws = (source: { nextUint32(): number }, n = 4) => Array.from({ length: n }, () => source.nextUint32());

describe("seed derivation", () => {
  it("streamFor(playout seed, key, pass) is the content's pass stream", () => {
    expect(draws(streamFor(5, "shows", 3))).toEqual(draws(passRandom(contentSeed(5, "shows"), 3)));
  });

  it("gives independent streams per playout seed, content key and pass", () => {
    const base = draws(streamFor(5, "shows", 0));
    expect(draws(streamFor(6, "shows", 0))).not.toEqual(base);
    expect(draws(streamFor(5, "movies", 0))).not.toEqual(base);
    expect(draws(streamFor(5, "shows", 1))).not.toEqual(base);
    expect(draws(streamFor(5, "shows", 0))).toEqual(base);
  });

  it("separates numbers from strings and handles negative and large seeds", () => {
    expect(deriveSeed(1)).not.toBe(deriveSeed("1"));
    expect(deriveSeed(-1)).not.toBe(deriveSeed(0xffffffff));
    expect(deriveSeed(2 ** 40)).not.toBe(deriveSeed(0));
    expect(deriveSeed("ab", "c")).not.toBe(deriveSeed("a", "bc"));
    expect(deriveSeed(3, "x")).toBe(deriveSeed(3, "x"));
    expect(() => deriveSeed(Number.NaN)).toThrow(RangeError);
    expect(() => deriveSeed(1.5)).toThrow(RangeError);
  });

  it("hashString32 is stable and spreads similar strings", () => {
    expect(hashString32("show:1")).toBe(hashString32("show:1"));
    expect(hashString32("show:1")).not.toBe(hashString32("show:2"));
    expect(childSeed(1, "show:1")).not.toBe(childSeed(1, "show:2"));
  });

  it("position streams are pure functions of (seed, position) and reject empty bounds", () => {
    expect(draws(positionStream(9, 1000))).toEqual(draws(positionStream(9, 1000)));
    expect(draws(positionStream(9, 1000))).not.toEqual(draws(positionStream(9, 1001)));
    expect(draws(positionStream(9, 1000))).not.toEqual(draws(positionStream(10, 1000)));
    expect(() => positionStream(1, 1).nextInt(0)).toThrow(RangeError);
    const counts = [0, 0, 0, 0];
    for (let p = 0; p < 40_000; p++) counts[positionStream(3, p).nextInt(4)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(400);
  });
});
