import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { choose, errorIn, useBrowserPage, screenshot } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { seedCollection } from "./pages-fixtures";

const item = (page: Page, n: number) => page.getByRole("group", { name: `Item ${n}`, exact: true });

describe("the schedule editor in a real browser", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();
  let collectionName: string;

  beforeAll(async () => {
    ({ collectionName } = await seedCollection(server, "Sched"));
  }, 60_000);

  it("creates a schedule, adds items by mode, reorders them by drag and by keyboard, saves, and shows the server's error on the item's field", { timeout: 30_000 }, async () => {
    const { page } = tab;
    const api = apiClient(server.url);
    await page.goto(new URL("/schedules", server.url).href);
    await page.getByRole("button", { name: "New schedule" }).click();
    await page.getByRole("dialog").getByLabel(/^Name/).fill("Weeknights");
    await page.getByRole("button", { name: "Create schedule" }).click();
    await page.waitForURL(/\/schedules\/\d+$/);
    const scheduleId = Number(/\/schedules\/(\d+)$/.exec(page.url())![1]);
    await page.getByRole("heading", { level: 1, name: "Schedule “Weeknights”" }).waitFor();

    // Item 1: one item of the collection. Item 2: a half hour of it (Duration shows its own fields only).
    await page.getByRole("button", { name: "Add item" }).click();
    await choose(page, item(page, 1), "Content", collectionName);
    expect(await item(page, 1).getByLabel("Duration", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Add item" }).click();
    await choose(page, item(page, 2), "Playout mode", "Duration (fill a length of time)");
    await choose(page, item(page, 2), "Content", collectionName);
    await item(page, 2).getByLabel("Duration", { exact: true }).fill("00:30:00");
    expect(await item(page, 2).getByLabel("Count", { exact: true }).count()).toBe(0);
    await page.getByRole("button", { name: "Add item" }).click();
    await choose(page, item(page, 3), "Playout mode", "Multiple items");
    await choose(page, item(page, 3), "Content", collectionName);
    await item(page, 3).getByLabel("Count", { exact: true }).fill("2");
    await screenshot(page, "page-schedule-editor");

    // Drag item 3 (Multiple) onto item 2 with the mouse: One, Multiple, Duration.
    await item(page, 2).evaluate((el) => (el as unknown as { scrollIntoView(o: object): void }).scrollIntoView({ block: "center" }));
    const handle = (await page.getByTestId("drag-item-3").boundingBox())!;
    const target = (await item(page, 2).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(target.x + 60, Math.max(80, target.y + 40), { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => item(page, 2).getByLabel("Count", { exact: true }).count()).toBe(1);
    expect(await item(page, 3).getByLabel("Duration", { exact: true }).count()).toBe(1);
    // Keyboard: move item 3 (Duration) up; focus stays on the moved item's button.
    await page.getByRole("button", { name: "Move item 3 up" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => item(page, 2).getByLabel("Duration", { exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }).document.activeElement.getAttribute("aria-label"))).toBe("Move item 2 up");

    await page.getByRole("button", { name: "Save items" }).click();
    await page.getByText("Saved 3 items.").waitFor();
    const saved = (await api.get(`/api/v1/schedules/${scheduleId}/items`)).json as { playoutMode: string; playoutDuration?: string; count?: string }[];
    expect(saved.map((i) => i.playoutMode)).toEqual(["One", "Duration", "Multiple"]);
    expect(saved[1]!.playoutDuration).toBe("00:30:00");

    // A duration the server refuses: its message under item 2's Duration field, nowhere else; nothing saved.
    await item(page, 2).getByLabel("Duration", { exact: true }).fill("25:00:00");
    await page.getByRole("button", { name: "Save items" }).click();
    await expect.poll(() => errorIn(page, item(page, 2), "Duration"), { timeout: 10_000 }).toMatch(/at most 24:00:00/);
    expect(await errorIn(page, item(page, 3), "Count")).toBeNull();
    expect(await errorIn(page, item(page, 2), "Content")).toBeNull();
    await screenshot(page, "page-schedule-validation");
    const after = (await api.get(`/api/v1/schedules/${scheduleId}/items`)).json as { playoutDuration?: string }[];
    expect(after[1]!.playoutDuration).toBe("00:30:00");

    await page.goto(new URL("/schedules", server.url).href);
    await page.getByRole("link", { name: "Weeknights" }).waitFor();
    await screenshot(page, "page-schedules");
    expect(tab.pageErrors).toEqual([]);
  });

  it("collections: a smart collection's live match count and its syntax error at the position", { timeout: 30_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/collections?tab=smart", server.url).href);
    await page.getByRole("button", { name: "New smart collection" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Name/).fill("Sched episodes");
    const query = dialog.getByLabel(/^Query/);
    await query.fill("type:episode AND (title:Episode");
    const problem = dialog.getByTestId("smart-query-error");
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.innerText()).toMatch(/at position \d+/);
    const position = Number(/at position (\d+)/.exec(await problem.innerText())![1]);
    const caretLine = (await problem.locator("pre, code").first().innerText()).split("\n")[1]!;
    expect(caretLine.indexOf("^") + 1).toBe(position);
    await screenshot(page, "page-smart-collection-error");

    await query.fill('type:episode AND show_title:"Sched Show"');
    await expect.poll(() => dialog.getByTestId("smart-match-count").innerText().catch(() => ""), { timeout: 10_000 }).toMatch(/^4 items match/);
    await dialog.getByRole("button", { name: "Create smart collection" }).click();
    await page.getByRole("cell", { name: 'type:episode AND show_title:"Sched Show"' }).waitFor();
    await screenshot(page, "page-collections-smart");

    await page.goto(new URL("/collections", server.url).href);
    await page.getByRole("link", { name: collectionName }).click();
    await page.getByRole("heading", { level: 1, name: `Collection “${collectionName}”` }).waitFor();
    await page.getByLabel("Search media").fill("type:movie");
    await page.getByRole("button", { name: "Add Sched Movie A" }).click();
    await page.getByRole("button", { name: "Remove Sched Movie A" }).waitFor();
    await screenshot(page, "page-collection");
    expect(tab.pageErrors).toEqual([]);
  });
});
