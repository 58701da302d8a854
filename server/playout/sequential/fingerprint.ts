import type { PlayoutDefinition } from "../definition/model";
import { deriveSeed } from "../random/hash";

/**
 * A hash of what the definition schedules: content sources, sequences, reset and playout
 * instructions, with expressions as their source text and source locations left out (so editing a
 * comment keeps the saved state valid). Two independent 32-bit hashes → 16 hex digits.
 */
export function definitionFingerprint(definition: PlayoutDefinition): string {
  const canonical = JSON.stringify(
    {
      content: definition.content,
      sequences: [...definition.sequences.values()],
      reset: definition.reset,
      playout: definition.playout,
    },
    (key, value: unknown) => {
      if (key === "location" || key === "index") return undefined;
      if (isExpression(value)) return `expr:${value.source}`;
      return value;
    },
  );
  const a = deriveSeed("fingerprint-a", canonical);
  const b = deriveSeed("fingerprint-b", canonical);
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

function isExpression(value: unknown): value is { source: string } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { evaluate?: unknown }).evaluate === "function" &&
    typeof (value as { source?: unknown }).source === "string"
  );
}
