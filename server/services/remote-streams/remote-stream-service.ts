/**
 * Remote stream items made through the API (`POST /api/v1/libraries/{id}/remote-streams`, GraphQL
 * `createRemoteStream`) for users without folders: checked like an item file, written as a YAML file into the
 * library's folder in the data folder (backups and exports carry it), then read by a scan like any item file.
 * Also records how each source fared when played (the health page lists the failures of the last 24 h).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/database";
import { displayStreamUrl } from "../../domain/remote-stream";
import { LibraryKind, MediaItemKind, MediaItemState } from "../../domain/enums";
import { checkStreamDefinition, streamFileText, type RemoteStreamDefinition } from "../../media/remote-streams/stream-file";
import { sortTitle } from "../../scanner/naming/sort-title";
import { DomainError } from "../domain-error";
import type { ScanLauncher, ScanStatus } from "../library-scanning";
import { recordRemoteOutcome } from "./remote-source";
import { isRemoteStreamFolder } from "./remote-stream-folder";
import { readItemFields, setItemFileAside, stageItemFile, whyNotEditable } from "./stream-item-file";

export interface RemoteStreamInput {
  url: string;
  title?: string;
  plot?: string;
  genres?: string[];
  /** A fixed length ("30 minutes", "01:00:00"); required unless `live`. */
  duration?: string;
  live?: boolean;
  headers?: Record<string, string>;
}

/**
 * An edit replaces every field; `url` and `headers` left out keep the stored ones (answers never show a URL's
 * query or a header's value, so a form cannot send them back). `headers: {}` removes them.
 */
export type RemoteStreamUpdate = Omit<RemoteStreamInput, "url"> & { url?: string };

/** A remote stream item as an edit form shows it: never a header's value or the URL's query. */
export interface RemoteStreamView {
  itemId: number;
  libraryId: number;
  /** The item file's name. */
  file: string;
  /** Null when the API may edit and delete it; otherwise where to change it instead. */
  notEditable: string | null;
  /** The URL without its query. */
  url: string | null;
  /** The stored URL has a query (not shown; kept unless a new URL is given). */
  urlHasQuery: boolean;
  title: string;
  plot: string | null;
  genres: string[];
  /** 0 for a live item without a length. */
  durationMs: number;
  live: boolean;
  headerNames: string[];
}

export interface UpdatedRemoteStream {
  itemId: number;
  libraryId: number;
  file: string;
  /** The scan that probes a changed source again (absent when only the description changed). */
  scan: ScanStatus | null;
}

interface Target {
  itemId: number;
  libraryId: number;
  libraryKind: LibraryKind;
  paths: Array<{ id: number; path: string }>;
  file: string;
  notEditable: string | null;
}

export interface CreatedRemoteStream {
  /** The item file written into the data folder. */
  file: string;
  libraryId: number;
  /** The scan that reads it. */
  scanId: string;
  scan: ScanStatus;
}

export class RemoteStreamService {
  constructor(
    private readonly db: Database,
    private readonly scans: ScanLauncher,
    private readonly dataDir: string,
    private readonly clock: () => number,
  ) {}

  async create(libraryId: number, input: RemoteStreamInput): Promise<CreatedRemoteStream> {
    const library = await this.db.read((repos) => repos.libraries.findById(libraryId));
    if (!library) throw DomainError.notFound("Library", libraryId);
    if (library.kind !== LibraryKind.RemoteStreams) throw DomainError.invalid("libraryId", `library "${library.name}" is a ${library.kind} library; remote streams go into a RemoteStreams library`);
    const definition = checked(input as unknown as Record<string, unknown>);
    const folder = (library.paths ?? []).map((p) => p.path).find((p) => isRemoteStreamFolder(this.dataDir, p));
    if (!folder) throw DomainError.invalid("libraryId", "the library has no folder in the data folder for API-made streams");
    await fs.mkdir(folder, { recursive: true });
    const title = definition.title ?? new URL(definition.source.url).hostname;
    const file = await freeName(folder, slug(title));
    const text = streamFileText({ ...input, url: input.url.trim(), title });
    // The file may hold a provider's token (headers): only the server's account reads it, as after an edit.
    await fs.writeFile(file, text, { flag: "wx", mode: 0o600 });
    const { status } = this.scans.start({ libraryId, kind: library.kind, paths: (library.paths ?? []).map((p) => ({ id: p.id, path: p.path })), force: false });
    return { file, libraryId, scanId: status.scanId, scan: status };
  }

