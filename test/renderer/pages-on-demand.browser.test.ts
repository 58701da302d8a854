import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { choose, errorIn, screenshot, useBrowserPage } from "../support/browser";
import { apiClient } from "../support/http";
import { useTestServer } from "../support/test-server";

/** The channel form's playout mode and the Skip buttons (channel list, live preview) in a real browser. */
describe("on-demand channels and skip in the UI", () => {
  const { server } = useTestServer();
  const tab = useBrowserPage();
  const api = () => apiClient(server.url);

  /** A channel with an ExternalJson playout of 30-minute programmes from 5 minutes ago. */
  async function channelWithPlayout(number: string, name: string): Promise<number> {
    const clip = path.join(server.dataDir, "playouts", "clip.mkv");
    fs.writeFileSync(clip, "not played here");
    const file = path.join(server.dataDir, "playouts", `ui-${number}.json`);
    const programs = Array.from({ length: 100 }, (_, i) => ({ title: `Show ${i + 1}`, duration: 30 * 60_000, file: clip }));
    fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 5 * 60_000).toISOString(), programs }));
    const channel = (await api().post("/api/v1/channels", { name, number })).json;
    expect((await api().post("/api/v1/playouts", { channelId: channel.id, kind: "ExternalJson", scheduleFile: file })).status).toBe(201);
    return channel.id;
  }

  it("the channel form sets the playout mode; a mirror's refusal shows under the field", { timeout: 40_000 }, async () => {
    const { page } = tab;
    const id = await channelWithPlayout("41", "Binge");
    await page.goto(new URL(`/channels/${id}/edit`, server.url).href);
    await expect.poll(() => page.getByRole("textbox", { name: /^Name/ }).inputValue(), { timeout: 10_000 }).toBe("Binge");
    await choose(page, page.locator("body"), "Playout mode", "On demand (waits while nobody watches)");
    await page.getByRole("button", { name: "Save channel" }).click();
    await expect.poll(async () => (await api().get(`/api/v1/channels/${id}`)).json.playoutMode, { timeout: 10_000 }).toBe("OnDemand");

    const mirror = (await api().post("/api/v1/channels", { name: "Binge mirror", number: "42", mirrorSourceChannelId: id })).json;
    await page.goto(new URL(`/channels/${mirror.id}/edit`, server.url).href);
    await expect.poll(() => page.getByRole("textbox", { name: /^Name/ }).inputValue(), { timeout: 10_000 }).toBe("Binge mirror");
    await choose(page, page.locator("body"), "Playout mode", "On demand (waits while nobody watches)");
    await page.getByRole("button", { name: "Save channel" }).click();
    await expect.poll(() => errorIn(page, page.locator("body"), "Playout mode"), { timeout: 10_000 }).toMatch(/mirror channel cannot be on-demand/);
    expect((await api().get(`/api/v1/channels/${mirror.id}`)).json.playoutMode).toBe("Continuous");

    // The Live sessions page lists on-demand channels: nobody watches, so it waits at its checkpoint; playing once tuned in.
    await page.goto(new URL("/sessions", server.url).href);
    const states = page.getByRole("table", { name: "On-demand channels" });
    await expect.poll(() => states.innerText(), { timeout: 10_000 }).toMatch(/41 · Binge\s+Paused since .+\s+Show 1 at 00:0\d:\d\d/);
    await server.services.onDemand.tuneIn("41");
    await expect.poll(() => states.innerText(), { timeout: 10_000 }).toMatch(/41 · Binge\s+Playing/i);

    // The channel list marks on-demand channels.
    await page.goto(new URL("/channels", server.url).href);
    await expect.poll(() => page.getByRole("row", { name: /Binge\b/ }).first().innerText(), { timeout: 10_000 }).toMatch(/On demand/i);
  });

  it("Skip on the channel list and on the live preview ends the programme on air", { timeout: 40_000 }, async () => {
    const { page } = tab;
    const id = await channelWithPlayout("43", "Skipper");
    await page.goto(new URL("/channels", server.url).href);
    await page.getByRole("button", { name: "Skip the programme on Skipper" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Now playing" }).first().innerText(), { timeout: 10_000 }).toBe("Now playing: Show 2");
    expect((await api().get(`/api/v1/channels/${id}/now`)).json.current.title).toBe("Show 2");
    await screenshot(page, "page-channels-skip");

    await page.goto(new URL("/watch/43", server.url).href);
    // The preview shows what plays now; after the skip it shows the next programme without a reload.
    await expect.poll(() => page.getByText(/^Now: Show 2/).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Skip the programme on Skipper" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Now playing" }).first().innerText(), { timeout: 10_000 }).toBe("Now playing: Show 3");
    await expect.poll(() => page.getByText(/^Now: Show 3/).count(), { timeout: 10_000 }).toBeGreaterThan(0);

    // A channel without a playout has no Skip button on the list; the preview's Skip shows the server's reason.
    await api().post("/api/v1/channels", { name: "Bare", number: "44" });
    await page.goto(new URL("/watch/44", server.url).href);
    await page.getByRole("button", { name: "Skip the programme on Bare" }).click();
    await expect.poll(() => page.getByRole("status").first().innerText(), { timeout: 10_000 }).toMatch(/has no playout/);
  });
});
