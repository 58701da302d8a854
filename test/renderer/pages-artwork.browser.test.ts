/**
 * Pictures in the UI, in Chromium at 1440 and 800 px: the poster grid of a library, an item page with
 * its fan art as backdrop and its seasons' posters, a season's episodes with thumbnails, a list of other
 * videos with thumbnails, the guide drawer with the programme's picture. Every image shown must have
 * loaded (naturalWidth > 0); an item without a picture shows the neutral placeholder.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { makeSmallArtworkLibrary, SHOWS_DEFINITION } from "../support/artwork-fixtures";
import { screenshot, useBrowserPage } from "../support/browser";
import { scanAndWait } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";

const WIDTHS = [1440, 800];

/** Waits until every image inside `selector` has loaded, and returns their natural widths. */
async function loadedImages(page: Page, selector: string): Promise<number[]> {
  // Page functions as text: the test build has no DOM types.
  const images = `[...document.querySelectorAll(${JSON.stringify(`${selector} img`)})]`;
  await page.waitForFunction(`${images}.length > 0 && ${images}.every((i) => i.complete && i.naturalWidth > 0)`, undefined, { timeout: 15_000 });
  return page.evaluate(`${images}.map((i) => i.naturalWidth)`) as Promise<number[]>;
}

/** The page does not scroll sideways. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth") as Promise<boolean>;
}

describe("artwork in the UI", () => {
  const { server, api } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Guide__DaysToBuild: "1" } });
  const tab = useBrowserPage();
  const libraries: Record<string, number> = {};
  let showId: number;
  let seasonId: number;

  beforeAll(async () => {
    const made = makeSmallArtworkLibrary(makeTempDir("airwave-artwork-ui-"));
    for (const [name, kind, folder] of [["Shows", "Shows", made.shows], ["Movies", "Movies", made.movies], ["Other", "OtherVideos", made.others]] as const) {
      libraries[name] = (await api.post("/api/v1/libraries", { name, kind, paths: [folder] })).json.id;
      expect((await scanAndWait(api, libraries[name]!)).lastScanSuccess).toBe(true);
    }
    showId = (await api.get(`/api/v1/media/items?kind=Show`)).json.items[0].id;
    seasonId = (await api.get(`/api/v1/media/items?parentId=${showId}`)).json.items[0].id;
    const collection = (await api.post("/api/v1/collections", { name: "Shows" })).json;
    await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [showId] });
    const channel = (await api.post("/api/v1/channels", { number: "9", name: "Picture Channel" })).json;
    const playout = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: SHOWS_DEFINITION });
    expect(playout.status, playout.text).toBe(201);
  }, 120_000);

  for (const width of WIDTHS) {
    it(`poster grid of movies with a placeholder for the one without, at ${width} px`, { timeout: 40_000 }, async () => {
      const { page } = tab;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(`/libraries/${libraries.Movies}`, server.url).href);
      const grid = page.getByRole("list", { name: "Movies" });
      await grid.waitFor();
      expect(await grid.getByRole("listitem").count()).toBe(2);
      const widths = await loadedImages(page, '[aria-label="Movies"]');
      expect(widths).toEqual([320]);
      expect(await grid.locator('[data-artwork="placeholder"]').count()).toBe(1);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `page-poster-grid-${width}`);
    });

    it(`a show page with its fan art backdrop and season posters, a season with episode thumbnails, at ${width} px`, { timeout: 40_000 }, async () => {
      const { page } = tab;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(`/libraries/${libraries.Shows}`, server.url).href);
      await page.getByRole("list", { name: "Shows" }).waitFor();
      expect(await loadedImages(page, '[aria-label="Shows"]')).toEqual([320]);
      await page.getByRole("list", { name: "Shows" }).getByRole("listitem").first().click();
      const header = page.getByTestId("item-header");
      await header.waitFor();
      expect(page.url()).toBe(new URL(`/media/${showId}`, server.url).href);
      const backdrop = (await header.getAttribute("data-backdrop"))!;
      expect(backdrop).toMatch(/\/api\/v1\/artwork\/[0-9a-f]{2}\/[0-9a-f]{64}\.png$/);
      const backdropWidth = await page.evaluate(
        `new Promise((resolve) => { const image = new Image(); image.onload = () => resolve(image.naturalWidth); image.onerror = () => resolve(0); image.src = ${JSON.stringify(backdrop)}; })`,
      );
      expect(backdropWidth).toBe(1280);
      expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid="item-header"]')).backgroundImage`)).toContain(backdrop);
      expect(await loadedImages(page, '[data-testid="item-header"]')).toEqual([320]);
      expect(await loadedImages(page, '[aria-label="Seasons"]')).toEqual([320]);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `page-show-${width}`);

      await page.getByRole("list", { name: "Seasons" }).getByRole("listitem").first().click();
      await page.getByRole("list", { name: "Episodes" }).waitFor();
      expect(page.url()).toBe(new URL(`/media/${seasonId}`, server.url).href);
      expect(await loadedImages(page, '[aria-label="Episodes"]')).toEqual([320, 320]);
      expect(await page.getByRole("list", { name: "Episodes" }).getByRole("link").allInnerTexts()).toEqual(["1. Part 1", "2. Part 2"]);
      await page.getByRole("link", { name: "2. Part 2" }).click();
      await page.getByTestId("item-header").waitFor();
      expect(await loadedImages(page, '[data-testid="item-header"]')).toEqual([320]);
      expect(await fitsWidth(page)).toBe(true);
    });

    it(`other videos as a list with thumbnails, at ${width} px`, { timeout: 30_000 }, async () => {
      const { page } = tab;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL(`/libraries/${libraries.Other}`, server.url).href);
      await page.getByRole("list", { name: "Other videos" }).waitFor();
      expect(await loadedImages(page, '[aria-label="Other videos"]')).toEqual([320]);
    });

    it(`the guide shows the selected programme's picture, at ${width} px`, { timeout: 40_000 }, async () => {
      const { page } = tab;
      await page.setViewportSize({ width, height: 900 });
      await page.goto(new URL("/guide", server.url).href);
      const row = page.getByRole("group", { name: "Channel 9 Picture Channel" });
      await row.waitFor();
      await row.locator("[data-programme]").first().click();
      const details = page.getByTestId("programme-details");
      await details.waitFor();
      expect(await loadedImages(page, '[data-testid="programme-details"]')).toEqual([400]);
      await screenshot(page, `page-guide-artwork-${width}`);
    });
  }
});
