import langs from "langs";

/**
 * Normalises an ISO 639-1 or 639-2 (bibliographic or terminologic) code to the 639-2/B code,
 * so that `pt`/`por` and `de`/`deu`/`ger` are stored, compared and matched as one language.
 * Returns undefined for anything that is not a known code.
 */
export function normalizeLanguageCode(code: string): string | undefined {
  const value = code.trim().toLowerCase();
  if (!/^[a-z]{2,3}$/.test(value)) return undefined;
  const language =
    value.length === 2 ? langs.where("1", value) : (langs.where("2B", value) ?? langs.where("2T", value) ?? langs.where("3", value));
  return language?.["2B"];
}

/** The RFC 5646 tag of a language code (ISO 639-1 where the language has one: `spa` → `es`), for HLS `LANGUAGE`. */
export function languageTag(code: string): string {
  const normalized = normalizeLanguageCode(code);
  const language = normalized ? langs.where("2B", normalized) : undefined;
  return language?.["1"] ?? normalized ?? code;
}

/** The English name of a language code (`spa` → `Spanish`), else the code itself. */
export function languageName(code: string): string {
  const normalized = normalizeLanguageCode(code);
  const language = normalized ? langs.where("2B", normalized) : undefined;
  return language?.name ?? code;
}
