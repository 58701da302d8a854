// bench/source-sync: syncing a 5,000-episode Jellyfin library from the fake Jellyfin server of the tests
// (100 shows of 50 episodes), the first sync and a no-change re-sync, as items/s and as a ratio to reading
// the same pages with a bare fetch loop in the same run. Target: the no-change re-sync within 2 s.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { api, scan, startServer, stopServer } from "./support/airwave-server.mjs";
import { loadTestSupport } from "./support/load-test-support.mjs";

const SHOWS = Number(process.env.BENCH_SOURCE_SHOWS ?? 100);
const EPISODES_PER_SHOW = Number(process.env.BENCH_SOURCE_EPISODES ?? 50);
const KEY = "0123456789abcdef0123456789abcdef";
const PAGE = 250;
const ID_PAGE = 2000;
const FIELDS = ["Path", "Genres", "Tags", "Studios", "Overview", "ProviderIds", "MediaStreams", "Chapters", "SortName", "OriginalTitle", "MediaSources"];

const support = loadTestSupport([
  "test/support/media-servers/jellyfin/fake-jellyfin.ts",
  "test/support/media-servers/mediabrowser/fake-mediabrowser-server.ts",
  "test/support/media-servers/mediabrowser/fake-library.ts",
  "test/support/media-servers/mediabrowser/sample-library.ts",
  "test/support/media-fixtures.ts",
]);
const { fakeJellyfin } = support.module;
const { addBulkShows } = support.require("test/support/media-servers/mediabrowser/sample-library.ts");

/** Reads every page of a listing with plain fetch: what any client must at least spend. */
async function bareRead(url, query, pageSize) {
  let count = 0;
  for (let start = 0; ; ) {
    const params = new URLSearchParams({ ...query, StartIndex: String(start), Limit: String(pageSize), EnableTotalRecordCount: "true" });
    const page = await (await fetch(`${url}/Items?${params}`, { headers: { "X-Emby-Token": KEY } })).json();
    count += page.Items.length;
    start += page.Items.length;
    if (!page.Items.length || start >= page.TotalRecordCount) return count;
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "airwave-bench-source-"));
const fake = await fakeJellyfin(KEY).start();
const remoteLibraryId = addBulkShows(fake, SHOWS, EPISODES_PER_SHOW);
const episodes = SHOWS * EPISODES_PER_SHOW;
const { child, url } = await startServer(path.join(work, "data"));
try {
  const source = await api(url, "POST", "/api/v1/media-sources", { name: "Bench Jellyfin", kind: "Jellyfin", url: fake.url, credential: KEY });
  const library = await api(url, "POST", `/api/v1/media-sources/${source.id}/libraries`, { remoteLibraryId, name: "Bench TV" });
  const first = await scan(url, library.id);
  if (!first.library.lastScanSuccess) throw new Error(`first sync failed: ${first.library.lastScanMessage}`);
  const again = await scan(url, library.id);
  if (!/^0 added, 0 updated/.test(again.library.lastScanMessage)) throw new Error(`the re-sync changed items: ${again.library.lastScanMessage}`);

  const types = { ParentId: remoteLibraryId, Recursive: "true", IncludeItemTypes: "Series,Season,Episode" };
  let started = performance.now();
  const read = await bareRead(fake.url, { ...types, Fields: FIELDS.join(",") }, PAGE);
  await bareRead(fake.url, { ...types, EnableImages: "false" }, ID_PAGE);
  const bareFirst = performance.now() - started;
  started = performance.now();
  await bareRead(fake.url, { ...types, EnableImages: "false" }, ID_PAGE);
  await bareRead(fake.url, { ...types, Fields: FIELDS.join(","), MinDateLastSaved: new Date().toISOString() }, PAGE);
  const bareAgain = performance.now() - started;

  const rate = (ms) => ((read / ms) * 1000).toFixed(0);
  console.log(
    `source-sync: ${episodes} episodes (${read} items): first sync ${first.ms.toFixed(0)} ms (${rate(first.ms)} items/s), bare fetch of the same pages ${bareFirst.toFixed(0)} ms, ratio ${(first.ms / bareFirst).toFixed(1)}x; ` +
      `no-change re-sync ${again.ms.toFixed(0)} ms (${rate(again.ms)} items/s, target <= 2000 ms${again.ms <= 2000 ? ", met" : ", MISSED"}), bare fetch ${bareAgain.toFixed(0)} ms, ratio ${(again.ms / bareAgain).toFixed(1)}x`,
  );
} finally {
  await stopServer(child);
  await fake.close();
  support.remove();
  if (!process.env.BENCH_KEEP) fs.rmSync(work, { recursive: true, force: true });
  else console.log("kept", work);
}
