import { deriveSeed } from "../random/hash";
import { createRandom } from "../random/random-source";
import { avoidLeadingElement, shuffleInPlace } from "../random/shuffle";
import type { BuildContext } from "./context";

/**
 * `shuffle_sequence: KEY` (§4.13): in the current playout order, every reference to sequence KEY has
 * its units (one per inlined item and repeat copy; a nested sequence moves as one block) reordered
 * at random, never starting with the unit that ended it before (when it has 2+ units). Copies of a
 * repeated sequence shuffle together ([A,B]×2 can become [B,B,A,A]).
 *
 * Seeded and saved (§10 item 6): the generator is SFC32 seeded with (playout seed,
 * "shuffle_sequence", number of shuffles so far), the count and the resulting order are in the build
 * state. Each reference occupies one contiguous range of positions (shuffles only ever move whole
 * units inside a range), so the write-back cannot touch other instructions (upstream corrupted them).
 */
export function shuffleSequence(ctx: BuildContext, key: string): void {
  const refs = ctx.flat.refsByKey.get(key);
  if (!refs || refs.length === 0) return;
  const random = createRandom(deriveSeed(ctx.seed, "shuffle_sequence", ctx.shuffles));
  ctx.shuffles += 1;
  for (const ref of refs) shuffleReference(ctx, ref, random);
}

function shuffleReference(ctx: BuildContext, ref: number, random: ReturnType<typeof createRandom>): void {
  const { order } = ctx;
  const entries = ctx.flat.entries;
  let low = -1;
  let high = -1;
  for (let position = 0; position < order.length; position++) {
    if (entries[order[position]].tags.some((tag) => tag.ref === ref)) {
      if (low < 0) low = position;
      high = position;
    }
  }
  if (low < 0) return;
  const units: Array<{ child: number; members: number[] }> = [];
  let currentUnit = -1;
  for (let position = low; position <= high; position++) {
    const tag = entries[order[position]].tags.find((candidate) => candidate.ref === ref)!;
    if (tag.unit !== currentUnit || units.length === 0) {
      units.push({ child: tag.child, members: [] });
      currentUnit = tag.unit;
    }
    units[units.length - 1].members.push(order[position]);
  }
  if (units.length < 2) return;
  const previousLast = units[units.length - 1].child;
  shuffleInPlace(units, random);
  avoidLeadingElement(units, (unit) => unit.child === previousLast, random);
  let position = low;
  for (const unit of units) for (const member of unit.members) order[position++] = member;
}
