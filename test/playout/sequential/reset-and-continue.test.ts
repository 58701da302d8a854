import { describe, expect, it } from "vitest";
import { brief, build, definitionOf, episode, items, movie, iso, T0, HOUR, MIN, DAY } from "./helpers";

const HEAD = `content:
  - collection: Movies
    key: movies
    order: chronological
`;
const doc = (reset: string, playout: string) => `${HEAD}${reset ? `reset:\n${reset}` : ""}playout:\n${playout}`;
const LOOP = `  - count: 1\n    content: movies\n  - repeat: true\n`;
const lib = { movies: items(movie(1, 30), movie(2, 30), movie(3, 30), movie(4, 30)) };
const starts = (result: ReturnType<typeof build>) => result.items.map((item) => `${iso(item.start).slice(11)} ${item.mediaItemId ?? "off"}`);

describe("reset: rewind", () => {
  it("moves the cursor back before building", () => {
    const result = build(doc(`  - rewind: "00:30:00"\n`, LOOP), lib, { horizonMs: HOUR });
    expect(result.items[0].start).toBe(T0 - 30 * MIN);
    expect(brief(result.items)).toEqual(["23:30Z-00:00Z 1", "00:00Z-00:30Z 2", "00:30Z-01:00Z 3"]);
  });
});

describe("reset: skip_items", () => {
  it("skips from the restored position, in Reset builds only", () => {
    const text = doc(`  - skip_items: 1\n    content: movies\n`, LOOP);
    const reset = build(text, lib, { horizonMs: HOUR });
    expect(reset.items.map((item) => item.mediaItemId)).toEqual([2, 3]);
    const cont = build(text, lib, { mode: "Continue", previousState: reset.state, start: T0 + 30 * MIN, horizonMs: HOUR });
    expect(cont.items.map((item) => item.mediaItemId)).toEqual([4]);
  });
});

describe("reset: skip_to_item", () => {
  it("pins the content to an episode on every Reset", () => {
    const show = { movies: items(episode(1, 1, 1, 30), episode(2, 1, 2, 30), episode(3, 1, 3, 30)) };
    const text = doc(`  - skip_to_item:\n    content: movies\n    season: 1\n    episode: 2\n`, LOOP);
    const first = build(text, show, { horizonMs: HOUR });
    expect(first.items.map((item) => item.mediaItemId)).toEqual([2, 3]);
    const again = build(text, show, { previousState: first.state, start: T0 + DAY, horizonMs: HOUR });
    expect(again.items.map((item) => item.mediaItemId)).toEqual([2, 3]);
  });
});

describe("reset: wait_until", () => {
  it("rewind_on_reset starts the schedule at today's time even when reset later", () => {
    const text = doc(`  - wait_until: "08:00"\n    rewind_on_reset: true\n`, LOOP);
    const result = build(text, lib, { start: T0 + 10 * HOUR, horizonMs: HOUR });
    expect(starts(result)).toEqual(["08:00Z 1", "08:30Z 2", "09:00Z 3", "09:30Z 4", "10:00Z 1", "10:30Z 2"]);
  });

  it("without rewind_on_reset a passed time changes nothing; a later time is waited for", () => {
    const passed = build(doc(`  - wait_until: "08:00"\n`, LOOP), lib, { start: T0 + 10 * HOUR, horizonMs: HOUR });
    expect(starts(passed)).toEqual(["10:00Z 1", "10:30Z 2"]);
    const later = build(doc(`  - wait_until: "12:00"\n`, LOOP), lib, { start: T0 + 10 * HOUR, horizonMs: 3 * HOUR });
    expect(starts(later)).toEqual(["10:00Z off", "12:00Z 1", "12:30Z 2"]);
  });
});

