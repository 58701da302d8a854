import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { meanDifference, pngFrame } from "../support/frame-pixels";
import { readsAs, readText } from "../support/ocr";
import { field, fieldError, screenshot, useBrowserPage } from "../support/browser";
import { makeTempDir, useTestServer } from "../support/test-server";

/** Each step waits this long for the page (a loaded machine renders slowly). */
const STEP = { timeout: 15_000 };
const DATA_URL = "data:image/png;base64,";
/** The text's box at the bottom left of the 640×360 preview (margins 4 % and 5 %), without the test pattern's stripes beside it. */
const TEXT_BOX = [0.03, 0.86, 0.37, 0.96] as const;

/** The live preview's PNG once the form has rested and FFmpeg has drawn it. */
async function settledPreview(page: Page, unlike?: Buffer): Promise<Buffer> {
  const image = page.getByRole("img", { name: "Live preview" });
  let png = Buffer.alloc(0);
  await expect
    .poll(
      async () => {
        if ((await image.count()) === 0 || (await image.getAttribute("data-drawing")) !== "false") return false;
        const src = (await image.getAttribute("src")) ?? "";
        if (!src.startsWith(DATA_URL)) return false;
        png = Buffer.from(src.slice(DATA_URL.length), "base64");
        return !unlike || !png.equals(unlike);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return png;
}

describe("the graphics page and the channel's graphics picker in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1280, height: 900 } });

  it("creates an element whose live preview follows the text, picks elements on a channel in order, and both survive a reload", { timeout: 180_000 }, async () => {
    const { page } = tab;
    const folder = makeTempDir("airwave-graphics-page-");

    await page.goto(new URL("/graphics", server.url).href);
    await expect.poll(() => page.title(), STEP).toBe("Graphics · Airwave");
    await page.getByRole("button", { name: "New graphics element" }).click();
    const form = page.getByRole("form", { name: "New graphics element" });

    // The preview draws the form as it stands, before anything is saved (sample titles: no channel chosen).
    await field(page, "Text").fill("Now: {{title}}");
    const first = await settledPreview(page);
    const firstFile = path.join(folder, "first.png");
    fs.writeFileSync(firstFile, first);
    expect(await readText(firstFile, TEXT_BOX)).toSatisfy((read: string) => readsAs(read, "Now: Big Buck Bunny"));

    await field(page, "Text").fill("Next: {{next.title}}");
    const second = await settledPreview(page, first);
    const secondFile = path.join(folder, "second.png");
    fs.writeFileSync(secondFile, second);
    expect(await readText(secondFile, TEXT_BOX)).toSatisfy((read: string) => readsAs(read, "Next: Sintel"));
    // Only the text's corner changed: the test pattern above it is the same picture.
    const [a, b] = await Promise.all([pngFrame(first, 640, 360), pngFrame(second, 640, 360)]);
    expect(meanDifference(a, b, 0, 0.8, 0.5, 1)).toBeGreaterThan(3);
    expect(meanDifference(a, b, 0, 0, 1, 0.6)).toBeLessThan(1);

    // A placeholder the server does not know: the preview says why it cannot draw, and create names the field.
    await field(page, "Text").fill("Now: {{titel}}");
    await expect.poll(() => form.getByRole("status").innerText(), { timeout: 30_000 }).toContain("{{titel}}");
    await field(page, "Name").fill("Now on");
    await form.getByRole("button", { name: "Create graphics element" }).click();
    await expect.poll(() => fieldError(page, "Text"), STEP).toContain("{{titel}}");
    expect((await api.get("/api/v1/graphics")).json).toEqual([]);

    await field(page, "Text").fill("Now: {{title}}");
    await form.getByRole("button", { name: "Create graphics element" }).click();
    const table = page.getByRole("table", { name: "Graphics elements" });
    await expect.poll(() => table.innerText(), STEP).toMatch(/Now on\s+Now: \{\{title\}\}\s+BottomLeft 5%\s+Always/);
    const nowOn = (await api.get("/api/v1/graphics")).json.find((g: { name: string }) => g.name === "Now on");
    expect(nowOn).toMatchObject({ kind: "Text", text: "Now: {{title}}", position: "BottomLeft", show: "Always" });
    await screenshot(page, "page-graphics");

    // Editing opens the stored element with its preview.
    await page.getByRole("button", { name: "Edit Now on" }).click();
    const edit = page.getByRole("form", { name: "Edit graphics element" });
    expect(await field(page, "Text").inputValue()).toBe("Now: {{title}}");
    await settledPreview(page);
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });

    const clock = await api.post("/api/v1/graphics", { name: "Clock", kind: "Clock" });
    expect(clock.status, clock.text).toBe(201);
    const channel = await api.post("/api/v1/channels", { name: "Framed", number: "21" });
    expect(channel.status, channel.text).toBe(201);

    // The channel picker: the clock first, then "Now on" (drawing order is the order picked).
    await page.goto(new URL(`/channels/${channel.json.id}/edit`, server.url).href);
    const picker = page.getByRole("form", { name: "Edit channel" }).getByLabel("Graphics", { exact: true }).and(page.locator("input"));
    await expect.poll(() => field(page, "Name").inputValue(), STEP).toBe("Framed");
    for (const name of ["Clock", "Now on"]) {
      await picker.click();
      await page.getByRole("option", { name, exact: true }).click();
    }
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Save channel" }).click();
    await expect.poll(async () => (await api.get(`/api/v1/channels/${channel.json.id}`)).json.graphicsIds, STEP).toEqual([clock.json.id, nowOn.id]);

    // Saved, the form goes back to the channel list; the edit page, opened and reloaded, shows the stored choice in order.
    await expect.poll(() => new URL(page.url()).pathname, STEP).toBe("/channels");
    await page.goto(new URL(`/channels/${channel.json.id}/edit`, server.url).href);
    await page.reload();
    const pills = page.getByRole("form", { name: "Edit channel" }).locator(".mantine-Pill-label");
    await expect.poll(() => pills.allInnerTexts(), STEP).toEqual(["Clock", "Now on"]);

    // The graphics page, reloaded, lists both; deleting one a channel uses is refused, naming the channel.
    await page.goto(new URL("/graphics", server.url).href);
    await page.reload();
    await expect.poll(() => table.innerText(), STEP).toMatch(/Clock[\s\S]*Now on/);
    await page.getByRole("button", { name: "Delete Now on" }).click();
    await expect.poll(() => page.getByRole("alert").innerText(), STEP).toContain('channel 21 "Framed"');
    expect((await api.get("/api/v1/graphics")).json).toHaveLength(2);
    expect(tab.pageErrors).toEqual([]);
  });
});
