import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshot, useBrowser } from "../support/browser";
import { useTestServer } from "../support/test-server";

/** The few DOM pieces the checks use (the tests compile without the DOM library). */
interface Box {
  parentElement: Box | null;
  scrollWidth: number;
  clientWidth: number;
  getBoundingClientRect(): { right: number };
}
interface Dom {
  document: { documentElement: Box };
  getComputedStyle(box: Box): { overflowX: string };
}

/** Whether the page itself scrolls sideways (a table that scrolls inside it does not count). */
function pageOverflows(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = (globalThis as unknown as Dom).document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });
}

/** Whether the navigation sits inside the window (Mantine slides it out to the left when collapsed). */
async function navigationShown(page: Page): Promise<boolean> {
  const box = await page.getByRole("navigation", { name: "Main navigation" }).boundingBox();
  return box !== null && box.x >= 0 && box.width > 0;
}

describe("the shell in narrow and wide windows", () => {
  const { server, api } = useTestServer();
  const browser = useBrowser();

  beforeAll(async () => {
    for (let i = 1; i <= 3; i++) {
      const created = await api.post("/api/v1/channels", { name: `A channel with a long name that widens row ${i}`, number: String(100 + i), group: "A long group name that also takes room" });
      expect(created.status, created.text).toBe(201);
    }
  }, 60_000);

  it("at 800 px the navigation hides behind a menu button and the channel table scrolls inside the page", { timeout: 30_000 }, async () => {
    const tab = await openPage(browser, { viewport: { width: 800, height: 700 } });
    const { page } = tab;
    await page.goto(new URL("/channels", server.url).href);
    const table = page.getByRole("table").first();
    await table.waitFor();
    const menu = page.getByRole("button", { name: "Menu" });
    expect(await menu.isVisible()).toBe(true);
    expect(await navigationShown(page)).toBe(false);
    expect(await pageOverflows(page)).toBe(false);
    // The table is wider than the window, so the box that scrolls it must sit inside the window.
    const scroller = await table.evaluate((t) => {
      const { getComputedStyle } = globalThis as unknown as Dom;
      let box: Box | null = t as unknown as Box;
      while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      if (!box) return null;
      return { right: box.getBoundingClientRect().right, scrolls: box.scrollWidth > box.clientWidth };
    });
    expect(scroller).not.toBeNull();
    expect(scroller!.right).toBeLessThanOrEqual(800);
    expect(scroller!.scrolls).toBe(true);
    await screenshot(page, "shell-800-closed");

    await menu.click();
    await expect.poll(() => navigationShown(page)).toBe(true);
    await screenshot(page, "shell-800-menu");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(/\/settings$/);
    await expect.poll(() => navigationShown(page)).toBe(false);
    expect(tab.pageErrors).toEqual([]);
    await tab.close();
  });

  it("at 1280 px the navigation stays open and there is no menu button", { timeout: 30_000 }, async () => {
    const tab = await openPage(browser, { viewport: { width: 1280, height: 720 } });
    const { page } = tab;
    await page.goto(new URL("/channels", server.url).href);
    await page.getByRole("table").first().waitFor();
    expect(await navigationShown(page)).toBe(true);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    expect(await pageOverflows(page)).toBe(false);
    await screenshot(page, "shell-1280");
    expect(tab.pageErrors).toEqual([]);
    await tab.close();
  });
});
