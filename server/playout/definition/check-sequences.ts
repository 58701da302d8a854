import { INSTRUCTION_FORMS } from "./forms";
import { describeLocation } from "./key-registry";
import type { SequenceEntry } from "./load-file";
import { ROLL_SEQUENCE_KINDS } from "./model";
import type { Reference } from "./references";

const ROLL_FORM_KEYS = INSTRUCTION_FORMS.filter((form) => (ROLL_SEQUENCE_KINDS as readonly string[]).includes(form.kind)).map(
  (form) => form.key,
);

/**
 * A sequence played as a pre/post/mid-roll may only hold content, epg_group and watermark
 * instructions (reference §4.7 recommendation): upstream lets `repeat` inside a roll reset the
 * main loop and silently ignores nested `sequence`.
 */
export function checkRollSequences(references: readonly Reference[], sequences: ReadonlyMap<string, SequenceEntry>): void {
  const firstRollUse = new Map<string, Reference>();
  for (const reference of references) {
    if (reference.target === "sequence" && reference.roll && sequences.has(reference.key) && !firstRollUse.has(reference.key)) {
      firstRollUse.set(reference.key, reference);
    }
  }
  for (const [key, use] of firstRollUse) {
    const where = describeLocation({ keyPath: use.path, report: use.report });
    for (const item of sequences.get(key)!.items) {
      if (!item.form || ROLL_FORM_KEYS.includes(item.form.key)) continue;
      item.report.atKey(
        [...item.path, item.form.key],
        `"${item.form.key}" cannot be used in sequence "${key}", which is played as a ${use.roll} (${where}); ` +
          `a roll sequence may only contain ${ROLL_FORM_KEYS.join(", ")}`,
      );
    }
  }
}

/** Reports each distinct cycle of `sequence: KEY` nesting once, at the reference that closes it. */
export function checkSequenceCycles(references: readonly Reference[], sequences: ReadonlyMap<string, SequenceEntry>): void {
  const edges = new Map<string, Reference[]>();
  for (const reference of references) {
    if (!reference.inlines || reference.ownerSequence === undefined || !sequences.has(reference.key)) continue;
    if (!sequences.has(reference.ownerSequence)) continue;
    const list = edges.get(reference.ownerSequence) ?? [];
    list.push(reference);
    edges.set(reference.ownerSequence, list);
  }

  const state = new Map<string, "active" | "done">();
  const stack: string[] = [];
  const reported = new Set<string>();

  // Iterative depth-first search, so that long chains of sequences cannot overflow the stack.
  for (const start of sequences.keys()) {
    if (state.has(start)) continue;
    const frames: Array<{ key: string; next: number }> = [{ key: start, next: 0 }];
    state.set(start, "active");
    stack.push(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const outgoing = edges.get(frame.key) ?? [];
      if (frame.next >= outgoing.length) {
        state.set(frame.key, "done");
        stack.pop();
        frames.pop();
        continue;
      }
      const reference = outgoing[frame.next];
      frame.next += 1;
      const target = reference.key;
      if (state.get(target) === "active") {
        const cycle = [...stack.slice(stack.indexOf(target)), target];
        const signature = canonicalCycle(cycle.slice(0, -1));
        if (!reported.has(signature)) {
          reported.add(signature);
          reference.report.atValue(reference.path, `sequence cycle: ${cycle.join(" → ")}`);
        }
      } else if (!state.has(target)) {
        state.set(target, "active");
        stack.push(target);
        frames.push({ key: target, next: 0 });
      }
    }
  }
}

/** The same cycle found from a different starting sequence gets the same signature. */
function canonicalCycle(nodes: string[]): string {
  let best = 0;
  for (let i = 1; i < nodes.length; i += 1) if (nodes[i] < nodes[best]) best = i;
  return [...nodes.slice(best), ...nodes.slice(0, best)].join("\u0000");
}
