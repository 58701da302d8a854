import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useBrowserPage } from "../support/browser";
import { useTestServer } from "../support/test-server";

/** Every route of the UI, read from renderer/src/app/routes.tsx, with its English title from the catalog (the test does not load React). */
function uiRoutes(): Array<{ path: string; title: string }> {
  const source = fs.readFileSync(path.resolve(__dirname, "../../renderer/src/app/routes.tsx"), "utf8");
  const english = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../renderer/src/i18n/locales/en.json"), "utf8")) as { routes: Record<string, string> };
  return [...source.matchAll(/\{ path: "([^"]+)", title: "routes\.([^"]+)"/g)].map((m) => ({ path: m[1]!, title: english.routes[m[2]!]! }));
}

const titleOf = (title: string) => (title === "Airwave" ? title : `${title} · Airwave`);

describe("a reload of every UI page renders the page", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage();

  it("each route, opened directly and reloaded, is the UI with the route's title (never an API answer)", { timeout: 180_000 }, async () => {
    const routes = uiRoutes();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((r) => r.path)).toContain("/health-checks");
    const channel = await api.post("/api/v1/channels", { number: "7", name: "Seven" });
    expect(channel.status, channel.text).toBe(201);
    const id = String((channel.json as { id: number }).id);
    const { page } = tab;
    for (const route of routes) {
      const url = new URL(route.path.replace(":id", id).replace(":number", "7"), server.url).href;
      for (const how of ["open", "reload"] as const) {
        const response = how === "open" ? await page.goto(url) : await page.reload();
        expect(response?.headers()["content-type"], `${how} ${route.path}`).toMatch(/^text\/html/);
        // The home page sends a fresh install to the welcome page: the title is the one of where it lands.
        const expected = route.path === "/" ? [titleOf("Airwave"), titleOf("Welcome")] : [titleOf(route.title)];
        await expect.poll(() => page.title(), { message: `${how} ${route.path}` }).toSatisfy((t: string) => expected.includes(t));
        if (route.path !== "/") expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
      }
    }
    expect(tab.pageErrors).toEqual([]);
  });

  it("GET /health stays the monitoring endpoint (JSON), whatever the Accept header", async () => {
    for (const accept of ["text/html", "application/json", "*/*"]) {
      const response = await api.get("/health", { accept });
      expect(response.json).toEqual({ status: "ready" });
    }
  });
});
