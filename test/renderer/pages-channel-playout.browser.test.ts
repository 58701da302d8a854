import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { choose, fieldError, useBrowserPage, screenshot, type TestPage } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { seedCollection } from "./pages-fixtures";

/** The error Mantine ties to the "Schedule" select (its listbox shares the label, so find it as a combobox). */
async function scheduleError(page: TestPage["page"]): Promise<string | null> {
  const input = page.getByRole("combobox", { name: "Schedule" });
  if ((await input.getAttribute("aria-invalid")) !== "true") return null;
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map(async (id) => ((await page.locator(`[id="${id}"]`).count()) ? page.locator(`[id="${id}"]`).innerText() : "")));
  return texts.join(" ");
}

describe("choosing a channel's playout kind in a real browser", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();
  let collectionId: number;

  beforeAll(async () => {
    ({ collectionId } = await seedCollection(server, "Kinds"));
  }, 60_000);

  it("gives a channel a Classic schedule: the server's message under the field first, then the build and the watch page", { timeout: 40_000 }, async () => {
    const { page } = tab;
    const api = apiClient(server.url);
    const schedule = (await api.post("/api/v1/schedules", { name: "Evenings" })).json;
    const items = await api.put(`/api/v1/schedules/${schedule.id}/items`, { items: [{ playoutMode: "One", collectionType: "Collection", collectionId, playbackOrder: "Chronological" }] });
    expect(items.status, items.text).toBe(200);
    await api.post("/api/v1/schedules", { name: "Empty one" });
    const channel = (await api.post("/api/v1/channels", { name: "Classic UI", number: "77" })).json;

    await page.goto(new URL(`/channels/${channel.id}/playout`, server.url).href);
    await page.getByText("Classic schedule", { exact: true }).click();
    await page.getByRole("button", { name: "Create playout" }).click();
    await expect.poll(() => scheduleError(page)).toMatch(/is required/);

    await choose(page, page.locator("body"), "Schedule", "Empty one (0 items)");
    await page.getByRole("button", { name: "Create playout" }).click();
    await expect.poll(() => scheduleError(page)).toMatch(/has no items/);
    await screenshot(page, "page-channel-playout-classic-error");

    await choose(page, page.locator("body"), "Schedule", "Evenings (1 item)");
    await page.getByRole("button", { name: "Create playout" }).click();
    await page.waitForURL(/\/watch\/77$/);
    const playout = (await api.get(`/api/v1/channels/${channel.id}`)).json.playoutId;
    expect((await api.get(`/api/v1/playouts/${playout}`)).json).toMatchObject({ kind: "Classic", scheduleId: schedule.id, buildStatus: { success: true } });

    // Back on the playout page the kind is fixed and the schedule is shown.
    await page.goto(new URL(`/channels/${channel.id}/playout`, server.url).href);
    await expect.poll(() => page.getByRole("combobox", { name: "Schedule" }).inputValue()).toBe("Evenings (1 item)");
    expect(await page.getByRole("radio", { name: "Classic schedule" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "YAML definition" }).isDisabled()).toBe(true);
  });

  it("a channel file that does not exist is refused under its field", { timeout: 30_000 }, async () => {
    const { page } = tab;
    const channel = (await apiClient(server.url).post("/api/v1/channels", { name: "File UI", number: "78" })).json;
    await page.goto(new URL(`/channels/${channel.id}/playout`, server.url).href);
    await page.getByText("External JSON", { exact: true }).click();
    await page.getByLabel("Channel file", { exact: true }).fill(path.join(server.dataDir, "playouts", "nowhere", "retro.json"));
    await page.getByRole("button", { name: "Create playout" }).click();
    await expect.poll(() => fieldError(page, "Channel file")).toMatch(/does not exist/);
    expect((await apiClient(server.url).get(`/api/v1/channels/${channel.id}`)).json.playoutId).toBeUndefined();
  });
});
