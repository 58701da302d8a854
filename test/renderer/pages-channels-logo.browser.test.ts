import { describe, expect, it } from "vitest";
import { useBrowserPage } from "../support/browser";
import { useTestServer } from "../support/test-server";

/** What the test reads of the <img> in the page (the test's own types have no DOM library). */
interface ImageLike {
  complete: boolean;
  naturalWidth: number;
  naturalHeight: number;
  getBoundingClientRect(): { width: number; height: number };
}
declare const getComputedStyle: (element: unknown) => { objectFit: string };

describe("the channel list's logos in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage();

  it("shows a generated 2:1 logo whole (contained in a 2:1 box, not cropped to a square)", { timeout: 60_000 }, async () => {
    const channel = await api.post("/api/v1/channels", { number: "12", name: "Airwave" });
    expect(channel.status, channel.text).toBe(201);
    const { page } = tab;
    await page.goto(new URL("/channels", server.url).href);
    // The list may render a table and a narrow-window variant: the one shown.
    const logo = page.getByRole("img", { name: "Airwave logo" }).filter({ visible: true }).first();
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((el) => { const img = el as unknown as ImageLike; return img.complete && img.naturalWidth; })).toBe(200);
    const shown = await logo.evaluate((el) => {
      const img = el as unknown as ImageLike;
      const box = img.getBoundingClientRect();
      return { ratio: box.width / box.height, fit: getComputedStyle(img).objectFit, natural: img.naturalWidth / img.naturalHeight };
    });
    expect(shown.natural).toBe(2);
    expect(shown.ratio).toBeCloseTo(2, 1);
    expect(shown.fit).toBe("contain");
    expect(tab.pageErrors).toEqual([]);
  });
});
