import { describe, expect, it } from "vitest";
import { buildBlockPlayout, templateFor, type BlockTemplateAssignment } from "../../../server/playout/block";
import { block, blockItem, HOUR, input, oneTemplate, T0, view } from "./fixtures";

const monday = { year: 2026, month: 3, day: 2 };

describe("Block builder: which template plays on which date", () => {
  it("every given filter must match; the highest priority wins", () => {
    const assignments: BlockTemplateAssignment[] = [
      { templateId: 1, priority: 0 },
      { templateId: 2, priority: 5, daysOfWeek: ["Monday"] },
      { templateId: 3, priority: 9, daysOfWeek: ["Monday"], monthsOfYear: [4] },
      { templateId: 4, priority: 7, startDate: "2026-03-03", endDate: "2026-03-04" },
      { templateId: 5, priority: 8, daysOfMonth: [31] },
    ];
    expect(templateFor(monday, assignments)).toBe(2);
    expect(templateFor({ year: 2026, month: 4, day: 6 }, assignments)).toBe(3);
    expect(templateFor({ year: 2026, month: 3, day: 3 }, assignments)).toBe(4);
    expect(templateFor({ year: 2026, month: 3, day: 4 }, assignments)).toBe(4);
    expect(templateFor({ year: 2026, month: 3, day: 5 }, assignments)).toBe(1);
    expect(templateFor({ year: 2026, month: 3, day: 31 }, assignments)).toBe(5);
    expect(templateFor(monday, [{ templateId: 1, priority: 0, daysOfWeek: ["Tuesday"] }])).toBeUndefined();
    expect(templateFor(monday, [{ templateId: 1, priority: 0, endDate: "2026-03-01" }])).toBeUndefined();
    expect(templateFor(monday, [{ templateId: 1, priority: 0, startDate: "2026-03-02", endDate: "2026-03-02" }])).toBe(1);
  });

  it("equal priorities: the first listed wins; every weekday name is known", () => {
    expect(templateFor(monday, [{ templateId: 7, priority: 1 }, { templateId: 8, priority: 1 }])).toBe(7);
    const week = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
    const assignments = week.map((day, i) => ({ templateId: i + 1, priority: 0, daysOfWeek: [day] }));
    // 2026-03-01 is a Sunday.
    expect(week.map((_, i) => templateFor({ year: 2026, month: 3, day: 1 + i }, assignments))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("each day plays its own template; a day without one is a gap", () => {
    const result = buildBlockPlayout(
      input({
        blocks: [block(1, 60, [blockItem(1, "cartoons")]), block(2, 30, [blockItem(2, "news")])],
        templates: [
          { id: 1, name: "Monday", items: [{ blockId: 1, startTimeSeconds: 6 * 3600 }] },
          { id: 2, name: "Wednesday", items: [{ blockId: 2, startTimeSeconds: 9 * 3600 }] },
        ],
        assignments: [
          { templateId: 1, priority: 0, daysOfWeek: ["Monday"] },
          { templateId: 2, priority: 0, daysOfWeek: ["Wednesday"] },
        ],
        horizonMs: 72 * HOUR,
      }),
    );
    expect(result.items.map((i) => [(i.start - T0) / HOUR, i.mediaItemId])).toEqual([
      [0, null],
      [6, 1],
      [6 + 20 / 60, 2],
      [6 + 45 / 60, 3],
      [7, null], // Monday 07:00 through Wednesday 09:00: Tuesday has no template
      [57, 10],
      [57 + 10 / 60, 11],
      [57 + 20 / 60, 10],
      [57.5, null], // up to the next Monday's block, past the horizon
    ]);
    expect(result.items.at(-1)!.finish).toBe(T0 + 7 * 24 * HOUR + 6 * HOUR);
  });

  it("no assignment at all: offline with a warning", () => {
    const result = buildBlockPlayout(input({ assignments: [] }));
    expect(result.items).toEqual([]);
    expect(result.warnings).toContain("no template is assigned to any date: the channel stays offline");
  });

  it("local start times in the playout's zone, also on DST days (America/New_York)", () => {
    // 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT. A 02:30 start does not exist: it plays at 03:00 EDT.
    const result = buildBlockPlayout(
      input({
        timeZone: "America/New_York",
        blocks: [block(1, 60, [blockItem(1, "cartoons")]), block(2, 30, [blockItem(2, "news")])],
        templates: oneTemplate([1, 2.5 * 3600], [2, 6 * 3600]),
        start: Date.UTC(2026, 2, 7, 5), // Saturday 00:00 EST
        horizonMs: 72 * HOUR,
      }),
    );
    const starts = (id: number) => result.items.filter((i) => i.mediaItemId === id).map((i) => new Date(i.start).toISOString().slice(0, 16));
    expect(starts(1)).toEqual(["2026-03-07T07:30", "2026-03-08T07:00", "2026-03-09T06:30"]);
    // The 06:00 news block: 11:00Z in EST, 10:00Z in EDT from the Sunday on.
    const news = result.items.filter((i) => i.contentKey === "news").map((i) => new Date(i.start).toISOString().slice(0, 16));
    expect(news).toEqual(["2026-03-07T11:00", "2026-03-07T11:10", "2026-03-07T11:20", "2026-03-08T10:00", "2026-03-08T10:10", "2026-03-08T10:20", "2026-03-09T10:00", "2026-03-09T10:10", "2026-03-09T10:20"]);
    // The Sunday 02:30 block still lasts its 60 minutes (03:00-04:00 EDT).
    const sunday = result.items.filter((i) => i.start >= Date.UTC(2026, 2, 8, 7) && i.finish <= Date.UTC(2026, 2, 8, 8) && i.mediaItemId !== null);
    expect(view(sunday)).toEqual(["07:00 1", "07:20 2", "07:45 3"]);
  });

  it("an autumn DST day: a start time that happens twice plays at the first one", () => {
    // 2026-11-01 in New York: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    const result = buildBlockPlayout(
      input({ timeZone: "America/New_York", templates: oneTemplate([1, 1.5 * 3600]), start: Date.UTC(2026, 10, 1, 4), horizonMs: 30 * HOUR }),
    );
    const starts = result.items.filter((i) => i.mediaItemId === 1).map((i) => new Date(i.start).toISOString().slice(0, 16));
    expect(starts).toEqual(["2026-11-01T05:30", "2026-11-02T06:30"]);
  });
});
