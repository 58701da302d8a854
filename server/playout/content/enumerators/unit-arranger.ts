import { avoidLeadingElement, shuffleInPlace } from "../../random/shuffle";
import { passRandom } from "../../random/streams";
import { LibrarySignature } from "../library-signature";
import type { MediaItem, MediaItemId } from "../types";
import type { PassArranger } from "./pass-enumerator";

/**
 * Shuffles scheduling units (an item alone, or items that must play back to back, such as the parts of a
 * multi-part episode): Fisher–Yates over the units with `passRandom(seed, pass)`, then the wrap rule.
 * Units are put in a canonical order first (by first item id), so the result does not depend on the
 * order the repository returned them in.
 */
export class UnitArranger<T extends MediaItem> implements PassArranger<T> {
  readonly items: T[] = [];
  readonly signature: number;
  /** Unit u is items[starts[u] .. starts[u+1]). */
  private readonly starts: Int32Array;

  constructor(units: ReadonlyArray<readonly T[]>) {
    const kept = units.filter((unit) => unit.length > 0);
    const firstId = Float64Array.from(kept, (unit) => (unit[0] as T).id);
    const order = kept.map((_, u) => u);
    order.sort((a, b) => (firstId[a] as number) - (firstId[b] as number) || kept[a]!.length - kept[b]!.length || a - b);
    this.starts = new Int32Array(kept.length + 1);
    const signature = new LibrarySignature();
    for (let u = 0; u < order.length; u++) {
      const unit = kept[order[u] as number] as readonly T[];
      this.starts[u] = this.items.length;
      signature.add(unit.length);
      for (const item of unit) {
        this.items.push(item);
        signature.add(item.id);
      }
    }
    this.starts[kept.length] = this.items.length;
    this.signature = signature.value();
  }

  /** Every item a unit of its own. */
  static singles<T extends MediaItem>(items: readonly T[]): UnitArranger<T> {
    return new UnitArranger(items.map((item) => [item]));
  }

  arrange(seed: number, pass: number, avoid: MediaItemId | undefined): Int32Array {
    const random = passRandom(seed, pass);
    const unitCount = this.starts.length - 1;
    const order = new Int32Array(unitCount);
    for (let u = 0; u < unitCount; u++) order[u] = u;
    shuffleInPlace(order, random);
    if (avoid !== undefined) {
      avoidLeadingElement(order, (u) => this.items[this.starts[u] as number]?.id === avoid, random);
    }
    if (unitCount === this.items.length) return order;
    const arrangement = new Int32Array(this.items.length);
    let at = 0;
    for (let k = 0; k < unitCount; k++) {
      const u = order[k] as number;
      for (let i = this.starts[u] as number; i < (this.starts[u + 1] as number); i++) arrangement[at++] = i;
    }
    return arrangement;
  }
}
