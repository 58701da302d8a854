import type { Database } from "../../db/database";
import { Library } from "../../db/entities/library";
import { MediaSource } from "../../db/entities/media-source";
import type { Repositories } from "../../db/repositories";
import type { LibraryKind } from "../../domain/enums";
import type { SecretSink } from "../../logging/secrets";
import { MediaServerError, type MediaServerClient, type MediaServerConnection, type RemoteLibrary, type ServerIdentity } from "../../media-servers/types";
import { DomainError } from "../domain-error";
import { Violations } from "../validation/violations";
import { checkCredential, checkKind, checkReplacements, checkUrl, sameOrigin, type MediaSourceInput } from "./media-source-input";
import { asDomainError } from "./source-errors";
import { libraryLocator } from "./source-locators";

export type MediaServerClientFor = (connection: MediaServerConnection) => MediaServerClient;

export interface RemoteLibraryView extends RemoteLibrary {
  /** The Airwave library bound to it, when enabled. */
  libraryId: number | null;
}

export interface RemoteCollectionView {
  remoteId: string;
  /** `Collection` (Plex collection, Jellyfin/Emby box set) or `Playlist`. */
  remoteKind: "Collection" | "Playlist";
  name: string;
  itemCount: number;
  /** The Airwave collection mirroring it, when imported. */
  collectionId: number | null;
}

/**
 * Media sources: Plex, Jellyfin and Emby servers whose libraries Airwave syncs. Every change that names
 * a server tests it first; the credential is stored and used here, and never leaves in a view. A stored
 * credential stays with the server it was entered for: a new origin or kind needs the credential again.
 */
export class MediaSourceService {
  private credentialList: string[] = [];

  constructor(
    private readonly db: Database,
    private readonly clientFor: MediaServerClientFor,
    private readonly secrets?: SecretSink,
  ) {}

  /** Every stored credential, for the log's redaction (kept current by every change). */
  credentials(): readonly string[] {
    return this.credentialList;
  }

  async loadCredentials(): Promise<void> {
    this.credentialList = await this.db.read((repos) => repos.mediaSources.credentials());
  }

  list(): Promise<MediaSource[]> {
    return this.db.read((repos) => repos.mediaSources.list());
  }

  async get(id: number): Promise<MediaSource> {
    return this.db.read((repos) => this.find(repos, id));
  }

  /** Checks the input, tests the server, then stores the source with the server's identity. */
  async create(input: MediaSourceInput): Promise<MediaSource> {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    const kind = checkKind(v, input.kind);
    const url = checkUrl(v, input.url);
    const credential = checkCredential(v, input.credential);
    const pathReplacements = checkReplacements(v, input.pathReplacements);
    this.secrets?.add(credential);
    v.throwIfAny();
    const identity = await this.identify({ kind, url, credential }, "new");
    const saved = await this.db.write(async (repos) => {
      await this.checkName(repos, name);
      return repos.mediaSources.save(Object.assign(new MediaSource(), { name, kind, url, credential, pathReplacements, ...identityColumns(identity) }));
    });
    await this.loadCredentials();
    return saved;
  }

  /** Changes what is given; a new kind, URL or credential is tested before it is stored. */
  async update(id: number, input: MediaSourceInput): Promise<MediaSource> {
    const current = await this.get(id);
    const v = new Violations();
    const name = input.name === undefined ? current.name : v.text("name", input.name, 1, 50);
    const kind = input.kind === undefined ? current.kind : checkKind(v, input.kind);
    const url = input.url === undefined ? current.url : checkUrl(v, input.url);
    const credential = input.credential === undefined ? current.credential : checkCredential(v, input.credential);
    const pathReplacements = input.pathReplacements === undefined ? current.pathReplacements : checkReplacements(v, input.pathReplacements);
    if (input.kind !== undefined && input.kind !== current.kind && (await this.db.read((repos) => repos.mediaSources.bindings(id))).length) {
      v.add("kind", "cannot change while libraries are synced from this source");
    }
    // The stored key never goes to a server it was not entered for (a LAN device could point the source at itself).
    const elsewhere = kind !== current.kind || (!v.has("url") && !sameOrigin(url, current.url));
    if (elsewhere && input.credential === undefined) {
      v.add("credential", "must be given again when the server's address (scheme, host or port) or kind changes: the stored one stays with the server it was entered for");
    }
    if (input.credential !== undefined) this.secrets?.add(credential);
    v.throwIfAny();
    const retest = kind !== current.kind || url !== current.url || credential !== current.credential;
    const identity = retest ? await this.identify({ kind, url, credential }, elsewhere ? "new" : "stored") : null;
    const saved = await this.db.write(async (repos) => {
      const source = await this.find(repos, id);
      if (name.toLowerCase() !== source.name.toLowerCase()) await this.checkName(repos, name);
      Object.assign(source, { name, kind, url, credential, pathReplacements }, identity ? identityColumns(identity) : {});
      return repos.mediaSources.save(source);
    });
    await this.loadCredentials();
    return saved;
  }

  /** Deletes the source and the libraries and collections synced from it. */
  async delete(id: number): Promise<void> {
    await this.db.write(async (repos) => {
      await this.find(repos, id);
      await repos.mediaSources.delete(id);
    });
    await this.loadCredentials();
  }

  /** Reachability, kind and credential: the server's identity, recorded on the source. */
  async test(id: number): Promise<ServerIdentity> {
    const source = await this.get(id);
    const identity = await this.identify(source, "stored");
    await this.db.write(async (repos) => {
      const current = await this.find(repos, id);
      await repos.mediaSources.save(Object.assign(current, identityColumns(identity)));
    });
    return identity;
  }

