import type { Instruction, SequenceDefinition } from "./model";

/**
 * How many instructions `playout` holds once every `sequence` instruction is inlined with its
 * repeat count, saturating just above `limit` (repeats multiply, so the true size can be huge).
 * Requires an acyclic sequence graph with every key defined.
 */
export function flattenedSize(
  playout: readonly Instruction[],
  sequences: ReadonlyMap<string, SequenceDefinition>,
  limit: number,
): number {
  const memo = new Map<string, number>();
  const sizeOfList = (instructions: readonly Instruction[]): number => {
    let total = 0;
    for (const instruction of instructions) {
      total += instruction.kind === "sequence" ? instruction.repeat * sizeOfSequence(instruction.sequence) : 1;
      if (total > limit) return limit + 1;
    }
    return total;
  };
  const sizeOfSequence = (key: string): number => {
    const known = memo.get(key);
    if (known !== undefined) return known;
    const size = sizeOfList(sequences.get(key)?.items ?? []);
    memo.set(key, size);
    return size;
  };
  return sizeOfList(playout);
}
