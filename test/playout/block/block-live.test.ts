import { describe, expect, it } from "vitest";
import { buildBlockPlayout } from "../../../server/playout/block";
import type { MediaItem } from "../../../server/playout/content";
import { block, blockItem, content, HOUR, input, MIN, oneTemplate, T0, view } from "./fixtures";

/** A live remote stream: no length of its own (or one it has for count-based schedules). */
const live = (id: number, minutes = 0): MediaItem => ({ id, kind: "remoteStream", title: `Live ${id}`, durationMs: minutes * MIN, live: true });

describe("Block builder: live remote streams", () => {
  it("a Block item of a live stream plays it for its block's time, and the next block starts on time", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "webcam")]), block(2, 30, [blockItem(2, "news")])], content: { ...content, webcam: [live(50)] } }));
    expect(view(result.items, 5)).toEqual(["00:00 -", "06:00 50", "07:00 10", "07:10 11", "07:20 10"]);
    expect(result.items[1]).toMatchObject({ start: T0 + 6 * HOUR, finish: T0 + 7 * HOUR, inPointMs: 0, outPointMs: 60 * MIN, contentKey: "webcam" });
    expect(result.warnings).toEqual([]);
  });

  it("after other items it plays the rest of the block, whatever length it was given for count", () => {
    const items = [blockItem(1, "cartoons"), blockItem(2, "webcam")];
    const result = buildBlockPlayout(input({ blocks: [block(1, 90, items)], templates: oneTemplate([1, 18 * 3600]), content: { ...content, webcam: [live(51, 10)] } }));
    expect(view(result.items, 4)).toEqual(["00:00 -", "18:00 1", "18:20 51", "19:30 -"]);
    expect(result.items[2]).toMatchObject({ start: T0 + 18 * HOUR + 20 * MIN, finish: T0 + 19.5 * HOUR, outPointMs: 70 * MIN });
  });

  it("a block pushed late by the one before plays the live stream only up to its own end", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 60, [blockItem(1, "long")]), block(2, 60, [blockItem(2, "webcam")])], content: { ...content, webcam: [live(52)] } }));
    // 06:00 long (50 min), 06:50 long again (overruns to 07:40); the live block (07:00-08:00) gets 07:40-08:00.
    expect(view(result.items, 5)).toEqual(["00:00 -", "06:00 20", "06:50 20", "07:40 52", "08:00 -"]);
    expect(result.items[3]).toMatchObject({ finish: T0 + 8 * HOUR, outPointMs: 20 * MIN });
  });

  it("BeforeDurationEnd keeps the live stream: it ends exactly at the block's end", () => {
    const result = buildBlockPlayout(input({ blocks: [block(1, 45, [blockItem(1, "webcam")], { stopScheduling: "BeforeDurationEnd" }), block(2, 30, [blockItem(2, "news")])], content: { ...content, webcam: [live(53)] } }));
    expect(view(result.items, 3)).toEqual(["00:00 -", "06:00 53", "06:45 -"]);
    expect(result.items[1]).toMatchObject({ finish: T0 + 6.75 * HOUR, outPointMs: 45 * MIN });
  });
});
