import { describe, expect, it } from "vitest";
import { rotationGroupOf } from "../../../server/playout/content/enumerators/random-rotation";
import { createEnumerator } from "../../../server/playout/content/factory";
import { alpha, item, library, take } from "./support/library";

const groupOf = new Map(library.map((i) => [i.id, rotationGroupOf(i)]));

describe("random rotation", () => {
  it("gives a fixed sequence for a fixed seed", () => {
    const e = createEnumerator({ order: "randomRotation", items: library }, { seed: 42 });
    expect(take(e, 26)).toEqual([
      11, 42, 10, 43, 22, 34, 42, 34, 12, 41, 33, 42, 43,
      42, 41, 33, 43, 33, 43, 10, 34, 22, 41, 33, 43, 31,
    ]);
  });

  it("never picks the same group twice in a row and visits groups about equally", () => {
    const sequence = take(createEnumerator({ order: "randomRotation", items: library }, { seed: 9 }), 5000);
    const groups = sequence.map((id) => groupOf.get(id!)!);
    expect(groups.filter((g, i) => i > 0 && g === groups[i - 1])).toEqual([]);
    const counts = new Map<string, number>();
    for (const g of groups) counts.set(g, (counts.get(g) ?? 0) + 1);
    expect(counts.size).toBe(5); // show 1, show 2 and three movies
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });

  it("groups music videos by artist and other kinds per item", () => {
    expect(rotationGroupOf(item({ id: 1, kind: "musicVideo", artistId: 4 }))).toBe("artist:4");
    expect(rotationGroupOf(item({ id: 1, kind: "otherVideo" }))).toBe("item:1");
  });

  it("with a single group keeps picking from it", () => {
    const sequence = take(createEnumerator({ order: "randomRotation", items: alpha }, { seed: 1 }), 30);
    expect(sequence.every((id) => alpha.some((a) => a.id === id))).toBe(true);
    expect(new Set(sequence).size).toBeGreaterThan(3);
  });

  it("differs between seeds", () => {
    const run = (seed: number) => take(createEnumerator({ order: "randomRotation", items: library }, { seed }), 20);
    expect(run(1)).toEqual(run(1));
    expect(run(2)).not.toEqual(run(1));
  });
});
