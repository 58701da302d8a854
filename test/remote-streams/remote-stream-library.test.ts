import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../support/artwork-fixtures";
import { scanAndWait, waitForScanEnd } from "../support/library-scan";
import { makeTempDir, useTestServer } from "../support/test-server";
import { makeColourClip, serveFolder, startLoopbackServer, type LoopbackServer } from "./support";

const { api } = useTestServer();
let media: LoopbackServer;
let folder: string;
let libraryId: number;

async function remoteItems(id: number) {
  const page = (await api.get(`/api/v1/media/items?pageSize=100&libraryId=${id}&kind=RemoteStream`)).json;
  return Promise.all(page.items.map(async (i: { id: number }) => (await api.get(`/api/v1/media/items/${i.id}`)).json));
}

beforeAll(async () => {
  const served = makeTempDir("airwave-remote-served-");
  makeColourClip(path.join(served, "red.mp4"), "red", 3);
  makeImage(path.join(served, "logo.png"), "blue", "64x64");
  media = await serveFolder(served);
  folder = makeTempDir("airwave-remote-lib-");
  fs.writeFileSync(path.join(folder, "weather.yml"), `url: ${media.url}/red.mp4\ntitle: Weather loop\nplot: The local forecast\ngenres: [Weather]\nduration: 30 seconds\nheaders:\n  X-Station: home\n`);
  makeImage(path.join(folder, "weather-poster.jpg"), "green");
  fs.writeFileSync(path.join(folder, "passwd.json"), JSON.stringify({ url: "file:///etc/passwd", live: true }));
  fs.writeFileSync(
    path.join(folder, "family.m3u"),
    [
      "#EXTM3U",
      `#EXTINF:-1 tvg-id="one.tv" tvg-name="One TV" tvg-logo="${media.url}/logo.png" group-title="News",One`,
      `${media.url}/red.mp4`,
      `#EXTINF:-1 tvg-id="two.tv" tvg-name="Two TV" group-title="Sport",Two`,
      `${media.url}/red.mp4?two`,
      `#EXTINF:-1 tvg-id="gone.tv" group-title="News",Gone`,
      "http://127.0.0.1:1/gone.ts",
      "",
    ].join("\n"),
  );
  libraryId = (await api.post("/api/v1/libraries", { name: "Streams", kind: "RemoteStreams", paths: [folder] })).json.id;
});

afterAll(async () => {
  await media?.close();
});

