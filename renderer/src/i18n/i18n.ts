import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import { browserLanguage, DEFAULT_LANGUAGE, formattingLocale, LANGUAGES, storedLanguage, storeLanguage, type Language } from "./languages";

/**
 * The UI's translations: i18next with react-i18next. English is bundled; every other catalog is its own
 * chunk, loaded before the first render (or when the language changes) so no page flashes English.
 */
const CATALOGS: Record<Exclude<Language, "en">, () => Promise<{ default: object }>> = {
  de: () => import("./locales/de.json"),
  fr: () => import("./locales/fr.json"),
  es: () => import("./locales/es.json"),
  "pt-BR": () => import("./locales/pt-BR.json"),
};

export const i18n = i18next;

/** `t` outside components (helpers called while a component renders); components use `useTranslation()`. */
export const t = i18next.t.bind(i18next) as typeof i18next.t;

async function load(language: Language): Promise<void> {
  if (language === "en" || i18next.hasResourceBundle(language, "translation")) return;
  const catalog = await CATALOGS[language]();
  i18next.addResourceBundle(language, "translation", catalog.default, true, true);
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
}

/** The language in use now: the stored choice, else the browser's. */
export function activeLanguage(): Language {
  return storedLanguage() ?? browserLanguage();
}

export async function setupI18n(): Promise<void> {
  const language = activeLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    load: "currentOnly",
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  try {
    await load(language);
    await i18next.changeLanguage(language);
  } catch {
    // A catalog that fails to load (an old tab after an upgrade) leaves the UI in English.
  }
  applyToDocument(i18next.language as Language);
}

/** Switches the UI (every mounted component re-renders) and keeps the choice; null follows the browser again. */
export async function chooseLanguage(choice: Language | null): Promise<void> {
  storeLanguage(choice);
  const language = choice ?? browserLanguage();
  await load(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
}

export function currentLocale(): string {
  return formattingLocale((i18next.language as Language) || DEFAULT_LANGUAGE);
}
