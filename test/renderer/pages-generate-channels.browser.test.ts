import { beforeAll, describe, expect, it } from "vitest";
import { choose, screenshot, useBrowserPage } from "../support/browser";
import { apiClient } from "../support/http";
import { addNetworkLibrary } from "../support/network-library";
import { useTestServer } from "../support/test-server";

describe("channels made for you, in a real browser", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();

  beforeAll(async () => {
    await addNetworkLibrary(apiClient(server.url), server.dataDir);
  }, 90_000);

  it("previews a channel per network from the Channels page, then creates them all", { timeout: 60_000 }, async () => {
    const { page } = tab;
    const api = apiClient(server.url);
    const before = (await api.get("/api/v1/channels")).json.length;
    await page.goto(new URL("/channels", server.url).href);
    await page.getByRole("link", { name: "Make channels from my library" }).click();
    await page.waitForURL(/\/channels\/generate$/);
    await page.getByRole("heading", { level: 1, name: "Make channels from your library" }).waitFor();
    await choose(page, page.locator("body"), "Group by", "A channel per TV network (studio)");
    await page.getByLabel("Smallest group (items)").fill("2");
    await page.getByLabel("First channel number").fill("30");
    await page.getByRole("button", { name: "Preview" }).click();
    const table = page.getByRole("table", { name: "Channels to make" });
    await table.waitFor();
    const rows = await table.getByRole("row").allInnerTexts();
    expect(rows.slice(1).map((r) => r.replace(/\s+/g, " ").trim())).toEqual(["30 Alpha Net 4 1.5", "31 Beta Net 4 1.5", "32 Gamma Net 4 1.5"]);
    await page.getByText("Tiny Net: 1 playable item(s), fewer than minimumItems (2)").waitFor();
    await screenshot(page, "page-generate-channels");
    // The preview changed nothing.
    expect((await api.get("/api/v1/channels")).json.length).toBe(before);

    await page.getByRole("button", { name: "Create 3 channels" }).click();
    await page.waitForURL(/\/channels$/);
    await page.getByText("Gamma Net").first().waitFor();
    const channels = (await api.get("/api/v1/channels")).json as Array<{ number: string; name: string; playoutId?: number }>;
    expect(channels.filter((c) => ["30", "31", "32"].includes(c.number)).map((c) => [c.name, typeof c.playoutId])).toEqual([["Alpha Net", "number"], ["Beta Net", "number"], ["Gamma Net", "number"]]);
    // A reload of the page renders the page.
    await page.goto(new URL("/channels/generate", server.url).href);
    await page.getByRole("heading", { level: 1, name: "Make channels from your library" }).waitFor();
  });
});
