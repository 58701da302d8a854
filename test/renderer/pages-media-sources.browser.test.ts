import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePlex, type FakePlexServer } from "../support/media-servers/plex/fake-plex-server";
import { makePlexFixture } from "../support/media-servers/plex/plex-fixtures";
import { field, fieldError, screenshot, useBrowserPage } from "../support/browser";
import { makeTempDir, useTestServer } from "../support/test-server";

const TOKEN = "uiPlexT0ken_5c6d-Qw";

describe("the Media sources page in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage({ viewport: { width: 1280, height: 900 } });
  let plex: FakePlexServer;
  beforeAll(async () => {
    plex = await startFakePlex(makePlexFixture(makeTempDir("airwave-plex-ui-")).content, TOKEN);
  }, 60_000);
  afterAll(() => plex?.close());

  it("adds a Plex source (after the server's error under the URL field), picks a library, syncs it and shows the result and badges", { timeout: 90_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL("/", server.url).href);
    await page.getByRole("navigation").getByRole("link", { name: "Media sources" }).click();
    await page.getByRole("heading", { name: "Media sources", level: 1 }).waitFor();

    await page.getByRole("button", { name: "Add media source" }).click();
    const form = page.getByRole("form", { name: "Add a media source" });
    await field(page, "Name").fill("Den Plex");
    await field(page, "Server URL").fill("ftp://127.0.0.1/plex");
    await field(page, "Plex token").fill(TOKEN);
    await form.getByRole("button", { name: "Add media source" }).click();
    await expect.poll(() => fieldError(page, "Server URL")).toMatch(/http/);
    expect((await api.get("/api/v1/media-sources")).json).toEqual([]);

    await field(page, "Server URL").fill(plex.url);
    await form.getByRole("button", { name: "Add media source" }).click();
    const card = page.getByRole("region", { name: "Media source Den Plex" });
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain("Fake Plex");

    await card.getByRole("button", { name: "Test Den Plex" }).click();
    await expect.poll(() => card.getByRole("status").innerText()).toMatch(/Fake Plex answered: version 1\.41/);

    const libraries = card.getByRole("table", { name: "Libraries of Den Plex" });
    await libraries.getByRole("button", { name: "Use TV Shows" }).click();
    await libraries.getByRole("button", { name: "Sync TV Shows" }).click();
    await expect.poll(() => libraries.innerText(), { timeout: 30_000 }).toMatch(/scanned[\s\S]*4 added, 0 updated/i);
    await screenshot(page, "media-sources");

    await card.getByRole("button", { name: "Edit Den Plex" }).click();
    const edit = page.getByRole("form", { name: "Edit Den Plex" });
    await edit.getByRole("button", { name: "Add path replacement" }).click();
    await field(page, "Server path 1").fill("/data/tv");
    await field(page, "Local path 1").fill("relative/tv");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => edit.innerText()).toMatch(/absolute/);
    await field(page, "Local path 1").fill("/mnt/nas/tv");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => card.innerText()).toContain("/data/tv → /mnt/nas/tv");
    expect((await api.get("/api/v1/media-sources")).json[0].pathReplacements).toEqual([{ serverPath: "/data/tv", localPath: "/mnt/nas/tv" }]);

    await page.getByRole("navigation").getByRole("link", { name: "Libraries" }).click();
    const library = page.getByRole("region", { name: "Library TV Shows (Den Plex)" });
    await expect.poll(() => library.getByLabel("From Plex: Den Plex").count()).toBe(1);
    expect(await page.content()).not.toContain(TOKEN);
  });
});
