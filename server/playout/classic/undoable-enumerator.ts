import type { ContentEnumerator } from "../content/enumerator";
import type { EnumeratorState } from "../content/state";
import type { MediaItem } from "../content/types";

interface Step {
  item: MediaItem | undefined;
  /** The enumerator's state while `item` was current. */
  state: EnumeratorState;
}

/**
 * An enumerator whose moves since `begin()` can be taken back (`undo()`), for schedulers that try a unit and
 * drop it when it does not fit. Undo costs O(moves), not a rebuild of the enumerator: taken-back items wait
 * in a buffer and replay before the wrapped enumerator moves again.
 */
export class UndoableEnumerator {
  private ahead: Step[] = [];
  private taken: Step[] | null = null;

  constructor(readonly inner: ContentEnumerator<MediaItem>) {}

  get count(): number {
    return this.inner.count;
  }

  get passLength(): number {
    return this.inner.passLength;
  }

  get order(): string {
    return this.inner.order;
  }

  current(): MediaItem | undefined {
    return this.ahead.length ? this.ahead[0].item : this.inner.current();
  }

  moveNext(): void {
    const buffered = this.ahead.shift();
    if (buffered) {
      this.taken?.push(buffered);
      return;
    }
    this.taken?.push({ item: this.inner.current(), state: this.inner.state() });
    this.inner.moveNext();
  }

  state(): EnumeratorState {
    return this.ahead.length ? this.ahead[0].state : this.inner.state();
  }

  begin(): void {
    this.taken = [];
  }

  commit(): void {
    this.taken = null;
  }

  undo(): void {
    if (this.taken) this.ahead = this.taken.concat(this.ahead);
    this.taken = null;
  }
}
