import type { Reference } from "./references";
import { suggest } from "./suggest";

const LISTED_KEYS = 10;

export interface KnownKeys {
  keys: ReadonlySet<string>;
  /** False when some definitions could not be read; unknown keys are then not reported, since they may be among those. */
  complete: boolean;
}

/** Every content/fallback/sequence key must name something defined (in any file). */
export function checkReferences(references: readonly Reference[], content: KnownKeys, sequences: KnownKeys): void {
  for (const reference of references) {
    const { keys, complete } = reference.target === "content" ? content : sequences;
    if (keys.has(reference.key) || !complete) continue;
    reference.report.atValue(reference.path, `unknown ${reference.target} key "${reference.key}"${hint(reference.key, keys, reference.target)}`);
  }
}

function hint(key: string, keys: ReadonlySet<string>, noun: string): string {
  const guess = suggest(key, keys);
  if (guess) {
    const caseOnly = guess.toLowerCase() === key.toLowerCase();
    return `; did you mean "${guess}"?${caseOnly ? " (keys are case-sensitive)" : ""}`;
  }
  if (keys.size === 0) return `; no ${noun} is defined`;
  const listed = [...keys].slice(0, LISTED_KEYS).join(", ");
  return `; defined keys: ${listed}${keys.size > LISTED_KEYS ? ", ..." : ""}`;
}
