import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** The UI's message catalogs (renderer/src/i18n/locales/), checked against the English one. */
const LOCALES = path.resolve(__dirname, "../../renderer/src/i18n/locales");
const LANGUAGES = ["de", "fr", "es", "pt-BR"] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Catalog = Record<string, Record<string, string>>;

function load(language: string): Catalog {
  return JSON.parse(fs.readFileSync(path.join(LOCALES, `${language}.json`), "utf8")) as Catalog;
}

/** Every message keyed `ns.key` (plural forms keep their suffix). */
function flatten(catalog: Catalog): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [namespace, table] of Object.entries(catalog)) {
    for (const [key, value] of Object.entries(table)) messages.set(`${namespace}.${key}`, value);
  }
  return messages;
}

const baseKey = (key: string) => key.replace(PLURAL, "");
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]!);

/** Per message (plural forms merged): the placeholders any of its forms uses. */
function placeholdersByMessage(messages: Map<string, string>): Map<string, string[]> {
  const byMessage = new Map<string, Set<string>>();
  for (const [key, text] of messages) {
    const set = byMessage.get(baseKey(key)) ?? new Set<string>();
    for (const name of placeholders(text)) set.add(name);
    byMessage.set(baseKey(key), set);
  }
  return new Map([...byMessage].map(([key, set]) => [key, [...set].sort()]));
}

const english = flatten(load("en"));
const englishPlaceholders = placeholdersByMessage(english);

describe("message catalogs", () => {
  it.each(LANGUAGES)("%s has exactly the messages of English", (language) => {
    const messages = flatten(load(language));
    const have = new Set([...messages.keys()].map(baseKey));
    const want = new Set([...english.keys()].map(baseKey));
    expect([...want].filter((key) => !have.has(key)), "missing").toEqual([]);
    expect([...have].filter((key) => !want.has(key)), "not in English").toEqual([]);
  });

  it.each(LANGUAGES)("%s uses the same placeholders as English in every message", (language) => {
    const theirs = placeholdersByMessage(flatten(load(language)));
    const differing = [...englishPlaceholders].filter(([key, names]) => JSON.stringify(theirs.get(key)) !== JSON.stringify(names)).map(([key, names]) => `${key}: English ${names.join(",")} / ${language} ${theirs.get(key)?.join(",")}`);
    expect(differing).toEqual([]);
  });

  it.each(["en", ...LANGUAGES])("%s has every plural form its language needs and no empty message", (language) => {
    const messages = flatten(load(language));
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const pluralBases = new Set([...english.keys()].filter((key) => PLURAL.test(key)).map(baseKey));
    const missing = [...pluralBases].flatMap((base) => categories.filter((category) => category !== "zero" && !messages.has(`${base}_${category}`)).map((category) => `${base}_${category}`));
    expect(missing).toEqual([]);
    expect([...messages].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });

  it("every key the UI asks for with a literal t(\"…\") is in the English catalog", () => {
    const source = path.resolve(__dirname, "../../renderer/src");
    const files = (fs.readdirSync(source, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file) && !file.includes("generated"));
    const asked = new Set<string>();
    for (const file of files) {
      for (const match of fs.readFileSync(path.join(source, file), "utf8").matchAll(/\bt\(\s*"([\w.]+)"/g)) asked.add(match[1]!);
    }
    expect(asked.size).toBeGreaterThan(500);
    const bases = new Set([...english.keys()].map(baseKey));
    expect([...asked].filter((key) => !english.has(key) && !bases.has(key))).toEqual([]);
  });
});
