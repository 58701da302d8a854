/**
 * Text templates of graphics elements: `{{name}}` placeholders filled from the programme on air and the
 * next one. A value that is missing becomes nothing; `{{time}}` is the live clock (FFmpeg writes it).
 */
import type { TextRun } from "../../domain/stream-plan";

export const PLACEHOLDERS = [
  "title",
  "showTitle",
  "season",
  "episode",
  "year",
  "artist",
  "album",
  "channelName",
  "channelNumber",
  "start",
  "end",
  "next.title",
  "next.showTitle",
  "next.start",
  "time",
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Partial<Record<Exclude<Placeholder, "time">, string>>;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Why a template cannot be used, or undefined when it can. */
export function templateProblem(template: string): string | undefined {
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown.length) return `has an unknown placeholder {{${unknown[0]}}}; the placeholders are ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ")}`;
  const rest = template.replace(PLACEHOLDER, "");
  if (rest.includes("{{") || rest.includes("}}")) return "has a {{ or }} that is not part of a placeholder";
  return undefined;
}

/** The template's lines as text runs: placeholders filled, `{{time}}` as the clock run given. */
export function fillTemplate(template: string, values: PlaceholderValues, clock: TextRun): TextRun[][] {
  return template.split(/\r?\n/).map((line) => {
    const runs: TextRun[] = [];
    let text = "";
    let last = 0;
    for (const m of line.matchAll(PLACEHOLDER)) {
      text += line.slice(last, m.index);
      last = m.index! + m[0].length;
      const name = m[1] as Placeholder;
      if (name === "time") {
        if (text) runs.push({ text });
        text = "";
        runs.push(clock);
      } else text += values[name] ?? "";
    }
    text += line.slice(last);
    if (text) runs.push({ text });
    return runs;
  });
}
