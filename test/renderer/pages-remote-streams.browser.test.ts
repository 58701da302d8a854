import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeColourClip, serveFolder, type LoopbackServer } from "../remote-streams/support";
import { field, fieldError, screenshot, useBrowserPage } from "../support/browser";
import { makeTempDir, useTestServer } from "../support/test-server";

describe("remote streams in a real browser", () => {
  const { server, api } = useTestServer();
  const tab = useBrowserPage();
  let media: LoopbackServer;
  let libraryId: number;

  beforeAll(async () => {
    const served = makeTempDir("rs-ui-served-");
    makeColourClip(path.join(served, "blue.mp4"), "blue", 1);
    media = await serveFolder(served);
    libraryId = (await api.post("/api/v1/libraries", { name: "Webcams", kind: "RemoteStreams", paths: [] })).json.id;
  }, 30_000);
  afterAll(async () => media?.close());

  const ownFolder = () => path.join(server.dataDir, "remote-streams", String(libraryId));
  const stored = async () => (await api.get(`/api/v1/media/items?pageSize=10&libraryId=${libraryId}&kind=RemoteStream`)).json.items as Array<{ id: number; title: string }>;

  it("adds a stream (the server's refusal under its field first), edits it and deletes it", { timeout: 30_000 }, async () => {
    const { page } = tab;
    await page.goto(new URL(`/libraries/${libraryId}`, server.url).href);
    await page.getByRole("link", { name: "Add a remote stream" }).click();
    await expect.poll(() => page.title()).toBe("Add a remote stream · Airwave");
    await page.reload();
    const form = page.getByRole("form", { name: "Add a remote stream" });
    await field(page, "URL").fill("file:///etc/passwd");
    await field(page, "Title").fill("Blue cam");
    await field(page, "Duration").fill("00:00:10");
    await form.getByRole("button", { name: "Add stream" }).click();
    await expect.poll(() => fieldError(page, "URL")).toMatch(/"file:" is not allowed/);
    expect(await fieldError(page, "Duration")).toBeNull();
    await screenshot(page, "page-remote-stream-validation");
    expect(fs.readdirSync(ownFolder())).toEqual([]);

    await field(page, "URL").fill(`${media.url}/blue.mp4`);
    await form.getByRole("button", { name: "Add stream" }).click();
    const table = page.getByRole("table", { name: "Remote streams" });
    await expect.poll(() => table.innerText().catch(() => ""), { timeout: 15_000 }).toMatch(/Blue cam\s+00:00:10/);
    const [added] = await stored();
    expect(added).toMatchObject({ title: "Blue cam" });

    await page.getByRole("link", { name: "Edit Blue cam" }).click();
    await expect.poll(() => page.title()).toBe("Edit remote stream · Airwave");
    await page.reload();
    await expect.poll(() => field(page, "Title").inputValue()).toBe("Blue cam");
    expect(await field(page, "URL").inputValue()).toBe(`${media.url}/blue.mp4`);
    await field(page, "Title").fill("Blue weather");
    await field(page, "Genres").fill("Weather, Local");
    await page.getByRole("form", { name: "Edit remote stream" }).getByRole("button", { name: "Save" }).click();
    await expect.poll(() => table.innerText().catch(() => "")).toMatch(/Blue weather\s+00:00:10/);
    expect((await api.get(`/api/v1/media/items/${added.id}`)).json).toMatchObject({ title: "Blue weather", genres: ["Weather", "Local"] });
    expect(fs.readFileSync(path.join(ownFolder(), "blue-cam.yml"), "utf8")).toMatch(/"title": "Blue weather"/);
    await screenshot(page, "page-remote-streams");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete Blue weather" }).click();
    await expect.poll(() => page.getByText("No streams yet").count()).toBe(1);
    expect(await stored()).toEqual([]);
    expect(fs.readdirSync(ownFolder())).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
  });
});
