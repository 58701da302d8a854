import { passRandom, shuffled } from "../random";
import type { ClassicScheduleItem } from "./types";

/** The order a pass walks the schedule items in: as listed, or shuffled per pass from the seed. */
export class ScheduleOrder {
  private readonly passes = new Map<number, number[]>();

  constructor(
    private readonly items: readonly ClassicScheduleItem[],
    private readonly shuffle: boolean,
    private readonly seed: number,
  ) {}

  /** The item at `index` of pass `pass`. */
  at(pass: number, index: number): ClassicScheduleItem {
    return this.items[this.order(pass)[index]];
  }

  /** The item after `index` of pass `pass` (the next pass's first after the last). */
  after(pass: number, index: number): ClassicScheduleItem {
    return index + 1 < this.items.length ? this.at(pass, index + 1) : this.at(pass + 1, 0);
  }

  private order(pass: number): number[] {
    let order = this.passes.get(pass);
    if (!order) {
      const indices = this.items.map((_, i) => i);
      order = this.shuffle ? shuffled(indices, passRandom(this.seed, pass)) : indices;
      this.passes.set(pass, order);
    }
    return order;
  }
}
