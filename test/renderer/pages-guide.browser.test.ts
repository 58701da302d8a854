import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { useBrowserPage, screenshot } from "../support/browser";
import { useTestServer } from "../support/test-server";
import { inOrderDefinition, seedCollection } from "./pages-fixtures";

const HALF_HOUR = 30 * 60_000;

/** Programmes of the XMLTV guide as [start ms, title, sub-title]. */
function xmltvProgrammes(xml: string): { start: number; title: string; subtitle: string | null }[] {
  return [...xml.matchAll(/<programme start="(\d{14}) ([+-]\d{4})"[^>]*>([\s\S]*?)<\/programme>/g)].map(([, stamp, zone, body]) => {
    const iso = `${stamp!.slice(0, 4)}-${stamp!.slice(4, 6)}-${stamp!.slice(6, 8)}T${stamp!.slice(8, 10)}:${stamp!.slice(10, 12)}:${stamp!.slice(12, 14)}${zone!.slice(0, 3)}:${zone!.slice(3)}`;
    return { start: Date.parse(iso), title: /<title[^>]*>([^<]*)<\/title>/.exec(body!)?.[1] ?? "", subtitle: /<sub-title[^>]*>([^<]*)<\/sub-title>/.exec(body!)?.[1] ?? null };
  });
}

describe("the guide grid in a real browser", () => {
  const { server } = useTestServer({ env: { Playout__TimeZone: "UTC", Playout__DaysToBuild: "1", Guide__DaysToBuild: "1" } });
  const tab = useBrowserPage();

  beforeAll(async () => {
    const api = apiClient(server.url);
    const { collectionName } = await seedCollection(server, "Griddy");
    const channel = (await api.post("/api/v1/channels", { name: "Grid One", number: "31" })).json as { id: number };
    const playout = await api.post("/api/v1/playouts", { channelId: channel.id, kind: "Sequential", definition: inOrderDefinition(collectionName) });
    if (playout.status >= 300) throw new Error(playout.text);
    await api.post("/api/v1/channels", { name: "No Playout", number: "32" });
  }, 60_000);

  it("shows the built programmes as XMLTV groups them, a now line, and details on click", { timeout: 30_000 }, async () => {
    const { page } = tab;
    const now = Date.now();
    await page.goto(new URL("/guide", server.url).href);
    const row = page.getByRole("group", { name: "Channel 31 Grid One" });
    await row.waitFor();
    // Only channels with a guide are rows.
    expect(await page.getByRole("group", { name: /^Channel 32/ }).count()).toBe(0);

    // Every XMLTV programme in the grid's window (from the half hour before now's, six hours) is a button, in order.
    const from = Math.floor(now / HALF_HOUR) * HALF_HOUR - HALF_HOUR;
    const to = from + 6 * 3600_000;
    const xml = (await apiClient(server.url).get("/iptv/xmltv.xml")).text;
    const expected = xmltvProgrammes(xml).filter((p) => p.start < to && p.start + HALF_HOUR > from);
    expect(expected.length).toBeGreaterThan(8);
    const labels = await row.locator("[data-programme]").evaluateAll((buttons) => buttons.map((b) => (b as unknown as { getAttribute(n: string): string }).getAttribute("aria-label")));
    expect(labels.length).toBe(expected.length);
    labels.forEach((label, i) => expect(label.startsWith(`${expected[i]!.title}, ${expected[i]!.subtitle}`)).toBe(true));
    expect(labels.filter((l) => l.endsWith(", on now"))).toHaveLength(1);
    await page.getByTestId("guide-now-line").waitFor();
    await screenshot(page, "page-guide");

    // Details of the programme on now, by keyboard.
    const onNow = row.locator("[data-on-air]");
    await onNow.focus();
    await page.keyboard.press("Enter");
    const details = page.getByTestId("programme-details");
    await details.waitFor();
    const current = expected.find((p) => p.start <= now && p.start + HALF_HOUR > now)!;
    expect(await details.getByRole("heading").innerText()).toBe(current.title);
    expect(await details.innerText()).toContain(current.subtitle!);
    expect(await details.innerText()).toMatch(/S0\dE0\d/);
    await screenshot(page, "page-guide-details");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "detached" });

    // Arrow keys walk along the channel.
    await onNow.focus();
    await page.keyboard.press("ArrowRight");
    const focused = await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } } }).document.activeElement.getAttribute("aria-label"));
    expect(focused).toBe(labels[labels.findIndex((l) => l.endsWith(", on now")) + 1]);

    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "page-guide-dark");
    expect(tab.pageErrors).toEqual([]);
  });

  it("the guide query refuses a bad window with the field named, never a 500", async () => {
    const api = apiClient(server.url);
    const bad = await api.graphql(`query($from: String, $to: String) { guide(from: $from, to: $to) { channelId } }`, { from: "yesterday-ish", to: "2020-01-09T00:00:00Z" });
    expect(bad.status).toBeLessThan(500);
    expect(bad.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "from", message: "must be an ISO 8601 time" }] });
    const wide = await api.graphql(`{ guide(from: "2020-01-01T00:00:00Z", to: "2020-01-09T00:00:00Z") { channelId } }`);
    expect(wide.json.errors[0].extensions.errors).toEqual([{ field: "to", message: "must be after from and at most 7 days later" }]);
  });
});
