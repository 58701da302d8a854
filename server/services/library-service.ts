import { LibraryKind } from "../domain/enums";
import type { Database } from "../db/database";
import { Library } from "../db/entities/library";
import type { Repositories } from "../db/repositories";
import { DomainError } from "./domain-error";
import type { LibraryInput } from "./library-input";
import type { ScanLauncher, ScanOutcome, ScanStatus } from "./library-scanning";
import { checkLibraryFolder, foldersOverlap, isInsideFolder } from "./validation/library-folder";
import { Violations } from "./validation/violations";
import type { MediaSourceSync } from "./media-sources/media-source-sync";
import { checkM3uUrl } from "./remote-streams/m3u-check";
import { isRemoteStreamFolder, makeRemoteStreamFolder, removeRemoteStreamFolder } from "./remote-streams/remote-stream-folder";

export interface LibraryView {
  library: Library;
  scan: ScanStatus | null;
}

/** The media server a library's items come from. */
export interface LibrarySource {
  id: number;
  name: string;
  kind: string;
}

const MAX_PATHS = 50;

export class LibraryService {
  constructor(
    private readonly db: Database,
    private readonly scans: ScanLauncher,
    /** Airwave's data folder: a library may not point into it (database, settings, keys). */
    private readonly dataDir?: string,
    /** Syncs libraries bound to a media source (they are "scanned" from their server). */
    private readonly sourceSync?: MediaSourceSync,
  ) {}

  // Scan states are read BEFORE the library rows: a scan stops showing as running only after its result is
  // stored, so a view never shows neither a running scan nor its result.
  async list(): Promise<LibraryView[]> {
    const ids = (await this.db.read((repos) => repos.libraries.list())).map((library) => library.id);
    const scans = new Map(ids.map((id) => [id, this.scans.status(id) ?? null]));
    const libraries = await this.db.read((repos) => repos.libraries.list());
    return libraries.map((library) => ({ library, scan: scans.get(library.id) ?? null }));
  }

  /** Which media source each library path is synced from (for source badges); local paths are absent. */
  async sourcesOfPaths(pathIds: readonly number[]): Promise<Map<number, LibrarySource>> {
    const rows = await this.db.read((repos) => repos.libraries.sourcesOfPaths(pathIds));
    return new Map(rows.map((row) => [row.pathId, { id: row.sourceId, name: row.name, kind: row.kind }]));
  }

  async get(id: number): Promise<LibraryView> {
    const scan = this.scans.status(id) ?? null;
    const library = await this.db.read((repos) => repos.libraries.findById(id));
    if (!library) throw DomainError.notFound("Library", id);
    return { library, scan };
  }

  async create(input: LibraryInput): Promise<LibraryView> {
    const paths = await this.checkPaths(input.paths ?? [], "paths");
    const kind = input.kind ?? LibraryKind.Movies;
    const m3u = await this.checkM3u(kind, input.m3uUrl);
    const view = await this.db.write(async (repos) => {
      const v = new Violations();
      const name = await this.checkName(repos, v, input.name);
      v.oneOf("kind", kind, Object.values(LibraryKind));
      await this.checkOverlaps(repos, v, paths, undefined);
      for (const error of paths.errors) v.add(error.field, error.message);
      if (m3u && !m3u.ok) v.add("m3uUrl", m3u.message);
      if (kind === LibraryKind.RemoteStreams && !this.dataDir) v.add("kind", "remote stream libraries need Airwave's data folder");
      v.throwIfAny();
      const library = await repos.libraries.save(Object.assign(new Library(), { name, kind, lastScan: null, lastScanSuccess: null, lastScanMessage: null, m3uUrl: m3u?.ok ? m3u.url : null }));
      for (const p of paths.valid) await repos.libraries.addPath(library.id, p);
      // Remote stream libraries keep the API's item files (and hang playlist entries) in a folder of the data folder.
      if (kind === LibraryKind.RemoteStreams) await repos.libraries.addPath(library.id, await makeRemoteStreamFolder(this.dataDir!, library.id));
      return this.viewIn(repos, library.id);
    });
    // A playlist's entries are items as soon as it is read: the first scan starts at once.
    if (view.library.m3uUrl) await this.scan(view.library.id, false).catch(() => undefined);
    return this.get(view.library.id);
  }

