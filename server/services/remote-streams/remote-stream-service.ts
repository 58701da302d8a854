/**
 * Remote stream items made through the API (`POST /api/v1/libraries/{id}/remote-streams`, GraphQL
 * `createRemoteStream`) for users without folders: checked like an item file, written as a YAML file into the
 * library's folder in the data folder (backups and exports carry it), then read by a scan like any item file.
 * Also records how each source fared when played (the health page lists the failures of the last 24 h).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/database";
import { LibraryKind } from "../../domain/enums";
import { checkStreamDefinition, streamFileText } from "../../media/remote-streams/stream-file";
import { DomainError } from "../domain-error";
import type { ScanLauncher, ScanStatus } from "../library-scanning";
import { recordRemoteOutcome } from "./remote-source";
import { isRemoteStreamFolder } from "./remote-stream-folder";

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
    const raw = input as unknown as Record<string, unknown>;
    const checked = checkStreamDefinition(raw);
    if (!checked.ok) throw DomainError.validation(checked.errors.map((e) => ({ field: e.field === "file" ? "body" : e.field, message: e.message })));
    const folder = (library.paths ?? []).map((p) => p.path).find((p) => isRemoteStreamFolder(this.dataDir, p));
    if (!folder) throw DomainError.invalid("libraryId", "the library has no folder in the data folder for API-made streams");
    await fs.mkdir(folder, { recursive: true });
    const title = checked.value.title ?? new URL(checked.value.source.url).hostname;
    const file = await freeName(folder, slug(title));
    const text = streamFileText({ ...input, url: input.url.trim(), title });
    await fs.writeFile(file, text, { flag: "wx" });
    const { status } = this.scans.start({ libraryId, kind: library.kind, paths: (library.paths ?? []).map((p) => ({ id: p.id, path: p.path })), force: false });
    return { file, libraryId, scanId: status.scanId, scan: status };
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
