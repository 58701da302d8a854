import fs from "node:fs";
import path from "node:path";
import type { apiClient } from "../api-client";
import { failure } from "../api-client";
import type { components } from "../generated/api-types";
import { formatReport } from "../transfer-commands";
import { problemLines, serverSetup } from "./apply-migration";
import { readErsatzTvFolder, type ErsatzTvSetup, type EtvLibrary, type EtvMediaItem } from "./ersatztv-database";
import { ersatzTvDocument } from "./ersatztv-document";
import { freeName, identityOf, type ServerSetup } from "./migration-document";

type Client = ReturnType<typeof apiClient>;
type ImportReport = components["schemas"]["ImportReport"];

/** ErsatzTV's library kinds as Airwave's (music videos and images have no Airwave library kind). */
const LIBRARY_KINDS: Record<number, string> = { 1: "Movies", 2: "Shows", 4: "OtherVideos", 5: "Music", 7: "RemoteStreams" };
const SCAN_DEADLINE_MS = 30 * 60_000;
const MAX_FILES_SEARCHED = 20_000;

export interface EtvImportOptions {
  dir: string;
  apply: boolean;
  /** `<data>/playouts/ersatztv` and `<data>/watermarks`: where the copied channel files and images go. */
  filesDir: string;
  imagesDir: string;
  now: number;
  /** How long to wait between looks at a running scan (tests make it short). */
  pollMs?: number;
}

interface PlannedLibrary {
  etv: EtvLibrary;
  name: string;
  kind: string;
  paths: string[];
}