  /** The item as an edit form shows it. */
  async view(itemId: number): Promise<RemoteStreamView> {
    const target = await this.target(itemId);
    return this.db.read(async (repos) => {
      const item = await repos.mediaItems.findById(itemId);
      const [version] = await repos.mediaItems.versionsOf(itemId);
      if (!item || !version) throw DomainError.notFound("Remote stream", itemId);
      const genres = (await repos.mediaItems.tagsOf(itemId)).filter((t) => t.kind === "genre").map((t) => t.name);
      const url = version.streamUrl ? displayStreamUrl(version.streamUrl) : null;
      return {
        itemId,
        libraryId: target.libraryId,
        file: path.basename(target.file),
        notEditable: target.notEditable,
        url,
        urlHasQuery: version.streamUrl !== null && url !== version.streamUrl,
        title: item.title,
        plot: item.plot,
        genres,
        durationMs: version.durationMs,
        live: version.streamLive,
        headerNames: version.streamHeaders ? Object.keys(JSON.parse(version.streamHeaders) as object) : [],
      };
    });
  }

  /**
   * Replaces an API-made item's fields (checked like a new one; nothing changes when one is wrong): the item
   * and its file change in one transaction. A changed source is probed again by a scan.
   */
  async update(itemId: number, input: RemoteStreamUpdate, libraryId?: number): Promise<UpdatedRemoteStream> {
    const target = await this.editable(itemId, libraryId);
    const stored = await readItemFields(target.file);
    const merged: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) if (value !== undefined) merged[key] = value;
    if (merged.url === undefined && stored.url !== undefined) merged.url = stored.url;
    if (merged.headers === undefined && stored.headers !== undefined) {
      // Stored headers (often a provider's token) never follow a URL to another origin: they were entered for theirs.
      if (input.url !== undefined && input.url !== null && hasHeaders(stored.headers) && originOf(input.url) !== originOf(stored.url)) {
        throw DomainError.invalid("headers", "the new URL has another origin than the stored one: give the headers for it again, or [] to send none");
      }
      merged.headers = stored.headers;
    }
    const definition = checked(merged);
    const title = definition.title ?? new URL(definition.source.url).hostname;
    const text = streamFileText({ ...(merged as unknown as RemoteStreamInput), url: String(merged.url).trim(), title, headers: definition.headers });
    const staged = await stageItemFile(target.file, text);
    let sourceChanged = false;
    try {
      await this.db.write(async (repos) => {
        const [version] = await repos.mediaItems.versionsOf(itemId);
        if (!version || version.path !== target.file) throw DomainError.notFound("Remote stream", itemId);
        const headers = Object.keys(definition.headers).length ? JSON.stringify(definition.headers) : null;
        sourceChanged = version.streamUrl !== definition.source.url || version.streamHeaders !== headers;
        await repos.mediaItems.updateRemoteStream(itemId, {
          title, sortTitle: sortTitle(title), plot: definition.plot ?? null, genres: definition.genres,
          url: definition.source.url, headers: definition.headers, live: definition.live, durationMs: definition.durationMs ?? 0,
          size: staged.size, mtime: sourceChanged ? -1 : staged.mtime, sourceChanged,
        }, this.clock());
        await staged.commit();
      });
    } finally {
      await staged.discard();
    }
    const scan = sourceChanged ? this.scans.start({ libraryId: target.libraryId, kind: target.libraryKind, paths: target.paths, force: false }).status : null;
    return { itemId, libraryId: target.libraryId, file: target.file, scan };
  }

  /** Deletes an API-made item and its file, together: when the database refuses, the file stays. */
  async delete(itemId: number, libraryId?: number): Promise<void> {
    const target = await this.editable(itemId, libraryId);
    const aside = await setItemFileAside(target.file);
    try {
      await this.db.write(async (repos) => {
        if (!(await repos.mediaItems.findById(itemId))) throw DomainError.notFound("Remote stream", itemId);
        await repos.mediaItems.deleteItem(itemId);
      });
    } catch (error) {
      await aside.restore();
      throw error;
    }
    await aside.drop();
  }

  private async editable(itemId: number, libraryId?: number): Promise<Target> {
    const target = await this.target(itemId, libraryId);
    if (target.notEditable) throw DomainError.invalid("itemId", target.notEditable);
    return target;
  }

  /** The remote stream item (in `libraryId` when given), its library and file; not found otherwise. */
  private target(itemId: number, libraryId?: number): Promise<Target> {
    return this.db.read(async (repos) => {
      const item = await repos.mediaItems.findById(itemId);
      if (!item || item.kind !== MediaItemKind.RemoteStream || item.state === MediaItemState.Trashed) throw DomainError.notFound("Remote stream", itemId);
      const libraryPath = await repos.libraries.pathById(item.libraryPathId);
      const [version] = await repos.mediaItems.versionsOf(itemId);
      if (!libraryPath || !version || (libraryId !== undefined && libraryPath.libraryId !== libraryId)) throw DomainError.notFound("Remote stream", itemId);
      const library = await repos.libraries.findById(libraryPath.libraryId);
      return {
        itemId,
        libraryId: libraryPath.libraryId,
        libraryKind: libraryPath.library.kind,
        paths: (library?.paths ?? []).map((p) => ({ id: p.id, path: p.path })),
        file: version.path,
        notEditable: whyNotEditable(this.dataDir, libraryPath.path, version.path),
      };
    });
  }

  /** A remote item's source failed (reason) or played again (null). Never throws: a stream must not stop over it. */
  async recordOutcome(mediaItemId: number, error: string | null): Promise<void> {
    await this.db.write((repos) => recordRemoteOutcome(repos, mediaItemId, error, this.clock())).catch(() => undefined);
  }
}

