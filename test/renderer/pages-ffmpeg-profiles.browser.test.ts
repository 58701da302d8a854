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
    // The form starts with what the server gives a profile created with a name only.
    const named = await api.post("/api/v1/ffmpeg/profiles", { name: "Defaults" });
    expect(named.status, named.text).toBe(201);
    const d = named.json;
    expect(await field(page, "Name").inputValue()).toBe("");
    const shown: Record<string, string> = {};
    for (const label of ["Width", "Height", "Scaling", "Video format", "Encoder profile", "Bit depth", "Video bitrate (kbps)", "Video buffer (kbit)", "Audio format", "Audio channels", "Audio bitrate (kbps)", "Audio buffer (kbit)", "Sample rate (kHz)", "Encoder threads (0 = automatic)"]) {
      shown[label] = await form.getByLabel(label, { exact: true }).and(page.locator("input")).inputValue();
    }
    expect(shown).toEqual({
      Width: String(d.resolution.width),
      Height: String(d.resolution.height),
      Scaling: d.scalingBehavior,
      "Video format": d.videoFormat,
      // Empty: the server picks the format's profile, so changing the format never leaves a wrong one.
      "Encoder profile": "",
      "Bit depth": String(d.bitDepth),
      "Video bitrate (kbps)": String(d.videoBitrate),
      "Video buffer (kbit)": String(d.videoBufferSize),
      "Audio format": d.audioFormat,
      "Audio channels": String(d.audioChannels),
      "Audio bitrate (kbps)": String(d.audioBitrate),
      "Audio buffer (kbit)": String(d.audioBufferSize),
      "Sample rate (kHz)": String(d.audioSampleRate),
      "Encoder threads (0 = automatic)": String(d.threadCount),
    });
    expect(await form.getByLabel("Deinterlace").isChecked()).toBe(d.deinterlaceVideo);
    expect(await form.getByLabel("Normalize frame rate").isChecked()).toBe(d.normalizeFramerate);
    expect(await form.getByLabel("Normalize loudness (EBU R128)").isChecked()).toBe(d.normalizeLoudness);
    const copy = form.getByLabel("Copy video and audio that already fit this profile");
    expect(await copy.isChecked()).toBe(true);
    await copy.uncheck(); // saved below: the created profile transcodes everything
    expect(await form.getByLabel("Hardware acceleration", { exact: true }).and(page.locator("input")).inputValue()).toBe(d.hardwareAcceleration);
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
    const created = (await api.get("/api/v1/ffmpeg/profiles")).json.find((p: { name: string }) => p.name === "Small");
    expect(created.copyWhenCompatible).toBe(false);

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
