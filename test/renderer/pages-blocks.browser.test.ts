import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { choose, errorIn, useBrowserPage, screenshot } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { seedCollection } from "./pages-fixtures";

describe("blocks, block templates and a Block playout in a real browser", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();
  let collectionName: string;

  beforeAll(async () => {
    ({ collectionName } = await seedCollection(server, "BlocksUI"));
  }, 60_000);

  it("makes two blocks, a template whose overlap the server refuses under the start time, then a channel playing it", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const api = apiClient(server.url);
    await page.goto(new URL("/blocks", server.url).href);

    for (const [name, minutes] of [["Cartoon hour", 60], ["News", 30]] as const) {
      await page.getByRole("button", { name: "New block" }).click();
      const drawer = page.getByRole("dialog");
      await drawer.getByLabel(/^Name/).fill(name);
      await drawer.getByLabel("Minutes", { exact: true }).fill(String(minutes));
      await choose(page, drawer.getByRole("group", { name: "Item 1" }), "Content", `Collection: ${collectionName}`);
      await choose(page, drawer.getByRole("group", { name: "Item 1" }), "Order", "Chronological");
      await drawer.getByRole("button", { name: "Create block" }).click();
      await page.getByRole("table", { name: "Blocks" }).getByRole("cell", { name, exact: true }).waitFor();
    }

    await page.getByRole("button", { name: "New template" }).click();
    const drawer = page.getByRole("dialog");
    await drawer.getByLabel(/^Name/).fill("Weekdays");
    await choose(page, drawer.getByRole("group", { name: "Block 1" }), "Block", "Cartoon hour (60 min)");
    await drawer.getByRole("group", { name: "Block 1" }).getByLabel("Starts at", { exact: true }).fill("06:00:00");
    await drawer.getByRole("button", { name: "Add block" }).click();
    await choose(page, drawer.getByRole("group", { name: "Block 2" }), "Block", "News (30 min)");
    await drawer.getByRole("group", { name: "Block 2" }).getByLabel("Starts at", { exact: true }).fill("06:30:00");
    await drawer.getByRole("button", { name: "Create template" }).click();
    await expect.poll(() => errorIn(page, drawer.getByRole("group", { name: "Block 2" }), "Starts at")).toMatch(/overlaps block "Cartoon hour"/);
    await screenshot(page, "page-block-template-overlap");
    expect((await api.get("/api/v1/block-templates")).json).toEqual([]);

    await drawer.getByRole("group", { name: "Block 2" }).getByLabel("Starts at", { exact: true }).fill("07:00:00");
    await drawer.getByRole("button", { name: "Create template" }).click();
    await page.getByRole("table", { name: "Block templates" }).getByText("06:00 Cartoon hour · 07:00 News").waitFor();

    const channel = (await api.post("/api/v1/channels", { name: "Blocks UI", number: "88" })).json;
    await page.goto(new URL(`/channels/${channel.id}/playout`, server.url).href);
    await page.getByText("Block templates", { exact: true }).click();
    await choose(page, page.getByRole("group", { name: "Assignment 1" }), "Template", "Weekdays");
    await page.getByRole("button", { name: "Create playout" }).click();
    await page.waitForURL(/\/watch\/88$/);
    const playoutId = (await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId;
    const playout = (await api.get(`/api/v1/playouts/${playoutId}`)).json;
    expect(playout).toMatchObject({ kind: "Block", buildStatus: { success: true } });
    expect(playout.templates).toHaveLength(1);
  });
});
