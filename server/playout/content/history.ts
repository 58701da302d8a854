import type { EnumeratorState, ItemAnchor } from "./state";

/**
 * Content progress between builds (reference §5.9, §6.2; block playouts: one key per block item, §5.2).
 *
 * How builders use it:
 *   1. at the start of a build, for every content source:
 *        state = history.stateBefore(key, cursor)   // latest row that started before the cursor
 *        enumerator = createEnumerator(spec, { seed, state })
 *   2. for every scheduled item (trimmed and fallback items included):
 *        item = enumerator.current(); …; enumerator.moveNext();
 *        history.record({ key, when: start, finish, item: anchorOf(item), state: enumerator.state() })
 *      The saved state is taken *after* moving past the item, so restoring it continues with the next item
 *      (upstream saves the played index and adds one when reading; same effect). Sorted orders re-locate
 *      after the played item when the library changed.
 *   3. Reset build: `forgetFromNow(now)` first (drops rows in the future or playing now, so repeated resets
 *      do not walk the schedule forward), then step 1. Progress of finished items survives the Reset.
 *   4. after the build: `cleanUp(buildStart)` keeps, per key, only the latest finished rows and every row
 *      not finished yet.
 *   5. "Erase items and history": `erase()` (and pick a new playout seed).
 * Times are epoch milliseconds (UTC), passed in by the caller: nothing here reads the clock.
 */
export interface HistoryEntry {
  /** History key of the content: see `historyKey`. */
  key: string;
  /** Start and finish of the scheduled item. */
  when: number;
  finish: number;
  /** The item that played (for display and re-location diagnostics). */
  item?: ItemAnchor;
  /** Enumerator state after moving past the item. */
  state: EnumeratorState;
}

/**
 * Canonical history key: JSON with sorted property names, undefined values left out.
 * YAML content: `historyKey({ key, order })`; marathons add `itemOrder` and `groupBy` (changing
 * `shuffle_groups` or `play_all_items` keeps progress, changing the order or grouping starts over).
 */
export function historyKey(parts: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const canonical: Record<string, string | number | boolean> = {};
  for (const name of Object.keys(parts).sort()) {
    const value = parts[name];
    if (value !== undefined) canonical[name] = value;
  }
  return JSON.stringify(canonical);
}

export class ContentHistory {
  private readonly rows = new Map<string, HistoryEntry[]>();

  constructor(entries: Iterable<HistoryEntry> = []) {
    for (const entry of entries) this.record(entry);
  }

  record(entry: HistoryEntry): void {
    const rows = this.rows.get(entry.key);
    if (rows) rows.push(entry);
    else this.rows.set(entry.key, [entry]);
  }

  /** The row with the latest `when` strictly before `cursor`; on equal `when`, the one recorded last. */
  latestBefore(key: string, cursor: number): HistoryEntry | undefined {
    let best: HistoryEntry | undefined;
    for (const row of this.rows.get(key) ?? []) {
      if (row.when < cursor && (best === undefined || row.when >= best.when)) best = row;
    }
    return best;
  }

  stateBefore(key: string, cursor: number): EnumeratorState | undefined {
    return this.latestBefore(key, cursor)?.state;
  }

  /** Reset: forget rows that start after `now` or are playing at `now`. */
  forgetFromNow(now: number): void {
    this.filter((row) => !(row.when > now || (row.when <= now && now <= row.finish)));
  }

  /** "Erase items": forget rows that start at or after `time` (the earliest removed item's start). */
  forgetFrom(time: number): void {
    this.filter((row) => row.when < time);
  }

  /** Keep, per key, the latest rows that finished before `buildStart` (all sharing that `when`) and every
   *  row that finishes later. */
  cleanUp(buildStart: number): void {
    for (const [key, rows] of this.rows) {
      let latestFinished = Number.NEGATIVE_INFINITY;
      for (const row of rows) if (row.finish < buildStart && row.when > latestFinished) latestFinished = row.when;
      this.rows.set(
        key,
        rows.filter((row) => row.finish >= buildStart || row.when === latestFinished),
      );
    }
  }

  /** Start over: forget everything, or one key. */
  erase(key?: string): void {
    if (key === undefined) this.rows.clear();
    else this.rows.delete(key);
  }

  keys(): string[] {
    return [...this.rows.keys()];
  }

  /** All rows, JSON-serialisable, in recording order per key. */
  entries(): HistoryEntry[] {
    return [...this.rows.values()].flat();
  }

  private filter(keep: (row: HistoryEntry) => boolean): void {
    for (const [key, rows] of this.rows) {
      const kept = rows.filter(keep);
      if (kept.length === 0) this.rows.delete(key);
      else this.rows.set(key, kept);
    }
  }
}
