import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { colorDistance, meanColor, pngFrame } from "../support/frame-pixels";
import { makeImage } from "../support/music-fixtures";
import { choose, field, fieldError, screenshot, useBrowserPage } from "../support/browser";
import { makeTempDir, useTestServer } from "../support/test-server";

const MAGENTA = [0xff, 0x00, 0xff];

describe("the watermarks page in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1280, height: 900 } });

  it("creates (after a server error under its field), edits, previews (FFmpeg's PNG, sampled) and deletes a watermark; delete names the channel using it", { timeout: 120_000 }, async () => {
    const { page } = tab;
    const folder = makeTempDir("airwave-watermark-page-");
    const picked = path.join(folder, "Pictures", "bug.png");
    makeImage(picked, "0xff00ff", "100x100");

    await page.goto(new URL("/watermarks", server.url).href);
    await page.getByRole("button", { name: "New watermark" }).click();
    const form = page.getByRole("form", { name: "New watermark" });
    // The form starts with what the server gives a watermark created from a name and an image only.
    const plain = await api.post("/api/v1/watermarks", { name: "Plain", imageData: `data:image/png;base64,${fs.readFileSync(picked).toString("base64")}` });
    expect(plain.status, plain.text).toBe(201);
    for (const [label, key] of [["Width (% of the frame)", "widthPercent"], ["Opacity (%)", "opacity"], ["Horizontal margin (%)", "horizontalMarginPercent"], ["Vertical margin (%)", "verticalMarginPercent"]] as const) {
      expect(await field(page, label).inputValue(), label).toBe(String(plain.json[key]));
    }
    expect(await form.getByLabel("Position", { exact: true }).and(page.locator("input")).inputValue()).toBe("Bottom right");
    expect(await form.getByLabel("Shown", { exact: true }).and(page.locator("input")).inputValue()).toBe("Always");

    await field(page, "Name").fill("Bug");
    // The picked file is read in the browser and sent with the request; a text file named .png is refused under the field.
    const mislabelled = path.join(folder, "Pictures", "notes.png");
    fs.writeFileSync(mislabelled, "this is text, not a picture");
    await form.locator('input[type="file"]').setInputFiles(mislabelled);
    await form.getByRole("button", { name: "Create watermark" }).click();
    await expect.poll(() => fieldError(page, "Image file")).toContain("is not a PNG image");
    expect((await api.get("/api/v1/watermarks")).json.map((w: { name: string }) => w.name)).not.toContain("Bug");
    await screenshot(page, "page-watermarks-validation");

    await form.locator('input[type="file"]').setInputFiles(picked);
    await form.getByRole("button", { name: "Create watermark" }).click();
    const table = page.getByRole("table", { name: "Watermarks" });
    await expect.poll(() => table.innerText()).toMatch(/Bug\s+Image file\s+BottomRight 15% 100% opaque\s+Always/);

    const stored = (await api.get("/api/v1/watermarks")).json.find((w: { name: string }) => w.name === "Bug");
    expect(stored.imagePath).toBe(path.join(server.dataDir, "watermarks", `${createHash("sha256").update(fs.readFileSync(picked)).digest("hex")}.png`));

    // Editing without picking a file keeps the stored image.
    await page.getByRole("button", { name: "Edit Bug" }).click();
    const edit = page.getByRole("form", { name: "Edit watermark" });
    await expect.poll(() => edit.innerText()).toContain("keeps its stored image");
    await choose(page, edit, "Position", "Top left");
    await field(page, "Width (% of the frame)").fill("30");
    await field(page, "Horizontal margin (%)").fill("0");
    await field(page, "Vertical margin (%)").fill("0");
    await choose(page, edit, "Shown", "Now and then");
    await field(page, "Every (minutes)").fill("5");
    await field(page, "For (seconds)").fill("20");
    await edit.getByRole("button", { name: "Save watermark" }).click();
    await expect.poll(() => table.innerText()).toMatch(/Bug\s+Image file\s+TopLeft 30% 100% opaque\s+20 s every 5 min/);
    expect((await api.get(`/api/v1/watermarks/${stored.id}`)).json.imagePath).toBe(stored.imagePath);

    await page.getByRole("button", { name: "Preview Bug" }).click();
    const preview = page.getByRole("img", { name: "Preview of Bug" });
    await preview.waitFor({ timeout: 30_000 });
    const src = (await preview.getAttribute("src")) ?? "";
    expect(src.startsWith("data:image/png;base64,")).toBe(true);
    const frame = await pngFrame(Buffer.from(src.slice("data:image/png;base64,".length), "base64"), 640, 360);
    // 30 % of 640 px = a 192 px square in the top-left corner; the test pattern elsewhere.
    expect(colorDistance(meanColor(frame, 0.02, 0.03, 0.28, 0.5), MAGENTA)).toBeLessThan(40);
    expect(colorDistance(meanColor(frame, 0.5, 0.6, 0.98, 0.98), MAGENTA)).toBeGreaterThan(100);
    await screenshot(page, "page-watermarks");

    const bug = (await api.get("/api/v1/watermarks")).json.find((w: { name: string }) => w.name === "Bug");
    const channel = await api.post("/api/v1/channels", { name: "Marked", number: "14", watermarkId: bug.id });
    expect(channel.status, channel.text).toBe(201);
    await page.getByRole("button", { name: "Delete Bug" }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain('the watermark is in use by channel 14 "Marked"');
    expect(await table.innerText()).toContain("Bug");

    expect((await api.put(`/api/v1/channels/${channel.json.id}`, { name: "Marked", number: "14" })).status).toBe(200);
    await page.getByRole("button", { name: "Delete Bug" }).click();
    await expect.poll(() => table.innerText()).not.toContain("Bug");
    expect(tab.pageErrors).toEqual([]);
  });
});
