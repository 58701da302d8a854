import { compileIntegerExpression, type CompiledExpression } from "../grammar/expression";
import type { ClassicScheduleItem } from "./types";

type CountVariables = { count: number; random: number };

/** How many items a Multiple block plays: its count expression (compiled once), else its size mode. */
export class MultipleCounts {
  private readonly compiled = new Map<string, CompiledExpression<CountVariables, number> | null>();

  constructor(private readonly warn: (message: string) => void) {}

  count(item: ClassicScheduleItem, enumerator: { count: number; passLength: number }, draw: (maxExclusive: number) => number): number {
    let n = 0;
    const source = item.multipleCount?.trim();
    if (source) {
      if (!this.compiled.has(source)) {
        const compiled = compileIntegerExpression<CountVariables>(source, { count: "number", random: "number" });
        this.compiled.set(source, compiled.ok ? compiled.value : null);
        if (!compiled.ok) this.warn(`schedule item ${item.index + 1}: count "${source}" is not valid (${compiled.message}); played one item`);
      }
      const compiled = this.compiled.get(source);
      n = compiled ? compiled.evaluate({ count: enumerator.count, random: draw(Math.max(1, enumerator.count)) }) : 1;
    }
    if (n <= 0) {
      if (item.multipleMode === "CollectionSize") n = enumerator.count;
      else if (item.multipleMode === "PlaylistItemSize" || item.multipleMode === "MultiEpisodeGroupSize") n = enumerator.passLength;
    }
    return Math.min(Math.max(0, n), 100_000);
  }
}
