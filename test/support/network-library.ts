import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { ApiClient } from "./http";
import { scanAndWait } from "./library-scan";
import { makeVideo } from "./media-fixtures";
import { databaseFile, sqlAll } from "./sqlite";
import { makeTempDir } from "./temp-dir";

/** Six shows on three networks in four genres (two episodes each), and one single-episode show on a fourth network. */
export const NETWORK_SHOWS = [
  { title: "Laugh Lines", studio: "Alpha Net", genre: "Comedy", episodes: 2 },
  { title: "Hard Cases", studio: "Alpha Net", genre: "Drama", episodes: 2 },
  { title: "Sitcom Street", studio: "Beta Net", genre: "Comedy", episodes: 2 },
  { title: "Who Did It", studio: "Beta Net", genre: "Mystery", episodes: 2 },
  { title: "Dust Trail", studio: "Gamma Net", genre: "Western", episodes: 2 },
  { title: "Court Room", studio: "Gamma Net", genre: "Drama", episodes: 2 },
  { title: "Odd One", studio: "Tiny Net", genre: "Oddity", episodes: 1 },
] as const;

/** What the library says each episode lasts (the files are 2 s long: a real length keeps playout builds small). */
export const NETWORK_EPISODE_MS = 22 * 60_000;

/** Writes the shows (real videos, a tvshow.nfo each) into a temp folder, adds it as a Shows library and scans it. */
export async function addNetworkLibrary(api: ApiClient, dataDir: string): Promise<number> {
  const root = makeTempDir();
  const master = path.join(root, "master.mkv");
  makeVideo(master, { seconds: 2 });
  for (const show of NETWORK_SHOWS) {
    const folder = path.join(root, "Shows", `${show.title} (2001)`);
    for (let e = 1; e <= show.episodes; e++) {
      const file = path.join(folder, "Season 01", `${show.title} - S01E0${e}.mkv`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.copyFileSync(master, file);
    }
    fs.writeFileSync(path.join(folder, "tvshow.nfo"), `<tvshow><title>${show.title}</title><year>2001</year><studio>${show.studio}</studio><genre>${show.genre}</genre></tvshow>`);
  }
  const library = await api.post("/api/v1/libraries", { name: "TV", kind: "Shows", paths: [path.join(root, "Shows")] });
  expect(library.status, library.text).toBe(201);
  const scanned = await scanAndWait(api, library.json.id);
  expect(scanned.lastScanSuccess, scanned.lastScanMessage).toBe(true);
  await sqlAll(databaseFile(dataDir), `UPDATE "media_version" SET "durationMs" = ?`, [NETWORK_EPISODE_MS]);
  return library.json.id;
}