  /** An IPTV playlist URL: only for RemoteStreams libraries, read once before anything is stored. */
  private async checkM3u(kind: LibraryKind, raw: string | null | undefined) {
    if (raw === undefined || raw === null || raw.trim() === "") return undefined;
    if (kind !== LibraryKind.RemoteStreams) return { ok: false as const, message: "only a RemoteStreams library reads an IPTV playlist" };
    return checkM3uUrl(String(raw));
  }

  /** Changes name and, when given, replaces the list of paths (items of removed paths go with them). */
  async update(id: number, input: LibraryInput): Promise<LibraryView> {
    const paths = input.paths === undefined ? undefined : await this.checkPaths(input.paths, "paths");
    const current = await this.db.read((repos) => repos.libraries.findById(id));
    const m3u = input.m3uUrl === undefined || !current ? undefined : await this.checkM3u(current.kind, input.m3uUrl);
    return this.db.write(async (repos) => {
      const library = await repos.libraries.findById(id);
      if (!library) throw DomainError.notFound("Library", id);
      const v = new Violations();
      if (m3u && !m3u.ok) v.add("m3uUrl", m3u.message);
      const name = input.name === undefined ? library.name : await this.checkName(repos, v, input.name, id);
      if (input.kind !== undefined && input.kind !== library.kind) v.add("kind", "cannot change once the library exists; create a new library instead");
      if (paths) {
        await this.checkOverlaps(repos, v, paths, id);
        for (const error of paths.errors) v.add(error.field, error.message);
      }
      if (this.scans.status(id) && paths) v.add("paths", "cannot change while the library is being scanned");
      v.throwIfAny();
      library.name = name;
      if (input.m3uUrl !== undefined) library.m3uUrl = m3u?.ok ? m3u.url : null;
      await repos.libraries.save(library);
      if (paths) {
        const keep = new Set(paths.valid);
        // The library's own folder in the data folder stays whatever paths the request lists.
        for (const existing of library.paths ?? []) if (isRemoteStreamFolder(this.dataDir, existing.path)) keep.add(existing.path);
        for (const existing of library.paths ?? []) if (!keep.has(existing.path)) await repos.libraries.deletePath(existing.id);
        const present = new Set((library.paths ?? []).map((p) => p.path));
        for (const p of paths.valid) if (!present.has(p)) await repos.libraries.addPath(id, p);
      }
      return this.viewIn(repos, id);
    });
  }

  async addPath(id: number, folder: string): Promise<LibraryView> {
    const paths = await this.checkPaths([folder], "path");
    return this.db.write(async (repos) => {
      const library = await repos.libraries.findById(id);
      if (!library) throw DomainError.notFound("Library", id);
      const v = new Violations();
      for (const error of paths.errors) v.add("path", error.message);
      await this.checkOverlaps(repos, v, paths, undefined);
      if ((library.paths?.length ?? 0) >= MAX_PATHS) v.add("path", `a library has at most ${MAX_PATHS} paths`);
      v.throwIfAny();
      await repos.libraries.addPath(id, paths.valid[0]);
      return this.viewIn(repos, id);
    });
  }

