import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { lateBound, useSuiteResource } from "./late-bound";
import { makeTempDir } from "./temp-dir";

/** Debian's Chromium (installed by .ci/run). */
export const CHROMIUM_PATH = process.env.AIRWAVE_CHROMIUM ?? "/usr/bin/chromium";
export const ARTIFACTS_DIR = path.resolve(__dirname, "../../test-artifacts");

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // Chromium's scratch files (PulseAudio's pulse-* folder…) go to a folder removed with the test file's.
    env: { ...process.env, TMPDIR: makeTempDir("airwave-chromium-") },
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required"],
  });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions, for the test to assert on or print. */
  consoleErrors: string[];
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * A fresh context (own storage) at a laptop-sized viewport, recording console errors. The browser's language is
 * English unless `locale` says otherwise (the UI follows it), so tests that look for English texts find them.
 */
export async function openPage(browser: Browser, options: { viewport?: { width: number; height: number }; colorScheme?: "light" | "dark"; locale?: string } = {}): Promise<TestPage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 720 }, colorScheme: options.colorScheme ?? "light", locale: options.locale ?? "en-US" });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return { page, context, consoleErrors, pageErrors, close: () => context.close() };
}

export type PageOptions = Parameters<typeof openPage>[1];

/**
 * Chromium and one page for the enclosing suite: launched in a beforeAll hook registered here (so
 * after the hooks registered before this call, e.g. `useTestServer` and the suite's seeding), closed
 * in afterAll. The returned TestPage reaches the live page on each use, so it can be destructured.
 */
export function useBrowserPage(options: PageOptions = {}): TestPage {
  const current = useSuiteResource(
    "useBrowserPage: the page",
    async () => {
      const browser = await launchBrowser();
      try {
        return { browser, tab: await openPage(browser, options) };
      } catch (error) {
        await browser.close();
        throw error;
      }
    },
    async ({ browser, tab }) => {
      try {
        await tab.close();
      } finally {
        await browser.close();
      }
    },
  );
  return lateBound(() => current().tab);
}

/**
 * Chromium for the enclosing suite, for tests that open pages of their own (other viewports, a second
 * visitor) with `openPage`; launched in a beforeAll hook registered here, closed in afterAll.
 */
export function useBrowser(): Browser {
  return lateBound(useSuiteResource("useBrowser: Chromium", launchBrowser, (browser) => browser.close()));
}

/** Launches Chromium and a page, runs `work`, then closes both whatever `work` does. */
export async function withBrowserPage<T>(work: (tab: TestPage) => Promise<T>, options: PageOptions = {}): Promise<T> {
  const browser = await launchBrowser();
  try {
    return await work(await openPage(browser, options));
  } finally {
    await browser.close();
  }
}

/** Writes a full-page screenshot to test-artifacts/<name>.png (gitignored). */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** An input by its label, whether or not it is marked required (Mantine appends " *"). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));
}

/** The accessible error text Mantine ties to an input through aria-describedby. */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const input = field(page, label);
  if ((await input.getAttribute("aria-invalid")) !== "true") return null;
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const texts: string[] = [];
  for (const id of ids) {
    const element = page.locator(`[id="${id}"]`);
    if (await element.count()) texts.push((await element.innerText()).trim());
  }
  return texts.join(" ");
}

/** Picks an option of a Mantine select labelled `label` inside `scope`. */
export async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  // A searchable select's listbox carries the same label: click the input.
  await scope.getByLabel(label, { exact: true }).and(page.locator("input")).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The error text Mantine ties to the input labelled `label` inside `scope`, or null when it is valid. */
export async function errorIn(page: Page, scope: Locator, label: string): Promise<string | null> {
  const input = scope.getByLabel(label, { exact: true }).and(page.locator("input"));
  if ((await input.getAttribute("aria-invalid")) !== "true") return null;
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/).filter(Boolean) ?? [];
  const texts: string[] = [];
  for (const id of ids) {
    const element = page.locator(`[id="${id}"]`);
    if (await element.count()) texts.push((await element.innerText()).trim());
  }
  return texts.join(" ");
}

export const DOCS_SCREENSHOTS_DIR = path.resolve(__dirname, "../../docs/screenshots");

/**
 * A screenshot for the README: always written to test-artifacts/, and over docs/screenshots/<name>.png
 * when AIRWAVE_UPDATE_DOCS=1 (so ordinary test runs leave the committed images alone).
 */
export async function docsScreenshot(page: Page, name: string): Promise<string> {
  const file = await screenshot(page, name);
  if (process.env.AIRWAVE_UPDATE_DOCS === "1") {
    fs.mkdirSync(DOCS_SCREENSHOTS_DIR, { recursive: true });
    fs.copyFileSync(file, path.join(DOCS_SCREENSHOTS_DIR, `${name}.png`));
  }
  return file;
}
