import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { choose, fieldError, field, useBrowserPage, screenshot } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { seedCollection } from "./pages-fixtures";

describe("the filler presets page in a real browser", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();
  let collectionName: string;

  beforeAll(async () => {
    ({ collectionName } = await seedCollection(server, "Filler"));
  }, 60_000);

  it("shows the server's message under the field it names, then creates the preset", { timeout: 30_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/filler", server.url).href);
    await page.getByRole("button", { name: "New filler preset" }).click();
    const form = page.getByRole("form", { name: "New filler preset" });
    await field(page, "Name").fill("Bumpers");
    await choose(page, form, "Mode", "Duration");
    await field(page, "Duration (hh:mm:ss)").fill("25:00:00");
    await choose(page, form, "Source", collectionName);
    await form.getByRole("button", { name: "Create filler preset" }).click();
    await expect.poll(() => fieldError(page, "Duration (hh:mm:ss)")).toMatch(/24:00:00/);
    expect(await fieldError(page, "Name")).toBeNull();
    await screenshot(page, "page-filler-validation");
    expect((await apiClient(server.url).get("/api/v1/filler/presets")).json).toEqual([]);

    await field(page, "Duration (hh:mm:ss)").fill("00:02:00");
    await form.getByRole("button", { name: "Create filler preset" }).click();
    await expect.poll(() => page.getByRole("table", { name: "Filler presets" }).innerText()).toMatch(/Bumpers\s+PreRoll\s+Duration 00:02:00\s+Collection/);
    const stored = (await apiClient(server.url).get("/api/v1/filler/presets")).json;
    expect(stored).toMatchObject([{ name: "Bumpers", fillerKind: "PreRoll", fillerMode: "Duration", duration: "00:02:00", collectionType: "Collection" }]);
    await screenshot(page, "page-filler");
    expect(tab.pageErrors).toEqual([]);
  });
});