  removePath(id: number, pathId: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.libraries.findById(id))) throw DomainError.notFound("Library", id);
      if (!(await repos.libraries.findPath(id, pathId))) throw DomainError.notFound("Library path", pathId);
      if (this.scans.status(id)) throw DomainError.invalid("pathId", "cannot change while the library is being scanned");
      const found = await repos.libraries.findPath(id, pathId);
      if (found && isRemoteStreamFolder(this.dataDir, found.path)) throw DomainError.invalid("pathId", "is the library's own folder for the remote streams added through the API; it goes with the library");
      await repos.libraries.deletePath(pathId);
    });
  }

  async delete(id: number): Promise<void> {
    const kind = await this.db.write(async (repos) => {
      const library = await repos.libraries.findById(id);
      if (!library) throw DomainError.notFound("Library", id);
      if (this.scans.status(id)) throw DomainError.invalid("id", "cannot delete a library while it is being scanned");
      await repos.libraries.delete(id);
      return library.kind;
    });
    if (kind === LibraryKind.RemoteStreams && this.dataDir) await removeRemoteStreamFolder(this.dataDir, id);
  }

  /** Queues a scan (or joins the running one). */
  async scan(id: number, force: boolean): Promise<{ status: ScanStatus; coalesced: boolean }> {
    const library = await this.db.read((repos) => repos.libraries.findById(id));
    if (!library) throw DomainError.notFound("Library", id);
    if (this.sourceSync && (await this.sourceSync.isBound(id))) return this.sourceSync.start(id, force);
    if (!library.paths?.length) throw DomainError.invalid("paths", "the library has no paths to scan");
    return this.scans.start({ libraryId: id, kind: library.kind, paths: library.paths.map((p) => ({ id: p.id, path: p.path })), force });
  }

  recordScanOutcome(outcome: ScanOutcome): Promise<void> {
    return this.db.write((repos) => repos.libraries.recordScan(outcome.libraryId, outcome.finishedAt, outcome.success, outcome.message));
  }

  private async viewIn(repos: Repositories, id: number): Promise<LibraryView> {
    const scan = this.scans.status(id) ?? null;
    const library = await repos.libraries.findById(id);
    if (!library) throw DomainError.notFound("Library", id);
    return { library, scan };
  }

  private async checkName(repos: Repositories, v: Violations, raw: string | undefined, exceptId?: number): Promise<string> {
    const name = v.text("name", raw, 1, 50);
    if (!v.has("name") && (await repos.libraries.isNameTaken(name, exceptId))) v.add("name", `a library named "${name}" already exists`);
    return name;
  }

  /** File-system checks run before the transaction: they are slow and change nothing. */
  private async checkPaths(inputs: readonly string[], field: string) {
    const valid: string[] = [];
    const labels: string[] = [];
    const errors: Array<{ field: string; message: string }> = [];
    if (inputs.length > MAX_PATHS) errors.push({ field, message: `a library has at most ${MAX_PATHS} paths` });
    for (const [index, input] of inputs.slice(0, MAX_PATHS).entries()) {
      const label = field === "path" ? "path" : `${field}[${index}]`;
      const checked = await checkLibraryFolder(String(input));
      if (!checked.ok) errors.push({ field: label, message: `${JSON.stringify(String(input))} ${checked.message}` });
      else if (this.dataDir && (await isInsideFolder(this.dataDir, checked.path))) {
        errors.push({ field: label, message: `${JSON.stringify(String(input))} is inside Airwave's data folder; choose a media folder outside it` });
      } else if (valid.some((other) => foldersOverlap(other, checked.path))) errors.push({ field: label, message: `${JSON.stringify(input)} overlaps another path of this library` });
      else {
        valid.push(checked.path);
        labels.push(label);
      }
    }
    return { valid, labels, errors };
  }

  private async checkOverlaps(repos: Repositories, v: Violations, paths: { valid: string[]; labels: string[] }, libraryId: number | undefined): Promise<void> {
    const existing = await repos.libraries.allPaths();
    for (const [index, candidate] of paths.valid.entries()) {
      const field = paths.labels[index];
      for (const other of existing) {
        if (other.libraryId === libraryId) continue;
        if (foldersOverlap(candidate, other.path)) {
          v.add(field, `${JSON.stringify(candidate)} overlaps ${JSON.stringify(other.path)} of library "${other.library.name}"`);
        }
      }
    }
  }
}