  /** The server's libraries Airwave can use, each with the Airwave library bound to it. */
  async libraries(id: number): Promise<RemoteLibraryView[]> {
    const source = await this.get(id);
    const remote = await this.clientFor(source).libraries().catch(asDomainError);
    const bindings = await this.db.read((repos) => repos.mediaSources.bindings(id));
    return remote.map((library) => ({ ...library, libraryId: bindings.find((b) => b.remoteLibraryId === library.id)?.libraryId ?? null }));
  }

  /** Creates the Airwave library bound to a server library (named like it unless `name` is given). */
  async enableLibrary(id: number, remoteLibraryId: string, name?: string): Promise<Library> {
    const remote = (await this.libraries(id)).find((l) => l.id === remoteLibraryId);
    if (!remote) throw DomainError.invalid("remoteLibraryId", `the server has no usable library ${remoteLibraryId}`);
    if (remote.libraryId !== null) throw DomainError.invalid("remoteLibraryId", `already enabled as library ${remote.libraryId}`);
    return this.db.write(async (repos) => {
      const source = await this.find(repos, id);
      const v = new Violations();
      const libraryName = v.text("name", name ?? `${remote.name} (${source.name})`.slice(0, 50), 1, 50);
      if (!v.has("name") && (await repos.libraries.isNameTaken(libraryName))) v.add("name", `a library named "${libraryName}" already exists`);
      v.throwIfAny();
      const library = Object.assign(new Library(), { name: libraryName, kind: remote.kind as LibraryKind, lastScan: null, lastScanSuccess: null, lastScanMessage: null });
      return repos.mediaSources.bindLibrary(id, remoteLibraryId, library, libraryLocator(id, remoteLibraryId));
    });
  }

  /** The server's collections (box sets) and playlists, each with the Airwave collection mirroring it. */
  async remoteCollections(id: number): Promise<RemoteCollectionView[]> {
    const source = await this.get(id);
    const client = this.clientFor(source);
    const [collections, playlists] = await Promise.all([client.collections(), client.playlists()]).catch(asDomainError);
    const bindings = await this.db.read((repos) => repos.mediaSources.collectionBindings(id));
    const bound = (kind: string, remoteId: string) => bindings.find((b) => b.remoteKind === kind && b.remoteId === remoteId)?.collectionId ?? null;
    return [
      ...collections.map((c) => ({ remoteId: c.id, remoteKind: "Collection" as const, name: c.name, itemCount: c.itemIds.length, collectionId: bound("Collection", c.id) })),
      ...playlists.map((c) => ({ remoteId: c.id, remoteKind: "Playlist" as const, name: c.name, itemCount: c.itemIds.length, collectionId: bound("Playlist", c.id) })),
    ];
  }

  /** Mirrors a server collection or playlist as an Airwave collection (its items: those synced so far; each sync refreshes it). */
  async importCollection(id: number, remoteKind: string, remoteId: string, name?: string): Promise<number> {
    if (remoteKind !== "Collection" && remoteKind !== "Playlist") throw DomainError.invalid("remoteKind", "must be Collection or Playlist");
    const source = await this.get(id);
    const client = this.clientFor(source);
    const remote = (await (remoteKind === "Playlist" ? client.playlists() : client.collections()).catch(asDomainError)).find((c) => c.id === remoteId);
    if (!remote) throw DomainError.invalid("remoteId", `the server has no ${remoteKind.toLowerCase()} ${remoteId}`);
    return this.db.write(async (repos) => {
      await this.find(repos, id);
      const existing = (await repos.mediaSources.collectionBindings(id)).find((b) => b.remoteKind === remoteKind && b.remoteId === remoteId);
      if (existing) throw DomainError.invalid("remoteId", `already imported as collection ${existing.collectionId}`);
      const v = new Violations();
      const collectionName = v.text("name", name ?? remote.name.slice(0, 50), 1, 50);
      if (!v.has("name") && (await repos.collections.isNameTaken(collectionName))) v.add("name", `a collection named "${collectionName}" already exists`);
      v.throwIfAny();
      const collection = await repos.mediaSources.bindCollection(id, remoteKind, remoteId, collectionName);
      await repos.mediaSources.replaceCollectionItems(id, collection.id, remote.itemIds);
      return collection.id;
    });
  }

  /**
   * The server's identity. For a server not yet stored, a connection that fails gets one message whatever
   * the reason (refused, timed out, TLS): the answers would otherwise map which ports listen on the
   * owner's machine and LAN to anyone who may add a source.
   */
  private async identify(connection: MediaServerConnection, server: "new" | "stored"): Promise<ServerIdentity> {
    try {
      return await this.clientFor(connection).identify();
    } catch (error) {
      if (server === "new" && error instanceof MediaServerError && (error.reason === "unreachable" || error.reason === "tls")) {
        throw DomainError.invalid("url", `cannot reach the server at ${new URL(connection.url).origin}`);
      }
      return asDomainError(error);
    }
  }

  private async find(repos: Repositories, id: number): Promise<MediaSource> {
    const source = await repos.mediaSources.findById(id);
    if (!source) throw DomainError.notFound("Media source", id);
    return source;
  }

  private async checkName(repos: Repositories, name: string): Promise<void> {
    if (await repos.mediaSources.findByName(name)) throw DomainError.invalid("name", `a media source named "${name}" already exists`);
  }
}

function identityColumns(identity: ServerIdentity): Pick<MediaSource, "serverId" | "serverName" | "serverVersion"> {
  return { serverId: identity.id.slice(0, 200), serverName: identity.name.slice(0, 200), serverVersion: identity.version.slice(0, 50) };
}
