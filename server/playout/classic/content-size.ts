import type { ResolvedContent } from "../core";

/** No content behind the key, or none of it playable. */
export function isEmptyContent(content: ResolvedContent | undefined): boolean {
  if (!content) return true;
  if ("entries" in content) return content.entries.every((e) => e.items.length === 0);
  return content.items.length === 0;
}

/** Items in the largest content (a playlist counts all its entries' items). */
export function largestContentSize(content: Readonly<Record<string, ResolvedContent>>): number {
  let largest = 0;
  for (const c of Object.values(content)) largest = Math.max(largest, "entries" in c ? c.entries.reduce((sum, e) => sum + e.items.length, 0) : c.items.length);
  return largest;
}