const inside = (root: string, file: string) => {
  const relative = path.relative(root, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
};

/**
 * `airwave import --from ersatztv DIR`: reads ErsatzTV's database (read-only) and brings its setup into the running
 * server through the setup import (one transaction, new rows only). Local libraries Airwave lacks are listed (dry
 * run) or made and scanned first (--apply: removed again when the import fails), so that collection and schedule
 * items find their files; media-server items come when the same server is an Airwave media source. A repeat is
 * refused: ErsatzTV's channels (by their unique id) are already there.
 */
export async function importErsatzTv(client: Client, options: EtvImportOptions): Promise<{ lines: string[]; failed: boolean }> {
  let etv: ErsatzTvSetup;
  try {
    etv = await readErsatzTvFolder(options.dir);
  } catch (error) {
    return { lines: [`Nothing was imported: ${(error as Error).message}`], failed: true };
  }
  let setup = await serverSetup(client);
  const repeated = etv.channels.filter((c) => (setup.tables.channel ?? []).some((row) => String(row.uniqueId).toLowerCase() === String(c.UniqueId).toLowerCase()));
  if (repeated.length) {
    return {
      lines: [`Nothing was imported: this ErsatzTV setup was imported before (channel ${repeated.map((c) => String(c.Number)).join(", ")} already in Airwave with the same id); delete those channels first to import it again.`],
      failed: true,
    };
  }
  const lines: string[] = [];
  const notMigrated: string[] = [];

  const { libraryNames, planned } = planLibraries(etv, setup, lines, notMigrated);
  await reportMediaSources(client, etv, lines, notMigrated);

  const created: number[] = [];
  const copied: string[] = [];
  let applied = false;
  try {
    if (options.apply && planned.length) {
      for (const library of planned) {
        const made = await client.POST("/api/v1/libraries", { body: { name: library.name, kind: library.kind as never, paths: library.paths } });
        if (!made.data) throw new Error(`making library "${library.name}" failed: ${failure(made.error, made.response)}`);
        created.push(made.data.id);
        await scanToEnd(client, made.data.id, library.name, options.pollMs ?? 500);
      }
      setup = await serverSetup(client);
    }
    const pendingLibraries = new Set(options.apply ? [] : planned.map((l) => l.name));
    const server: ServerSetup = { ...setup, libraries: [...setup.libraries, ...(options.apply ? [] : planned.map((l) => ({ name: l.name, paths: l.paths })))] };
    const remote = await remoteItems(client, etv, server);
    const built = ersatzTvDocument(etv, {
      server, libraryNames, pendingLibraries, remote: (item) => remote.get(item.id), filesDir: options.filesDir, imagesDir: options.imagesDir,
      readText: (file) => readText(file), findImage: (name) => findImage(options.dir, name), now: options.now,
    });
    lines.push(...built.lines);
    notMigrated.push(...built.notMigrated);

    if (options.apply) {
      for (const [to, from] of built.copies) {
        fs.mkdirSync(path.dirname(to), { recursive: true });
        fs.copyFileSync(from, to, fs.constants.COPYFILE_EXCL);
        copied.push(to);
      }
    }
    const { data, error, response } = await client.POST("/api/v1/import", { body: { document: JSON.stringify(built.document) }, params: { query: { apply: options.apply } } });
    const problems = (error as { errors?: { field: string; message: string }[] } | undefined)?.errors;
    const report: ImportReport | undefined = data ?? (response.status === 422 && problems ? { valid: false, applied: false, entries: [], unmatched: [], settings: {}, notices: [], errors: problems.map((p) => ({ path: p.field, message: p.message })) } : undefined);
    const out = [...lines, ...notMigrated.map((line) => `not migrated: ${line}`), ...built.waiting.map((line) => `after the scan: ${line}`)];
    if (!report) return { lines: [...out, `Nothing was imported: ${failure(error, response)}`], failed: true };
    if (!report.valid) return { lines: [...out, "Nothing was imported:", ...problemLines(report, built.labels)], failed: true };
    applied = report.applied;
    return { lines: [...out, ...formatReport(report).trimEnd().split("\n")], failed: false };
  } finally {
    // Nothing of an import that did not happen stays: copied files, and the libraries made for it.
    if (!applied) {
      for (const file of copied) fs.rmSync(file, { force: true });
      for (const id of created) await client.DELETE("/api/v1/libraries/{id}", { params: { path: { id } } });
    }
  }
}

/** Each ErsatzTV local library as the Airwave library holding its folders, or one to make (its folders must exist here). */
function planLibraries(etv: ErsatzTvSetup, setup: ServerSetup, lines: string[], notMigrated: string[]) {
  const libraryNames = new Map<number, string>();
  const planned: PlannedLibrary[] = [];
  const taken = new Set(setup.libraries.map((l) => l.name.toLowerCase()));
  for (const library of etv.libraries.filter((l) => l.mediaSourceId === undefined)) {
    const label = `library "${library.name}" (${library.paths.join(", ") || "no folders"})`;
    const existing = setup.libraries.find((l) => library.paths.some((p) => l.paths.some((root) => inside(root, p))));
    if (existing) {
      libraryNames.set(library.id, existing.name);
      lines.push(`${label}: already in Airwave as library "${existing.name}"`);
      continue;
    }
    const kind = LIBRARY_KINDS[library.mediaKind];
    const paths = library.paths.filter((p) => fs.existsSync(p));
    if (!kind) notMigrated.push(`${label}: Airwave has no library of its kind (${library.mediaKind === 3 ? "music videos" : library.mediaKind === 6 ? "images" : `kind ${library.mediaKind}`})`);
    else if (!paths.length) notMigrated.push(`${label}: none of its folders exists on this machine`);
    else {
      const name = freeName(library.name, taken);
      planned.push({ etv: library, name, kind, paths });
      libraryNames.set(library.id, name);
      const missing = library.paths.filter((p) => !paths.includes(p));
      lines.push(`${label}: new ${kind} library "${name}", scanned before the rest is imported${missing.length ? ` (without ${missing.join(", ")}, which this machine lacks)` : ""}`);
    }
  }
  return { libraryNames, planned };
}

/** ErsatzTV's media servers: the Airwave media source that is the same server, else why its items cannot come. */
async function reportMediaSources(client: Client, etv: ErsatzTvSetup, lines: string[], notMigrated: string[]): Promise<void> {
  if (!etv.mediaSources.length) return;
  const { data } = await client.GET("/api/v1/media-sources");
  for (const source of etv.mediaSources) {
    const label = `${source.kind} server "${source.name}" (${source.urls.join(", ") || "no address"})`;
    const same = (data ?? []).find((s) => s.kind === source.kind && ((source.serverId && s.serverId === source.serverId) || source.urls.some((u) => u.replace(/\/+$/, "") === s.url.replace(/\/+$/, "")) || s.serverName === source.name));
    const libraries = etv.libraries.filter((l) => l.mediaSourceId === source.id).map((l) => l.name);
    if (same) lines.push(`${label}: Airwave's media source "${same.name}"; items of its libraries (${libraries.join(", ") || "none"}) are matched by their id there`);
    else notMigrated.push(`${label}: ErsatzTV keeps its ${source.kind === "Plex" ? "token" : "API key"} outside its database, so Airwave cannot add it; add it under Media sources with its ${source.kind === "Plex" ? "token" : "API key"}, sync it, and import again for the items of its libraries (${libraries.join(", ") || "none"})`);
  }
}

/** Media-server items of ErsatzTV that Airwave has (by the server's name and the item's id), as the document names them. */
async function remoteItems(client: Client, etv: ErsatzTvSetup, server: ServerSetup) {
  const found = new Map<number, NonNullable<ReturnType<typeof identityOf>>>();
  const items: { item: EtvMediaItem; server: string }[] = [];
  for (const item of etv.mediaItems.values()) {
    const library = etv.libraries.find((l) => l.id === item.libraryId);
    const source = library?.mediaSourceId === undefined ? undefined : etv.mediaSources.find((s) => s.id === library.mediaSourceId);
    if (source && item.remoteKey) items.push({ item, server: source.name });
  }
  for (let i = 0; i < items.length; i += 2000) {
    const batch = items.slice(i, i + 2000);
    const { data } = await client.POST("/api/v1/media/match", { body: { items: batch.map(({ item, server: name }) => ({ remoteIds: [{ server: name.slice(0, 200), id: item.remoteKey!.slice(0, 200) }], guids: [], paths: [] })) } });
    for (const [n, match] of (data?.matches ?? []).entries()) {
      if (typeof match.mediaItemId !== "number") continue;
      let identity = identityOf({ mediaItemId: match.mediaItemId, path: match.path }, server.libraries);
      if (!identity) {
        const { data: item } = await client.GET("/api/v1/media/items/{id}", { params: { path: { id: match.mediaItemId } } });
        const guids = (item?.guids ?? []).map((g) => `${g.source}://${g.value}`);
        if (guids.length) identity = { guids, library: null, path: null };
      }
      if (identity) found.set(batch[n].item.id, identity);
    }
  }
  return found;
}

async function scanToEnd(client: Client, id: number, name: string, pollMs: number): Promise<void> {
  const queued = await client.POST("/api/v1/libraries/{id}/scan", { params: { path: { id }, query: {} } });
  if (!queued.data) throw new Error(`scanning library "${name}" failed: ${failure(queued.error, queued.response)}`);
  const deadline = Date.now() + SCAN_DEADLINE_MS;
  for (;;) {
    const { data } = await client.GET("/api/v1/libraries/{id}", { params: { path: { id } } });
    if (data && !data.scan) return;
    if (Date.now() > deadline) throw new Error(`the scan of library "${name}" did not end within ${SCAN_DEADLINE_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** A watermark image: the path ErsatzTV stored, else a file of that name under its artwork cache. */
function findImage(dir: string, name: string): string | undefined {
  if (path.isAbsolute(name) && fs.existsSync(name)) return name;
  const base = path.basename(name);
  const stack = [path.join(dir, "cache", "artwork")];
  let seen = 0;
  while (stack.length && seen < MAX_FILES_SEARCHED) {
    const folder = stack.pop()!;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen++;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.isFile() && (entry.name === base || path.parse(entry.name).name === base)) return full;
    }
  }
  return undefined;
}
