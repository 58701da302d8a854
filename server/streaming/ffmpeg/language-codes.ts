/**
 * ISO 639 language-code equivalence: `pt` and `por` name the same language, as do `de`, `deu` and
 * `ger`. Backed by the `langs` data table (ISO 639-1, 639-2/T, 639-2/B and 639-3).
 */
import langs from "langs";
import type { LanguageEquivalence } from "./types";

const CODE_TYPES = ["1", "2T", "2B", "3"] as const;

/** Every lower-case code naming the same language as `code` (always includes `code` itself). */
export const isoLanguageEquivalents: LanguageEquivalence = (code) => {
  const wanted = code.trim().toLowerCase();
  if (wanted === "") return [];
  for (const type of CODE_TYPES) {
    const language = langs.where(type, wanted);
    if (language) {
      const codes = new Set<string>([wanted]);
      for (const t of CODE_TYPES) codes.add(language[t].toLowerCase());
      return [...codes];
    }
  }
  return [wanted];
};

/** True when both codes name the same language under `equivalence`. */
export function sameLanguage(
  a: string | undefined,
  b: string | undefined,
  equivalence: LanguageEquivalence = isoLanguageEquivalents,
): boolean {
  if (!a || !b) return false;
  const right = b.trim().toLowerCase();
  return equivalence(a).includes(right);
}
