/** The ordered list of graphics elements a channel, schedule item or block item names: checked once, shared by their services. */
import type { Repositories } from "../../db/repositories";
import { GraphicsMode } from "../../domain/enums";
import type { Violations } from "../validation/violations";

/** The ids of stored elements among every list given (to check many items with one query). */
export async function knownGraphics(repos: Repositories, lists: readonly unknown[]): Promise<Set<number>> {
  const ids = [...new Set(lists.flatMap((l) => (Array.isArray(l) ? l : [])).filter((id): id is number => Number.isSafeInteger(id)))];
  return new Set((await repos.graphics.findByIds(ids)).map((g) => g.id));
}

/** A list of element ids: whole numbers of stored elements, each once, in drawing order. */
export function checkGraphicsIds(v: Violations, field: string, value: unknown, known: ReadonlySet<number>): number[] {
  if (value == null) return [];
  if (!Array.isArray(value)) {
    v.add(field, "must be a list of graphics element ids");
    return [];
  }
  const ids: number[] = [];
  value.forEach((id: unknown, i) => {
    if (typeof id !== "number" || !Number.isInteger(id)) v.add(`${field}[${i}]`, "must be a whole number");
    else if (!known.has(id)) v.add(`${field}[${i}]`, `graphics element ${id} does not exist`);
    else if (ids.includes(id)) v.add(`${field}[${i}]`, `graphics element ${id} is listed twice`);
    else ids.push(id);
  });
  return ids;
}

/** Add (default) or Replace. */
export function checkGraphicsMode(v: Violations, field: string, value: unknown): GraphicsMode {
  const mode = (value ?? GraphicsMode.Add) as GraphicsMode;
  v.oneOf(field, mode, Object.values(GraphicsMode));
  return mode;
}
