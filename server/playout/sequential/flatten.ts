import type { Instruction, PlayoutDefinition } from "../definition/model";

/** Every instruction except `sequence` (those are inlined). */
export type FlatInstruction = Exclude<Instruction, { kind: "sequence" }>;

/** Membership of an inlined instruction in one `sequence:` reference. */
export interface SequenceTag {
  /** Id of the reference (one per `sequence:` instruction occurrence after inlining). */
  ref: number;
  /** Which unit of that reference: copy × items + child; `shuffle_sequence` moves whole units. */
  unit: number;
  /** Position of the unit's instruction in the sequence's `items`. */
  child: number;
}

export interface FlatEntry {
  instruction: FlatInstruction;
  /** Enclosing references, outermost first. */
  tags: readonly SequenceTag[];
}

export interface FlatPlayout {
  entries: FlatEntry[];
  /** Reference ids per sequence key, in playout order. */
  refsByKey: ReadonlyMap<string, readonly number[]>;
}

/**
 * Inlines `sequence` instructions (§4.6): sequence K with `repeat: r` becomes K's items r times,
 * recursively. Entries are fresh wrappers (never shared objects, unlike upstream), so shuffling one
 * reference cannot disturb another. Validation guarantees known keys, no cycles and a bounded size.
 */
export function flattenPlayout(definition: PlayoutDefinition): FlatPlayout {
  const entries: FlatEntry[] = [];
  const refsByKey = new Map<string, number[]>();
  let nextRef = 0;
  const visit = (list: readonly Instruction[], tags: readonly SequenceTag[]): void => {
    for (const instruction of list) {
      if (instruction.kind !== "sequence") {
        entries.push({ instruction, tags });
        continue;
      }
      const sequence = definition.sequences.get(instruction.sequence);
      if (!sequence) continue;
      const ref = nextRef++;
      const refs = refsByKey.get(sequence.key);
      if (refs) refs.push(ref);
      else refsByKey.set(sequence.key, [ref]);
      const copies = Math.max(1, instruction.repeat);
      const size = sequence.items.length;
      for (let copy = 0; copy < copies; copy++) {
        sequence.items.forEach((child, index) => {
          visit([child], [...tags, { ref, unit: copy * size + index, child: index }]);
        });
      }
    }
  };
  visit(definition.playout, []);
  return { entries, refsByKey };
}
