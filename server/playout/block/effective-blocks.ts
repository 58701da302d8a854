import type { LocalDate, ZoneClock } from "../core";
import type { BlockDefinition, BlockTemplateAssignment, BlockTemplateDefinition } from "./types";

/** A block placed on the timeline: its start, and its end (cut at the next block's start). */
export interface EffectiveBlock {
  block: BlockDefinition;
  start: number;
  end: number;
}

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const iso = (d: LocalDate) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** The template assigned to a local date: every given filter matches; the highest priority wins, ties the first listed. */
export function templateFor(date: LocalDate, assignments: readonly BlockTemplateAssignment[]): number | undefined {
  const weekday = DAY_NAMES[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()];
  const day = iso(date);
  let best: BlockTemplateAssignment | undefined;
  for (const a of assignments) {
    if (a.daysOfWeek?.length && !a.daysOfWeek.includes(weekday)) continue;
    if (a.daysOfMonth?.length && !a.daysOfMonth.includes(date.day)) continue;
    if (a.monthsOfYear?.length && !a.monthsOfYear.includes(date.month)) continue;
    if (a.startDate && day < a.startDate) continue;
    if (a.endDate && day > a.endDate) continue;
    if (!best || a.priority > best.priority) best = a;
  }
  return best?.templateId;
}

/**
 * The blocks of the local days from `from` to `to` (inclusive), in time order. A block that would run into the
 * next one ends where the next one starts.
 */
export function effectiveBlocks(
  zone: ZoneClock,
  from: LocalDate,
  days: number,
  blocks: ReadonlyMap<number, BlockDefinition>,
  templates: ReadonlyMap<number, BlockTemplateDefinition>,
  assignments: readonly BlockTemplateAssignment[],
): EffectiveBlock[] {
  const placed: EffectiveBlock[] = [];
  for (let d = 0; d < days; d++) {
    const date = zone.addDays(from, d);
    const templateId = templateFor(date, assignments);
    const template = templateId === undefined ? undefined : templates.get(templateId);
    for (const entry of template?.items ?? []) {
      const block = blocks.get(entry.blockId);
      if (!block) continue;
      const s = entry.startTimeSeconds;
      const start = zone.at(date, { hour: Math.floor(s / 3600), minute: Math.floor((s % 3600) / 60), second: s % 60 });
      placed.push({ block, start, end: start + block.minutes * 60_000 });
    }
  }
  placed.sort((a, b) => a.start - b.start || a.block.id - b.block.id);
  for (let i = 0; i + 1 < placed.length; i++) placed[i].end = Math.min(placed[i].end, placed[i + 1].start);
  return placed.filter((b) => b.end > b.start);
}
