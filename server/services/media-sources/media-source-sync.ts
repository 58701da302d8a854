import type { Database } from "../../db/database";
import { MediaItemKind } from "../../domain/enums";
import type { ScannedArtwork } from "../../domain/scan-protocol";
import type { MediaServerClient, RemoteCollection, RemoteItem } from "../../media-servers/types";
import { DomainError } from "../domain-error";
import type { ScanJobResult, ScanLauncher, ScanStatus } from "../library-scanning";
import type { MediaServerClientFor } from "./media-source-service";
import { remoteFiles, remoteMetadata } from "./remote-to-scanned";
import { failureText } from "./source-errors";
import { itemLocator } from "./source-locators";

/** Puts image bytes into the artwork cache (the scanner's `ArtworkCache.storeBytes`). */
export type ArtworkStore = (bytes: Uint8Array) => Promise<{ cacheKey: string; listKey: string }>;

const BATCH = 200;
/**
 * An incremental sync asks for changes from a little before the server's own clock said the last listing began
 * (items saved while it ran). Airwave's clock is never used: a server whose clock runs behind ours would have its
 * changes skipped.
 */
const SERVER_CLOCK_MARGIN_MS = 60_000;

/**
 * Syncs a source-bound library like a scan (the scan coordinator's one-per-library rule, status,
 * progress and recorded outcome), in this process so the credential never reaches a child process.
 * Everything is read from the server before anything is written: a server that fails mid-sync leaves
 * the library as it was.
 */
export class MediaSourceSync {
  constructor(
    private readonly db: Database,
    private readonly clientFor: MediaServerClientFor,
    private readonly scans: ScanLauncher,
    private readonly clock: () => number,
    /** Stores fetched artwork in the content-addressed cache; without it, server artwork is not synced. */
    private readonly storeArtwork?: ArtworkStore,
  ) {}

  async isBound(libraryId: number): Promise<boolean> {
    return (await this.db.read((repos) => repos.mediaSources.boundLibrary(libraryId))) !== null;
  }

  /** Starts a sync of a source-bound library (or joins the running one); `force` re-reads every item. */
  start(libraryId: number, force: boolean): { status: ScanStatus; coalesced: boolean } {
    if (!this.scans.startJob) throw new Error("this server cannot run media-source syncs");
    return this.scans.startJob(libraryId, (progress) => this.run(libraryId, force, progress));
  }

  /** One sync, start to end (also what the benchmark times). */
  async run(libraryId: number, force: boolean, progress: (percent: number, folder: string | null) => void = () => undefined): Promise<ScanJobResult> {
    const bound = await this.db.read((repos) => repos.mediaSources.boundLibrary(libraryId));
    if (!bound) throw DomainError.notFound("Source-bound library", libraryId);
    const source = await this.db.read((repos) => repos.mediaSources.findById(bound.binding.mediaSourceId));
    if (!source) throw DomainError.notFound("Media source", bound.binding.mediaSourceId);
    const client = this.clientFor(source);
    const since = force ? null : bound.binding.syncedThrough;
    let artwork = new Map<string, ScannedArtwork[]>();
    let fetched: { ids: string[]; changed: RemoteItem[]; listedAt: number | null; collections: Array<RemoteCollection & { kind: string; collectionId: number }> };
    try {
      progress(0, "reading the server");
      const ids = await client.itemIds(bound.binding.remoteLibraryId);
      const changed: RemoteItem[] = [];
      let listedAt: number | null | undefined;
      for await (const page of client.items(bound.binding.remoteLibraryId, { since })) {
        listedAt ??= page.serverTime ?? null;
        changed.push(...page.items);
        progress(Math.min(50, (50 * changed.length) / Math.max(1, page.total)), "reading the server");
      }
      fetched = { ids, changed, listedAt: listedAt ?? null, collections: await this.mirroredCollections(client, source.id) };
      artwork = await this.fetchArtwork(client, source.id, changed, progress);
    } catch (error) {
      return { success: false, message: `sync failed, nothing changed: ${failureText(error)}` };
    }
    const counts = await this.store(bound.pathId, source.id, fetched.changed, artwork, progress);
    const now = this.clock();
    const seen = new Set(fetched.ids.map((id) => itemLocator(source.id, id)));
    const reconciled = await this.db.write(async (repos) => {
      const result = await repos.mediaItems.reconcile(libraryId, seen, [], now, false);
      await repos.mediaSources.setSyncedThrough(libraryId, nextSince(fetched.changed, fetched.listedAt, since));
      for (const c of fetched.collections) await repos.mediaSources.replaceCollectionItems(source.id, c.collectionId, c.itemIds);
      return result;
    });
    progress(100, null);
    return { success: true, message: `${counts.added} added, ${counts.updated} updated, ${fetched.ids.length - counts.added - counts.updated} unchanged, ${reconciled.trashed} trashed, ${reconciled.restored} restored` };
  }

