import { describe, expect, it } from "vitest";
import { createEnumerator } from "../../../server/playout/content/factory";
import { item, library, take } from "./support/library";

describe("random order (with replacement)", () => {
  it("gives a fixed sequence for a fixed seed, repeats allowed", () => {
    const e = createEnumerator({ order: "random", items: library }, { seed: 42 });
    expect(take(e, 26)).toEqual([
      34, 21, 34, 34, 31, 43, 32, 32, 11, 13, 12, 11, 33,
      33, 22, 34, 11, 21, 11, 34, 41, 43, 43, 42, 10, 10,
    ]);
  });

  it("is deterministic, seed-dependent and independent of input order", () => {
    const run = (seed: number, items = library) => take(createEnumerator({ order: "random", items }, { seed }), 50);
    expect(run(42)).toEqual(run(42));
    expect(run(43)).not.toEqual(run(42));
    expect(run(42, [...library].reverse())).toEqual(run(42));
  });

  it("picks items about uniformly", () => {
    const items = [1, 2, 3, 4].map((id) => item({ id }));
    const counts = new Map<number, number>();
    for (const id of take(createEnumerator({ order: "random", items }, { seed: 5 }), 8000)) counts.set(id!, (counts.get(id!) ?? 0) + 1);
    for (const id of [1, 2, 3, 4]) expect(Math.abs(counts.get(id)! - 2000)).toBeLessThan(200);
  });

  it("counts passes of n positions for play-all purposes", () => {
    const e = createEnumerator({ order: "random", items: library }, { seed: 1 });
    take(e, 12);
    expect(e.index).toBe(12);
    e.moveNext();
    expect(e.index).toBe(0);
    expect(e.state()).toEqual({ v: 1, order: "random", seed: 1, position: 13 });
  });

  it("restores a far position directly (position-addressed)", () => {
    const at = (position: number) =>
      createEnumerator({ order: "random", items: library }, { seed: 3, state: { v: 1, order: "random", seed: 3, position } });
    const early = at(1e12 - 5);
    take(early, 5);
    expect(take(at(1e12), 20)).toEqual(take(early, 20));
  });
});
