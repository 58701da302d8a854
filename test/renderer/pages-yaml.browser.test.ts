import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { useBrowserPage, screenshot } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { inOrderDefinition, seedCollection } from "./pages-fixtures";

/** Replaces the editor's whole text the way a user would: select all, then type over it. */
async function replaceText(page: Page, text: string) {
  const content = page.locator(".cm-content");
  await content.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(text);
}

/** 1-based numbers of the editor lines holding an error underline. */
async function underlinedLines(page: Page): Promise<number[]> {
  return page.locator(".cm-line").evaluateAll((lines) =>
    lines.flatMap((line, i) => ((line as unknown as { querySelector(s: string): unknown }).querySelector(".cm-lintRange-error") ? [i + 1] : [])),
  );
}

describe("the YAML playout editor in a real browser", () => {
  const { server } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1" } });
  const tab = useBrowserPage();
  let collectionName: string;
  let channelId: number;

  beforeAll(async () => {
    ({ collectionName } = await seedCollection(server, "Yamlish"));
    const channel = await apiClient(server.url).post("/api/v1/channels", { name: "Yaml Channel", number: "21" });
    channelId = channel.json.id;
  }, 60_000);

  it("underlines the server's error at its line as you type, clears it when fixed, previews and saves", { timeout: 60_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL(`/channels/${channelId}/playout`, server.url).href);
    await page.locator(".cm-content").waitFor();
    await expect.poll(() => page.locator(".cm-content").innerText(), { timeout: 10_000 }).toContain("content:");

    // An order the format does not know, on line 4: the server's error is underlined there.
    const broken = inOrderDefinition(collectionName, "sideways");
    expect(broken.split("\n")[3]).toContain("sideways");
    await replaceText(page, broken);
    await page.locator(".cm-lintRange-error").first().waitFor({ timeout: 10_000 });
    expect(await underlinedLines(page)).toEqual([4]);
    expect(await page.locator(".cm-lintRange-error").first().innerText()).toBe("sideways");
    await page.getByText(/The server found a problem/).waitFor();
    await expect.poll(() => page.getByRole("status").filter({ hasText: /Line 4, column \d+/ }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId("playout-preview").count()).toBe(0);
    await screenshot(page, "page-playout-yaml-error");

    // Fixed: the underline goes away and the preview shows the next hours.
    await replaceText(page, inOrderDefinition(collectionName));
    await expect.poll(() => page.locator(".cm-lintRange-error").count(), { timeout: 10_000 }).toBe(0);
    await page.getByText("The server accepts this definition.").waitFor();
    const preview = page.getByTestId("playout-preview");
    await preview.waitFor({ timeout: 10_000 });
    await expect.poll(() => preview.innerText()).toContain("Episode 1.1");
    expect(await preview.innerText()).toContain("Episode 1.2");
    await screenshot(page, "page-playout-yaml-preview");

    // Saving goes through the server's create mutation and builds.
    await page.getByRole("button", { name: "Create playout" }).click();
    await page.waitForURL(/\/watch\/21$/, { timeout: 20_000 });
    const playouts = (await apiClient(server.url).get("/api/v1/playouts")).json as { channelId: number; definition: string }[];
    expect(playouts.find((p) => p.channelId === channelId)?.definition).toBe(inOrderDefinition(collectionName));
    expect(tab.pageErrors).toEqual([]);
  });

  it("completes keys and enum values from the playout schema", { timeout: 30_000 }, async () => {
    const { page } = tab;
    // A page clock the test can move on (it runs on its own otherwise).
    await page.clock.install();
    await page.goto(new URL(`/channels/${channelId}/playout`, server.url).href);
    await page.locator(".cm-content").waitFor();
    await replaceText(page, `content:\n  - collection: "${collectionName}"\n    key: main\n    `);
    await page.keyboard.type("ord");
    const completions = page.locator(".cm-tooltip-autocomplete");
    await completions.waitFor({ timeout: 5_000 });
    expect(await completions.innerText()).toContain("order");
    // CodeMirror ignores Enter for 75 ms after the list opens (so a fast typist's Enter is a newline): move the page's clock past it.
    await page.clock.fastForward(150);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".cm-content").innerText()).toContain("order: ");
    await page.keyboard.type("sh");
    const option = completions.getByRole("option", { name: /^shuffle/ });
    await option.waitFor({ timeout: 5_000 });
    expect(await completions.getByRole("option").allInnerTexts()).toEqual([expect.stringMatching(/^shuffle/)]);
    await page.clock.fastForward(150);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".cm-content").innerText()).toContain("order: shuffle");
  });

  it("lists playouts with their build status and resets one", { timeout: 30_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/playouts", server.url).href);
    await page.getByRole("heading", { level: 1, name: "Playouts" }).waitFor();
    await page.getByRole("link", { name: "21 · Yaml Channel" }).waitFor();
    await screenshot(page, "page-playouts");
    await page.getByRole("button", { name: "Reset…" }).click();
    await page.getByRole("menuitem", { name: "Reset from now (keep content positions)" }).click();
    await page.getByText(/^Rebuilt: \d+ items\.$/).waitFor({ timeout: 10_000 });
  });
});