describe("Continue", () => {
  it("resumes at the saved cursor, keeping a trailing wait_until (no drift, §3.4 fixed)", () => {
    const text = doc("", `  - count: 1\n    content: movies\n  - wait_until: "06:00"\n    tomorrow: true\n  - repeat: true\n`);
    const first = build(text, lib, { horizonMs: HOUR });
    expect(brief(first.items)).toEqual(["00:00Z-00:30Z 1", "00:30Z-06:00Z off"]);
    expect(first.state.cursor).toBe(T0 + 6 * HOUR);
    const next = build(text, lib, { mode: "Continue", previousState: first.state, start: T0 + HOUR, horizonMs: 6 * HOUR });
    expect(brief(next.items)).toEqual(["06:00Z-06:30Z 2", "06:30Z-06:00Z off"]);
    expect(next.items[1].finish).toBe(T0 + DAY + 6 * HOUR);
  });

  it("keeps guide group, lock, watermarks and rolls across builds", () => {
    const text = `${HEAD}sequence:\n  - key: ad\n    items:\n      - count: 1\n        content: movies\nplayout:\n  - watermark: true\n    name: W\n  - post_roll: true\n    sequence: ad\n  - epg_group: true\n  - count: 1\n    content: movies\n  - count: 1\n    content: movies\n  - repeat: true\n`;
    const first = build(text, lib, { horizonMs: 30 * MIN });
    expect(first.state).toMatchObject({ guideGroup: 1, guideGroupLocked: true, watermarks: ["W"], rolls: { postRoll: "ad" }, instructionIndex: 4 });
    const next = build(text, lib, { mode: "Continue", previousState: JSON.parse(JSON.stringify(first.state)), start: T0 + 30 * MIN, horizonMs: HOUR });
    expect(next.items[0]).toMatchObject({ start: T0 + 60 * MIN, mediaItemId: 3, guideGroup: 1, watermarkNames: ["W"], fillerKind: "None" });
    expect(next.items[1]).toMatchObject({ mediaItemId: 4, guideGroup: 1, fillerKind: "PostRoll" });
  });

  it("Refresh behaves exactly like Continue", () => {
    const text = doc("", LOOP);
    const first = build(text, lib, { horizonMs: HOUR });
    const options = { previousState: first.state, start: T0 + HOUR, horizonMs: HOUR };
    expect(JSON.stringify(build(text, lib, { ...options, mode: "Refresh" }))).toBe(JSON.stringify(build(text, lib, { ...options, mode: "Continue" })));
  });

  it("a changed definition is built as a Reset, with a warning", () => {
    const first = build(doc("", LOOP), lib, { horizonMs: HOUR });
    const changed = build(doc("", `  - count: 2\n    content: movies\n  - repeat: true\n`), lib, {
      mode: "Continue",
      previousState: first.state,
      start: T0 + 2 * HOUR,
      horizonMs: HOUR,
    });
    expect(changed.items[0].start).toBe(T0 + 2 * HOUR);
    expect(changed.warnings.map((w) => w.code)).toContain("definition-changed");
  });
});

describe("Reset", () => {
  it("keeps the progress of finished items and forgets what was playing or in the future", () => {
    const text = doc("", LOOP);
    const first = build(text, lib, { horizonMs: 2 * HOUR });
    expect(first.items.map((item) => item.mediaItemId)).toEqual([1, 2, 3, 4]);
    const reset = build(text, lib, { previousState: first.state, start: T0 + 45 * MIN, horizonMs: HOUR });
    expect(starts(reset)).toEqual(["00:45Z 2", "01:15Z 3"]);
    expect(reset.state.guideGroup).toBe(2);
  });

  it("eraseHistory starts the content over", () => {
    const first = build(doc("", LOOP), lib, { horizonMs: 2 * HOUR });
    const erased = build(doc("", LOOP), lib, { previousState: first.state, start: T0 + 3 * HOUR, horizonMs: HOUR, eraseHistory: true, mode: "Continue" });
    expect(starts(erased)).toEqual(["03:00Z 1", "03:30Z 2"]);
  });

  it("the saved state is plain JSON and deterministic", () => {
    const a = build(doc("", LOOP), lib, { horizonMs: 2 * HOUR });
    const b = build(definitionOf(doc("", LOOP)), lib, { horizonMs: 2 * HOUR });
    expect(JSON.parse(JSON.stringify(a.state))).toEqual(a.state);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });
});
