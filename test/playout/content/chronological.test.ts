import { describe, expect, it } from "vitest";
import { createEnumerator } from "../../../server/playout/content/factory";
import { library, take } from "./support/library";

const CHRONO = [41, 43, 31, 32, 33, 34, 10, 11, 12, 21, 13, 22, 42];

describe("chronological order", () => {
  it("plays by release date with the reference tie-breaks and wraps around", () => {
    const e = createEnumerator({ order: "chronological", items: library }, { seed: 42 });
    expect(take(e, 26)).toEqual([...CHRONO, ...CHRONO]);
  });

  it("does not depend on the input order or the seed", () => {
    const e = createEnumerator({ order: "chronological", items: [...library].reverse() }, { seed: 7 });
    expect(take(e, 13)).toEqual(CHRONO);
  });

  it("reports count, passLength and the index within the pass", () => {
    const e = createEnumerator({ order: "chronological", items: library }, { seed: 1 });
    expect([e.count, e.passLength, e.index]).toEqual([13, 13, 0]);
    take(e, 12);
    expect(e.index).toBe(12);
    e.moveNext();
    expect(e.index).toBe(0);
  });

  it("starts at a seeded random item with randomStartPoint, then keeps the order", () => {
    const e = createEnumerator({ order: "chronological", items: library, options: { randomStartPoint: true } }, { seed: 42 });
    expect(take(e, 13)).toEqual([33, 34, 10, 11, 12, 21, 13, 22, 42, 41, 43, 31, 32]);
    const again = createEnumerator({ order: "chronological", items: library, options: { randomStartPoint: true } }, { seed: 42 });
    expect(again.current()?.id).toBe(33);
    const starts = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map(
        (seed) => createEnumerator({ order: "chronological", items: library, options: { randomStartPoint: true } }, { seed }).current()?.id,
      ),
    );
    expect(starts.size).toBeGreaterThan(3);
  });

  it("ignores randomStartPoint when a saved position exists", () => {
    const first = createEnumerator({ order: "chronological", items: library }, { seed: 42 });
    take(first, 3);
    const e = createEnumerator(
      { order: "chronological", items: library, options: { randomStartPoint: true } },
      { seed: 42, state: first.state() },
    );
    expect(e.current()?.id).toBe(32);
  });

  it("is empty-safe", () => {
    const e = createEnumerator({ order: "chronological", items: [] }, { seed: 1 });
    expect(e.current()).toBeUndefined();
    e.moveNext();
    expect([e.count, e.index, e.current()]).toEqual([0, 0, undefined]);
    expect(e.state()).toEqual({ v: 1, order: "chronological", index: 0 });
  });
});
