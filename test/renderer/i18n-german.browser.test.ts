import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { choose, openPage, screenshot, useBrowser } from "../support/browser";
import { useTestServer } from "../support/test-server";

type Catalog = Record<string, Record<string, string>>;
const catalog = (language: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, `../../renderer/src/i18n/locales/${language}.json`), "utf8")) as Catalog;
const de = catalog("de");
const en = catalog("en");
const lookup = (c: Catalog, key: string) => c[key.split(".")[0]!]![key.split(".")[1]!]!;

/** The pages listed in the navigation, read from renderer/src/app/routes.tsx: path, title key, label key. */
function navRoutes(): Array<{ path: string; title: string; label: string }> {
  const source = fs.readFileSync(path.resolve(__dirname, "../../renderer/src/app/routes.tsx"), "utf8");
  return [...source.matchAll(/\{ path: "([^"]+)", title: "(routes\.\w+)", nav: \{ label: "(nav\.\w+)"/g)].map((m) => ({ path: m[1]!, title: m[2]!, label: m[3]! }));
}

const germanTexts = new Set(Object.values(de).flatMap((table) => Object.values(table)));
/** English sentences (three words or more, no placeholder) that German says differently: none may show on a German page. */
const englishOnly = Object.entries(en).flatMap(([namespace, table]) =>
  Object.entries(table)
    .filter(([key, text]) => !text.includes("{{") && text.split(/\s+/).length >= 3 && de[namespace]?.[key] !== text)
    .map(([, text]) => text),
);

/** The main navigation, named in either language (the picker test sees both). */
function navigation(page: Page) {
  return page.getByRole("navigation", { name: new RegExp(`^(${en.common!.mainNavigation}|${de.common!.mainNavigation})$`) });
}

/** Opens every page of the navigation by its German link and checks the page is German. */
async function expectEveryPageGerman(page: Page): Promise<void> {
  const routes = navRoutes();
  expect(routes.length).toBeGreaterThan(12);
  for (const route of routes) {
    await navigation(page).getByRole("link", { name: lookup(de, route.label), exact: true }).click();
    await expect.poll(() => page.title(), { message: route.path }).toBe(`${lookup(de, route.title)} · Airwave`);
    expect(new URL(page.url()).pathname).toBe(route.path);
    const heading = page.getByRole("heading", { level: 1 });
    await heading.first().waitFor();
    const headingText = (await heading.first().innerText()).trim();
    expect(germanTexts.has(headingText), `${route.path}: heading "${headingText}" is not German`).toBe(true);
    const main = await page.locator("main").innerText();
    expect(englishOnly.filter((text) => main.includes(text)), `${route.path}: English left on the page`).toEqual([]);
  }
}

describe("the UI in German", () => {
  const { server, api } = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    const created = await api.post("/api/v1/channels", { number: "3", name: "Kino" });
    expect(created.status, created.text).toBe(201);
  });

  it("follows a German browser: German navigation, titles, headings and no English on every page in the navigation", { timeout: 180_000 }, async () => {
    const tab = await openPage(browser, { locale: "de-DE" });
    try {
      const { page } = tab;
      await page.goto(new URL("/channels", server.url).href);
      await navigation(page).getByRole("link", { name: de.nav!.channels, exact: true }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
      for (const section of Object.values(de.navSection!)) await expect.poll(() => navigation(page).innerText()).toContain(section.toUpperCase());
      await expectEveryPageGerman(page);
      await screenshot(page, "i18n-german-health");
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it("switches an English browser to German with the picker in Settings, keeps it across a reload, and goes back to the browser's language", { timeout: 120_000 }, async () => {
    const tab = await openPage(browser, { locale: "en-US" });
    try {
      const { page } = tab;
      await page.goto(new URL("/settings", server.url).href);
      await navigation(page).getByRole("link", { name: "Channels", exact: true }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("en");

      await choose(page, page.getByRole("region", { name: "Language" }), "Language", "Deutsch");
      await navigation(page).getByRole("link", { name: "Kanäle", exact: true }).waitFor();
      await page.getByRole("heading", { level: 1, name: "Einstellungen" }).waitFor();
      expect(await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(k: string): string | null } }).localStorage.getItem("airwave.language"))).toBe("de");

      await page.reload();
      await navigation(page).getByRole("link", { name: "Kanäle", exact: true }).waitFor();
      expect(await page.title()).toBe("Einstellungen · Airwave");
      await expectEveryPageGerman(page);

      await page.goto(new URL("/settings", server.url).href);
      await choose(page, page.getByRole("region", { name: "Sprache" }), "Sprache", "Sprache des Browsers (English)");
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      await page.reload();
      await navigation(page).getByRole("link", { name: "Channels", exact: true }).waitFor();
      expect(tab.pageErrors).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