describe("a RemoteStreams library folder", () => {
  it("scans item files and an M3U: metadata, artwork, headers kept to themselves, broken entries marked, bad files named", async () => {
    const library = await scanAndWait(api, libraryId);
    expect(library.kind).toBe("RemoteStreams");
    expect(library.paths).toHaveLength(2); // the folder and the library's own folder in the data folder
    expect(library.lastScanMessage).toMatch(/4 probed, 0 unchanged/);
    expect(library.lastScanMessage).toMatch(/1 failed \(passwd\.json: url: the scheme "file:" is not allowed/);
    const items = await remoteItems(libraryId);
    const byTitle = new Map(items.map((i: any) => [i.title, i]));
    expect([...byTitle.keys()].sort()).toEqual(["Gone", "One", "Two", "Weather loop"]);
    const weather: any = byTitle.get("Weather loop");
    expect(weather).toMatchObject({ kind: "RemoteStream", plot: "The local forecast", genres: ["Weather"] });
    expect(weather.versions[0]).toMatchObject({ durationMs: 30_000, stream: { url: `${media.url}/red.mp4`, live: false, headerNames: ["X-Station"] } });
    expect(weather.versions[0].stream.error).toBeUndefined();
    expect(JSON.stringify(weather)).not.toContain("home"); // header values are never shown
    expect(weather.versions[0].streams.map((s: any) => s.kind).sort()).toEqual(["Audio", "Video"]);
    expect(weather.artwork.map((a: any) => a.kind)).toContain("Poster");
    expect(media.requests.some((r) => r.headers["x-station"] === "home")).toBe(true);

    const one: any = byTitle.get("One");
    expect(one).toMatchObject({ genres: ["News"], originalTitle: "One TV", guids: [{ source: "tvg", value: "one.tv" }] });
    expect(one.versions[0]).toMatchObject({ durationMs: 0, stream: { live: true } });
    expect(one.artwork.map((a: any) => a.kind)).toEqual(["Logo"]);
    expect((byTitle.get("Two") as any).genres).toEqual(["Sport"]);
    const gone: any = byTitle.get("Gone");
    expect(gone.versions[0].stream.error).toMatch(/^url: (cannot connect|no answer)/);
    expect(gone.versions[0].stream.failedAt).toBeDefined();
  });

  it("follows changes on rescan: an edited file is read again, a removed entry goes to the trash, unchanged ones are not probed", async () => {
    fs.writeFileSync(path.join(folder, "weather.yml"), `url: ${media.url}/red.mp4\ntitle: Weather now\nlive: true\n`);
    const playlist = fs.readFileSync(path.join(folder, "family.m3u"), "utf8").split("\n");
    fs.writeFileSync(path.join(folder, "family.m3u"), [...playlist.slice(0, 3), ...playlist.slice(5)].join("\n"));
    const library = await scanAndWait(api, libraryId);
    expect(library.lastScanMessage).toMatch(/^1 probed, 2 unchanged, 1 trashed/);
    const titles = (await remoteItems(libraryId)).filter((i: any) => i.state === "Normal").map((i: any) => i.title).sort();
    expect(titles).toEqual(["Gone", "One", "Weather now"]);
  });
});

describe("an IPTV playlist URL", () => {
  it("creates one live item per entry at once, and a playlist over the limit is refused naming m3uUrl with nothing stored", async () => {
    const lists = await startLoopbackServer((req, res) => {
      if (req.url === "/big.m3u") {
        res.writeHead(200, { "content-type": "audio/x-mpegurl" });
        res.write("#EXTM3U\n");
        res.end(Buffer.alloc(10 * 1024 * 1024, 35));
        return;
      }
      res.writeHead(200, { "content-type": "audio/x-mpegurl" });
      res.end(`#EXTM3U\n#EXTINF:-1 tvg-id="a" group-title="Kids",A\n${media.url}/red.mp4\n#EXTINF:-1 tvg-id="b",B\nconcat:/etc/passwd|/etc/hosts\n`);
    });
    try {
      const before = (await api.get("/api/v1/libraries")).json.length;
      const big = await api.post("/api/v1/libraries", { name: "Big", kind: "RemoteStreams", paths: [], m3uUrl: `${lists.url}/big.m3u` });
      expect(big.status).toBe(422);
      expect(big.json.errors).toEqual([{ field: "m3uUrl", message: expect.stringMatching(/larger than 5 MB/) }]);
      const notM3u = await api.post("/api/v1/libraries", { name: "Movies list", kind: "Movies", paths: [], m3uUrl: `${lists.url}/x.m3u` });
      expect(notM3u.status).toBe(422);
      expect(notM3u.json.errors).toEqual([{ field: "m3uUrl", message: "only a RemoteStreams library reads an IPTV playlist" }]);
      expect((await api.get("/api/v1/libraries")).json.length).toBe(before);

      const created = await api.post("/api/v1/libraries", { name: "IPTV", kind: "RemoteStreams", paths: [], m3uUrl: `${lists.url}/list.m3u` });
      expect(created.status, created.text).toBe(201);
      expect(created.json.m3uUrl).toBe(`${lists.url}/list.m3u`);
      await waitForScanEnd(api, created.json.id);
      const items = await remoteItems(created.json.id);
      expect(items.map((i: any) => [i.title, i.genres])).toEqual(expect.arrayContaining([["A", ["Kids"]], ["B", []]]));
      const b = items.find((i: any) => i.title === "B");
      expect(b.versions[0].stream).toMatchObject({ live: true, error: expect.stringMatching(/scheme "concat:" is not allowed/) });
      expect(b.versions[0].stream.url).toBeUndefined();
    } finally {
      await lists.close();
    }
  });
});
