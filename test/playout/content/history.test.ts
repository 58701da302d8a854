import { describe, expect, it } from "vitest";
import { createEnumerator, type EnumeratorSpec } from "../../../server/playout/content/factory";
import { ContentHistory, historyKey, type HistoryEntry } from "../../../server/playout/content/history";
import { anchorOf, type EnumeratorState } from "../../../server/playout/content/state";
import type { MediaItem } from "../../../server/playout/content/types";
import { alpha, beta } from "./support/library";

const HOUR = 3_600_000;
const state = (index: number): EnumeratorState => ({ v: 1, order: "chronological", index });
const row = (key: string, when: number, finish: number, index: number): HistoryEntry => ({ key, when, finish, state: state(index) });

/** A tiny builder: schedules `count` hour-long items of one content from `start`, recording history. */
function build(history: ContentHistory, key: string, spec: EnumeratorSpec<MediaItem>, start: number, count: number) {
  const e = createEnumerator(spec, { seed: 7, state: history.stateBefore(key, start) });
  const played: number[] = [];
  for (let i = 0; i < count; i++) {
    const item = e.current()!;
    e.moveNext();
    const when = start + i * HOUR;
    history.record({ key, when, finish: when + HOUR, item: anchorOf(item), state: e.state() });
    played.push(item.id);
  }
  return played;
}

describe("historyKey", () => {
  it("is canonical: sorted names, undefined left out", () => {
    expect(historyKey({ order: "shuffle", key: "shows" })).toBe('{"key":"shows","order":"shuffle"}');
    expect(historyKey({ key: "shows", order: "shuffle", groupBy: undefined })).toBe(historyKey({ order: "shuffle", key: "shows" }));
    expect(historyKey({ key: "m", order: "marathon", itemOrder: "shuffle", groupBy: "show" })).not.toBe(
      historyKey({ key: "m", order: "marathon", itemOrder: "shuffle", groupBy: "season" }),
    );
  });
});

describe("ContentHistory", () => {
  it("returns the latest row that started strictly before the cursor (ties: recorded last)", () => {
    const history = new ContentHistory([row("a", 0, 10, 1), row("a", 10, 20, 2), row("a", 10, 20, 3), row("b", 5, 6, 9)]);
    expect(history.latestBefore("a", 10)?.state).toEqual(state(1));
    expect(history.latestBefore("a", 11)?.state).toEqual(state(3));
    expect(history.stateBefore("a", 0)).toBeUndefined();
    expect(history.stateBefore("missing", 100)).toBeUndefined();
  });

  it("a Reset forgets rows in the future and the row playing now, and keeps finished progress", () => {
    const history = new ContentHistory([row("a", 0, 10, 1), row("a", 10, 20, 2), row("a", 20, 30, 3), row("b", 25, 35, 4)]);
    history.forgetFromNow(15);
    expect(history.entries().map((r) => r.state)).toEqual([state(1)]);
  });

  it("forgetFrom drops rows starting at or after a time", () => {
    const history = new ContentHistory([row("a", 0, 10, 1), row("a", 10, 20, 2), row("a", 20, 30, 3)]);
    history.forgetFrom(10);
    expect(history.entries().map((r) => r.state)).toEqual([state(1)]);
  });

  it("clean-up keeps the latest finished rows per key and every unfinished row", () => {
    const history = new ContentHistory([
      row("a", 0, 10, 1),
      row("a", 10, 20, 2),
      row("a", 10, 20, 3),
      row("a", 20, 30, 4),
      row("a", 30, 40, 5),
      row("b", 0, 5, 6),
    ]);
    history.cleanUp(25);
    expect(history.entries().map((r) => [r.key, (r.state as { index: number }).index])).toEqual([
      ["a", 2],
      ["a", 3],
      ["a", 4],
      ["a", 5],
      ["b", 6],
    ]);
  });

  it("survives JSON and can erase one key or everything", () => {
    const history = new ContentHistory([row("a", 0, 10, 1), row("b", 0, 10, 2)]);
    const copy = new ContentHistory(JSON.parse(JSON.stringify(history.entries())));
    expect(copy.entries()).toEqual(history.entries());
    copy.erase("a");
    expect(copy.keys()).toEqual(["b"]);
    copy.erase();
    expect(copy.entries()).toEqual([]);
  });

  it("lets a Reset build continue a show where it was, and 'erase history' start over", () => {
    const key = historyKey({ key: "alpha", order: "seasonEpisode" });
    const spec: EnumeratorSpec<MediaItem> = { order: "seasonEpisode", items: alpha };
    const history = new ContentHistory();
    const t0 = 1_000 * HOUR;

    expect(build(history, key, spec, t0, 3)).toEqual([11, 12, 13]);

    // Reset 2.5 hours in: the third episode is playing, so it is forgotten and scheduled again.
    const now = t0 + 2.5 * HOUR;
    history.forgetFromNow(now);
    expect(build(history, key, spec, now, 2)).toEqual([13, 21]);

    // A later build continues after S2E1 even though S2E1 was deleted and season-1 episodes of another
    // show were added (they sort before S2E1, so they come after the wrap).
    const changed: EnumeratorSpec<MediaItem> = { order: "seasonEpisode", items: [...alpha.filter((a) => a.id !== 21), ...beta] };
    expect(build(history, key, changed, now + 10 * HOUR, 3)).toEqual([22, 11, 31]);

    history.erase();
    expect(build(history, key, spec, now + 20 * HOUR, 1)).toEqual([11]);
  });
});