  /**
   * Fetches the pictures of changed items (each distinct one once) into the artwork cache, so players
   * never need the server or its key; a picture that cannot be fetched is left out, not a failure.
   */
  private async fetchArtwork(client: MediaServerClient, sourceId: number, items: RemoteItem[], progress: (percent: number, folder: string | null) => void): Promise<Map<string, ScannedArtwork[]>> {
    const out = new Map<string, ScannedArtwork[]>();
    if (!this.storeArtwork) return out;
    const cached = new Map<string, Promise<{ cacheKey: string; listKey: string } | null>>();
    const store = this.storeArtwork;
    const cache = (ref: string) => {
      let entry = cached.get(ref);
      if (!entry) cached.set(ref, (entry = client.fetchArtwork(ref).then((image) => store(image.body)).catch(() => null)));
      return entry;
    };
    const withArtwork = items.filter((i) => i.artwork.length);
    for (const [n, item] of withArtwork.entries()) {
      const pictures: ScannedArtwork[] = [];
      for (const picture of item.artwork) {
        const image = await cache(picture.ref);
        if (image) pictures.push({ kind: picture.kind, cacheKey: image.cacheKey, listKey: image.listKey, sourcePath: `media-source://${sourceId}/${picture.ref}` });
      }
      out.set(item.remoteId, pictures);
      if (n % 20 === 0) progress(50, "fetching artwork");
    }
    return out;
  }

  /** The server's side of every collection mirrored from this source. */
  private async mirroredCollections(client: MediaServerClient, sourceId: number): Promise<Array<RemoteCollection & { kind: string; collectionId: number }>> {
    const bindings = await this.db.read((repos) => repos.mediaSources.collectionBindings(sourceId));
    if (!bindings.length) return [];
    const collections = bindings.some((b) => b.remoteKind === "Collection") ? await client.collections() : [];
    const playlists = bindings.some((b) => b.remoteKind === "Playlist") ? await client.playlists() : [];
    return bindings.flatMap((b) => {
      const remote = (b.remoteKind === "Playlist" ? playlists : collections).find((c) => c.id === b.remoteId);
      return remote ? [{ ...remote, kind: b.remoteKind, collectionId: b.collectionId }] : [];
    });
  }

  /** Writes changed items in batches, containers first; unchanged ones (same updated-at) are skipped. */
  private async store(libraryPathId: number, sourceId: number, items: RemoteItem[], artwork: ReadonlyMap<string, ScannedArtwork[]>, progress: (percent: number, folder: string | null) => void): Promise<{ added: number; updated: number }> {
    const order: Record<string, number> = { Show: 0, Artist: 0, Season: 1 };
    const sorted = [...items].sort((a, b) => (order[a.kind] ?? 2) - (order[b.kind] ?? 2));
    const known = await this.db.read((repos) => repos.mediaSources.knownItems(libraryPathId));
    let added = 0;
    let updated = 0;
    for (let i = 0; i < sorted.length; i += BATCH) {
      const batch = sorted.slice(i, i + BATCH);
      await this.db.write(async (repos) => {
        const now = this.clock();
        for (const item of batch) {
          const existing = known.get(item.remoteId);
          if (existing && item.updatedAt !== null && existing.remoteUpdatedAt === item.updatedAt) continue;
          const parentId = item.parentId ? (known.get(item.parentId)?.id ?? null) : null;
          let id: number;
          if (item.kind === "Show" || item.kind === "Season") {
            if (item.kind === "Season" && parentId === null) continue;
            const kind = item.kind === "Show" ? MediaItemKind.Show : MediaItemKind.Season;
            const metadata = remoteMetadata(item);
            if (item.kind === "Season") metadata.sortTitle ??= `season ${String(item.seasonNumber ?? 0).padStart(4, "0")}`;
            id = await repos.mediaItems.upsertRemoteContainer(libraryPathId, kind, itemLocator(sourceId, item.remoteId), parentId, item.seasonNumber ?? null, metadata, now);
            await repos.mediaSources.markRemote(id, item.remoteId, item.updatedAt);
            if (artwork.has(item.remoteId)) await repos.artwork.replace(id, artwork.get(item.remoteId)!);
          } else {
            const versions = remoteFiles(item, libraryPathId, sourceId);
            const [first, ...others] = versions;
            if (!first || (item.kind === "Episode" && parentId === null)) continue;
            const file = first.file;
            file.artwork = artwork.get(item.remoteId);
            if (file.kind === "Episode") file.season = { folderPath: itemLocator(sourceId, item.parentId ?? ""), seasonNumber: item.seasonNumber ?? 0 };
            id = item.kind === "Episode" ? await repos.mediaItems.upsertFileUnder(file, parentId, now) : await repos.mediaItems.upsertFile(file, now);
            for (const other of others) await repos.mediaItems.upsertVersionOf(id, other.file, now);
            await repos.mediaItems.keepOnlyVersions(id, versions.map((v) => v.file.path));
            await repos.mediaSources.markRemote(id, item.remoteId, item.updatedAt, versions.map((v) => ({ path: v.file.path, remotePath: v.remotePath, remoteKey: v.remoteKey })));
          }
          if (existing) updated += 1;
          else added += 1;
          known.set(item.remoteId, { id, kind: item.kind, remoteUpdatedAt: item.updatedAt });
        }
      });
      progress(50 + (50 * Math.min(sorted.length, i + BATCH)) / Math.max(1, sorted.length), "storing items");
    }
    return { added, updated };
  }
}

/**
 * Where the next incremental sync starts, in the server's time: the newest change time the items carry (Plex's
 * `updatedAt`), else the server's clock when the listing began less a margin (Jellyfin and Emby send no change
 * time), else where this sync started (null: the next sync reads everything).
 */
export function nextSince(changed: readonly RemoteItem[], listedAt: number | null, since: number | null): number | null {
  if (changed.length && changed.every((i) => i.updatedAt !== null)) return Math.max(...changed.map((i) => i.updatedAt!), since ?? 0);
  if (listedAt !== null) return Math.max(listedAt - SERVER_CLOCK_MARGIN_MS, 0);
  return since;
}