/**
 * Headers given as a list of name and value (GraphQL has no maps) as the object the rules check; a name given
 * twice (in any case) is refused, naming it.
 */
export function headersFromList(list: ReadonlyArray<{ name: string; value: string }> | null | undefined): Record<string, string> | undefined {
  if (!list) return undefined;
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const { name, value } of list) {
    if (seen.has(name.toLowerCase())) throw DomainError.invalid(`headers.${name.slice(0, 100)}`, "is given twice");
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  return headers;
}

/** The rules of an item file, for a request: every problem named by its field. */
function checked(raw: Record<string, unknown>): RemoteStreamDefinition {
  const result = checkStreamDefinition(raw);
  if (!result.ok) throw DomainError.validation(result.errors.map((e) => ({ field: e.field === "file" ? "body" : e.field, message: e.message })));
  return result.value;
}

function slug(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "stream";
}

async function freeName(folder: string, stem: string): Promise<string> {
  for (let n = 1; ; n++) {
    const file = path.join(folder, n === 1 ? `${stem}.yml` : `${stem}-${n}.yml`);
    try {
      await fs.access(file);
    } catch {
      return file;
    }
  }
}

function hasHeaders(headers: unknown): boolean {
  return Array.isArray(headers) ? headers.length > 0 : typeof headers === "object" && headers !== null && Object.keys(headers).length > 0;
}

/** The origin of a URL as typed (scheme, host, port); the text itself when it is no URL (the checks then refuse it). */
function originOf(url: unknown): string {
  try {
    const parsed = new URL(String(url).trim());
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return String(url);
  }
}
