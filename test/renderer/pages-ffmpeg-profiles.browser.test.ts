import { describe, expect, it } from "vitest";
import { field, fieldError, screenshot, useBrowserPage } from "../support/browser";
import { useTestServer } from "../support/test-server";

describe("the FFmpeg profiles page in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1280, height: 900 } });

  it("creates (after a server error under its field), edits, duplicates, tests and deletes a profile; delete names the channels using it", { timeout: 90_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/ffmpeg-profiles", server.url).href);
    const table = page.getByRole("table", { name: "FFmpeg profiles" });
    await table.waitFor();

    await page.getByRole("button", { name: "New FFmpeg profile" }).click();
    const form = page.getByRole("form", { name: "New FFmpeg profile" });
    await field(page, "Name").fill("Small");
    await field(page, "Width").fill("321");
    await field(page, "Height").fill("180");
    // Hardware accelerations this machine cannot use are offered disabled, with the reason.
    await form.getByLabel("Hardware acceleration", { exact: true }).and(page.locator("input")).click();
    const unavailable = page.getByRole("option", { name: /— unavailable: / });
    expect(await unavailable.count()).toBeGreaterThan(0);
    expect(await unavailable.first().getAttribute("aria-disabled")).toBe("true");
    await page.keyboard.press("Escape");
    await form.getByRole("button", { name: "Create profile" }).click();
    await expect.poll(() => fieldError(page, "Width")).toMatch(/even/i);
    expect((await api.get("/api/v1/ffmpeg/profiles")).json.map((p: { name: string }) => p.name)).not.toContain("Small");
    await screenshot(page, "page-ffmpeg-profiles-validation");

    await field(page, "Width").fill("320");
    await form.getByRole("button", { name: "Create profile" }).click();
    await expect.poll(() => table.innerText()).toMatch(/Small\s+320×180 H264 2000 kbps/);

    await page.getByRole("button", { name: "Edit Small" }).click();
    const edit = page.getByRole("form", { name: "Edit FFmpeg profile" });
    await field(page, "Video bitrate (kbps)").fill("800");
    await field(page, "Video buffer (kbit)").fill("1600");
    await edit.getByRole("button", { name: "Save profile" }).click();
    await expect.poll(() => table.innerText()).toMatch(/Small\s+320×180 H264 800 kbps/);

    await page.getByRole("button", { name: "Duplicate Small" }).click();
    await expect.poll(() => table.innerText()).toMatch(/Small \(copy\)\s+320×180 H264 800 kbps/);

    await page.getByRole("button", { name: "Test Small", exact: true }).click();
    const report = page.getByRole("status").filter({ hasText: 'Tested "Small"' });
    await report.waitFor({ timeout: 60_000 });
    expect(await report.innerText()).toMatch(/Encoded 5 s of a test pattern in \d+\.\d s: ×\d+\.\d real time with libx264/);
    await screenshot(page, "page-ffmpeg-profiles");

    const small = (await api.get("/api/v1/ffmpeg/profiles")).json.find((p: { name: string }) => p.name === "Small");
    expect((await api.post("/api/v1/channels", { name: "Uses small", number: "12", ffmpegProfileId: small.id })).status).toBe(201);
    await page.getByRole("button", { name: "Delete Small", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").innerText()).toContain('the profile is used by channel 12 "Uses small"');
    expect(await table.innerText()).toMatch(/Small\s+320×180/);

    await page.getByRole("button", { name: "Delete Small (copy)" }).click();
    await expect.poll(() => table.innerText()).not.toContain("Small (copy)");
    expect(tab.pageErrors).toEqual([]);
  });
});
