/** The UI's languages, the visitor's choice (kept in this browser) and the browser's own preference. */

export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "fr", name: "Français" },
  { code: "es", name: "Español" },
  { code: "pt-BR", name: "Português (Brasil)" },
] as const;

export type Language = (typeof LANGUAGES)[number]["code"];

export const DEFAULT_LANGUAGE: Language = "en";
const STORAGE_KEY = "airwave.language";

const primary = (tag: string) => tag.toLowerCase().split("-")[0];

/** The best UI language for a list of BCP 47 tags in preference order: exact tag first, then the same language (pt-PT → pt-BR, de-AT → de). */
export function matchLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const exact = LANGUAGES.find((l) => l.code.toLowerCase() === tag.toLowerCase());
    if (exact) return exact.code;
    const same = LANGUAGES.find((l) => primary(l.code) === primary(tag));
    if (same) return same.code;
  }
  return DEFAULT_LANGUAGE;
}

export function browserTags(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function browserLanguage(): Language {
  return matchLanguage(browserTags());
}

/** The language picked in Settings, or null when the browser's language applies. */
export function storedLanguage(): Language | null {
  let value: string | null = null;
  try {
    value = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  return LANGUAGES.find((l) => l.code === value)?.code ?? null;
}

export function storeLanguage(language: Language | null): void {
  try {
    if (language) window.localStorage.setItem(STORAGE_KEY, language);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be off (private windows with strict settings): the choice then lasts for this page only.
  }
}

/**
 * The locale dates, times and numbers are written in: the browser's own tag when it is of the chosen language
 * (en-GB dates for an English UI in Britain, de-AT for German in Austria), else the language itself.
 */
export function formattingLocale(language: Language): string {
  return browserTags().find((tag) => primary(tag) === primary(language)) ?? language;
}
