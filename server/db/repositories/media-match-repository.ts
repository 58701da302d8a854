import type { EntityManager } from "typeorm";
import { MediaItemState } from "../../domain/enums";
import { PLAYABLE_KINDS } from "./playout-content-repository";
import { rawQuery } from "../raw-query";

/** An item's id on a media server (Plex ratingKey, Jellyfin/Emby item id), and the server by name. */
export interface RemoteItemId {
  /** The media source's name in Airwave, or the server's own name. */
  server: string;
  id: string;
}

export interface MediaMatchQuery {
  /** Items of a media-server library, tried first. */
  remoteIds: readonly RemoteItemId[];
  /** `source://value` external ids (imdb, tmdb, tvdb, plex, …), tried first, in order. */
  guids: readonly string[];
  /** Absolute file paths, tried next, in order: a local file, or a media server's path of one (remotePath). */
  paths: readonly string[];
}

export interface MediaMatch {
  mediaItemId: number;
  /** The file of the item's first version. */
  path: string;
  by: "remote" | "guid" | "path";
}

const CHUNK = 400;
const kindList = PLAYABLE_KINDS.map((kind) => `'${kind}'`).join(",");

/** Finds playable library items (not trashed) for media another program knows by external id or file path. */
export class MediaMatchRepository {
  constructor(private readonly manager: EntityManager) {}

  async match(queries: readonly MediaMatchQuery[]): Promise<Array<MediaMatch | null>> {
    const byRemote = await this.idsByRemote([...new Set(queries.flatMap((q) => q.remoteIds.map((r) => r.id)))]);
    const byGuid = await this.idsByGuid([...new Set(queries.flatMap((q) => q.guids))]);
    const byPath = await this.idsByPath([...new Set(queries.flatMap((q) => q.paths))]);
    const found = queries.map((q) => {
      const remote = q.remoteIds.map((r) => byRemote.get(remoteKey(r.server, r.id))).find((id) => id !== undefined);
      if (remote !== undefined) return { id: remote, by: "remote" as const };
      const guid = q.guids.find((g) => byGuid.has(g));
      if (guid !== undefined) return { id: byGuid.get(guid)!, by: "guid" as const };
      const file = q.paths.find((p) => byPath.has(p));
      return file === undefined ? null : { id: byPath.get(file)!, by: "path" as const };
    });
    const files = await this.firstFiles([...new Set(found.flatMap((f) => (f ? [f.id] : [])))]);
    return found.map((f) => (f && files.has(f.id) ? { mediaItemId: f.id, path: files.get(f.id)!, by: f.by } : null));
  }

  /** Items of media-server libraries with these remote ids, keyed by server name (the source's and the server's own) and id. */
  private async idsByRemote(ids: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = await rawQuery<{ name: string; serverName: string | null; remoteId: string; id: number }>(
        this.manager,
        `SELECT ms."name" AS "name", ms."serverName" AS "serverName", mi."remoteId" AS "remoteId", mi."id" AS "id"
           FROM "media_item" mi JOIN "library_path" lp ON lp."id" = mi."libraryPathId"
           JOIN "media_source_library" msl ON msl."libraryId" = lp."libraryId" JOIN "media_source" ms ON ms."id" = msl."mediaSourceId"
          WHERE mi."state" = ? AND mi."kind" IN (${kindList}) AND mi."remoteId" IN (${chunk.map(() => "?").join(",")}) ORDER BY mi."id"`,
        [MediaItemState.Normal, ...chunk],
      );
      for (const row of rows) {
        for (const server of [row.name, row.serverName]) {
          const key = server === null ? undefined : remoteKey(server, row.remoteId);
          if (key !== undefined && !found.has(key)) found.set(key, row.id);
        }
      }
    }
    return found;
  }

  private idsByGuid(guids: string[]): Promise<Map<string, number>> {
    return this.firstIdsBy(`x."source" || '://' || x."value"`, "media_guid", guids);
  }

  /** Local files first; then items of a media-server library by the path the server knows the file at. */
  private async idsByPath(paths: string[]): Promise<Map<string, number>> {
    const local = await this.firstIdsBy(`x."path"`, "media_version", paths);
    const remote = await this.firstIdsBy(`x."remotePath"`, "media_version", paths.filter((p) => !local.has(p)));
    return new Map([...remote, ...local]);
  }

  /** The lowest playable item id for each value of `key` in `table` (a table with a mediaItemId column). */
  private async firstIdsBy(key: string, table: string, values: string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (let i = 0; i < values.length; i += CHUNK) {
      const chunk = values.slice(i, i + CHUNK);
      const rows = await rawQuery<{ value: string; id: number }>(
        this.manager,
        `SELECT ${key} AS "value", x."mediaItemId" AS "id" FROM "${table}" x JOIN "media_item" mi ON mi."id" = x."mediaItemId"
          WHERE mi."state" = ? AND mi."kind" IN (${kindList}) AND ${key} IN (${chunk.map(() => "?").join(",")}) ORDER BY x."mediaItemId"`,
        [MediaItemState.Normal, ...chunk],
      );
      for (const row of rows) if (!found.has(row.value)) found.set(row.value, row.id);
    }
    return found;
  }

  private async firstFiles(ids: number[]): Promise<Map<number, string>> {
    const files = new Map<number, string>();
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = await rawQuery<{ id: number; path: string }>(
        this.manager,
        `SELECT "mediaItemId" AS "id", "path" FROM "media_version" WHERE "mediaItemId" IN (${chunk.map(() => "?").join(",")}) ORDER BY "id"`,
        chunk,
      );
      for (const row of rows) if (!files.has(row.id)) files.set(row.id, row.path);
    }
    return files;
  }
}

/** Server names compare without regard to letter case. */
const remoteKey = (server: string, id: string) => `${server.toLowerCase()}\u0000${id}`;
