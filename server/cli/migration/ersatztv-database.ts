import fs from "node:fs";
import path from "node:path";
import { all, READ_ONLY, withDb, type Db } from "../../db/sqlite-file";

/**
 * What Airwave reads from an ErsatzTV data folder: its SQLite database `ersatztv.sqlite3` (opened read-only;
 * modelled on ErsatzTV's schema as of its migration 20260429142552_Add_ChannelNextEngineTextSubtitleMode).
 * ErsatzTV maps its class hierarchies table per type: a `LocalLibrary`, `PlexLibrary` … row shares its id
 * with its `Library` row, `ProgramScheduleFloodItem` … with its `ProgramScheduleItem` row, `PlexMovie` with
 * `Movie` with `MediaItem`. Enums are stored as their numbers, booleans as 0/1, TimeSpans as `[d.]hh:mm:ss`
 * text. Media-server tokens and API keys are kept outside the database (ErsatzTV's secrets files), so they are
 * never read here.
 */
export const ERSATZTV_DATABASE = "ersatztv.sqlite3";

export type EtvRow = Record<string, unknown>;

export interface EtvMediaSource {
  id: number;
  kind: "Plex" | "Jellyfin" | "Emby";
  name: string;
  /** Plex's ClientIdentifier (its machine id); Jellyfin and Emby keep none in the database. */
  serverId?: string;
  urls: string[];
}

export interface EtvLibrary {
  id: number;
  name: string;
  mediaKind: number;
  /** Local libraries only: their folders. */
  paths: string[];
  /** Media-server libraries: their source. */
  mediaSourceId?: number;
}

/** A media item as Airwave can find it again: its files or folder, its kind, its media-server id. */
export interface EtvMediaItem {
  id: number;
  kind: "Movie" | "Episode" | "OtherVideo" | "MusicVideo" | "Song" | "Show" | "Season" | "Other";
  libraryId?: number;
  /** The item's files (playable items), else the folder it stands for (a show, a season: the folder of its episodes). */
  paths: string[];
  /** The media server's key of the item (Plex key, Jellyfin/Emby item id). */
  remoteKey?: string;
  title?: string;
}

export interface ErsatzTvSetup {
  file: string;
  mediaSources: EtvMediaSource[];
  libraries: EtvLibrary[];
  mediaItems: Map<number, EtvMediaItem>;
  resolutions: EtvRow[];
  profiles: EtvRow[];
  watermarks: EtvRow[];
  collections: EtvRow[];
  collectionItems: EtvRow[];
  smartCollections: EtvRow[];
  multiCollections: EtvRow[];
  multiCollectionItems: EtvRow[];
  multiCollectionSmartItems: EtvRow[];
  fillerPresets: EtvRow[];
  channels: EtvRow[];
  /** Channel id → logo (Artwork of kind Logo): a URL or a file name in ErsatzTV's artwork cache. */
  logos: Map<number, string>;
  schedules: EtvRow[];
  /** ProgramScheduleItem rows joined with their kind's table (`Kind`: Flood, One, Multiple, Duration). */
  scheduleItems: EtvRow[];
  scheduleItemWatermarks: EtvRow[];
  scheduleAlternates: EtvRow[];
  blocks: EtvRow[];
  blockItems: EtvRow[];
  blockItemWatermarks: EtvRow[];
  templates: EtvRow[];
  templateItems: EtvRow[];
  playouts: EtvRow[];
  playoutTemplates: EtvRow[];
  playlists: EtvRow[];
  decos: EtvRow[];
}

/** Reads the ErsatzTV folder's database; throws with the reason when it is missing or not ErsatzTV's. */
export async function readErsatzTvFolder(dir: string): Promise<ErsatzTvSetup> {
  const file = path.join(dir, ERSATZTV_DATABASE);
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist: give ErsatzTV's data folder (the one holding ${ERSATZTV_DATABASE})`);
  try {
    return await withDb(file, READ_ONLY, (db) => readDatabase(db, file));
  } catch (error) {
    throw new Error(`${file}: cannot be read as an ErsatzTV database: ${(error as Error).message}`);
  }
}

async function tableNames(db: Db): Promise<Set<string>> {
  return new Set((await all<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'table'")).map((r) => r.name));
}

async function readDatabase(db: Db, file: string): Promise<ErsatzTvSetup> {
  const tables = await tableNames(db);
  for (const needed of ["Channel", "FFmpegProfile", "Playout", "Library", "LibraryPath"]) if (!tables.has(needed)) throw new Error(`it has no ${needed} table`);
  /** Rows of an optional table (older ErsatzTV versions lack some): none when it is missing. */
  const rows = (table: string, sql: string) => (tables.has(table) ? all<EtvRow>(db, sql) : Promise.resolve([] as EtvRow[]));

  const mediaSources: EtvMediaSource[] = [];
  for (const kind of ["Plex", "Jellyfin", "Emby"] as const) {
    const sources = await rows(`${kind}MediaSource`, `SELECT * FROM "${kind}MediaSource" ORDER BY Id`);
    const urlColumn = kind === "Plex" ? "Uri" : "Address";
    const connections = await rows(`${kind}Connection`, `SELECT * FROM "${kind}Connection"`);
    for (const source of sources) {
      const own = connections.filter((c) => c[`${kind}MediaSourceId`] === source.Id);
      // The active connection first (Plex marks one), then the others.
      own.sort((a, b) => Number(b.IsActive ?? 0) - Number(a.IsActive ?? 0));
      mediaSources.push({
        id: Number(source.Id), kind, name: String(source.ServerName ?? `${kind} ${source.Id}`),
        serverId: kind === "Plex" && source.ClientIdentifier ? String(source.ClientIdentifier) : undefined,
        urls: own.map((c) => String(c[urlColumn] ?? "")).filter(Boolean),
      });
    }
  }

  const libraryRows = await all<EtvRow>(db, "SELECT Id, Name, MediaKind, MediaSourceId FROM Library ORDER BY Id");
  const localIds = new Set((await rows("LocalLibrary", "SELECT Id FROM LocalLibrary")).map((r) => Number(r.Id)));
  const pathRows = await all<EtvRow>(db, "SELECT Id, LibraryId, Path FROM LibraryPath ORDER BY Id");
  const libraries: EtvLibrary[] = libraryRows.map((l) => ({
    id: Number(l.Id), name: String(l.Name), mediaKind: Number(l.MediaKind),
    paths: localIds.has(Number(l.Id)) ? pathRows.filter((p) => p.LibraryId === l.Id).map((p) => String(p.Path)) : [],
    mediaSourceId: localIds.has(Number(l.Id)) ? undefined : Number(l.MediaSourceId),
  }));
  const libraryOfPath = new Map(pathRows.map((p) => [Number(p.Id), Number(p.LibraryId)]));

  const channels = await all<EtvRow>(db, "SELECT * FROM Channel ORDER BY SortNumber, Number");
  const artwork = await rows("Artwork", "SELECT ChannelId, Path FROM Artwork WHERE ChannelId IS NOT NULL AND ArtworkKind = 2");
  const logos = new Map(artwork.map((a) => [Number(a.ChannelId), String(a.Path)]));

  return {
    file, mediaSources, libraries,
    mediaItems: await readMediaItems(db, tables, libraryOfPath),
    resolutions: await rows("Resolution", "SELECT * FROM Resolution"),
    profiles: await all<EtvRow>(db, "SELECT * FROM FFmpegProfile ORDER BY Id"),
    watermarks: await rows("ChannelWatermark", "SELECT * FROM ChannelWatermark ORDER BY Id"),
    collections: await rows("Collection", "SELECT * FROM Collection ORDER BY Id"),
    collectionItems: await rows("CollectionItem", "SELECT * FROM CollectionItem ORDER BY CollectionId, CustomIndex, MediaItemId"),
    smartCollections: await rows("SmartCollection", "SELECT * FROM SmartCollection ORDER BY Id"),
    multiCollections: await rows("MultiCollection", "SELECT * FROM MultiCollection ORDER BY Id"),
    multiCollectionItems: await rows("MultiCollectionItem", "SELECT * FROM MultiCollectionItem"),
    multiCollectionSmartItems: await rows("MultiCollectionSmartItem", "SELECT * FROM MultiCollectionSmartItem"),
    fillerPresets: await rows("FillerPreset", "SELECT * FROM FillerPreset ORDER BY Id"),
    channels, logos,
    schedules: await rows("ProgramSchedule", "SELECT * FROM ProgramSchedule ORDER BY Id"),
    scheduleItems: await readScheduleItems(db, tables),
    scheduleItemWatermarks: await rows("ProgramScheduleItemWatermark", "SELECT * FROM ProgramScheduleItemWatermark"),
    scheduleAlternates: await rows("ProgramScheduleAlternate", "SELECT * FROM ProgramScheduleAlternate ORDER BY PlayoutId, \"Index\""),
    blocks: await rows("Block", "SELECT * FROM Block ORDER BY Id"),
    blockItems: await rows("BlockItem", "SELECT * FROM BlockItem ORDER BY BlockId, \"Index\""),
    blockItemWatermarks: await rows("BlockItemWatermark", "SELECT * FROM BlockItemWatermark"),
    templates: await rows("Template", "SELECT * FROM Template ORDER BY Id"),
    templateItems: await rows("TemplateItem", "SELECT * FROM TemplateItem ORDER BY TemplateId, StartTime"),
    playouts: await all<EtvRow>(db, "SELECT * FROM Playout ORDER BY Id"),
    playoutTemplates: await rows("PlayoutTemplate", "SELECT * FROM PlayoutTemplate ORDER BY PlayoutId, \"Index\""),
    playlists: await rows("Playlist", "SELECT Id, Name FROM Playlist ORDER BY Id"),
    decos: await rows("Deco", "SELECT Id, Name FROM Deco ORDER BY Id"),
  };
}

/** The table of each kind of schedule item (each row shares its id with its ProgramScheduleItem row). */
const ITEM_KINDS = [["Flood", "ProgramScheduleFloodItem"], ["One", "ProgramScheduleOneItem"], ["Multiple", "ProgramScheduleMultipleItem"], ["Duration", "ProgramScheduleDurationItem"]] as const;

async function readScheduleItems(db: Db, tables: Set<string>): Promise<EtvRow[]> {
  if (!tables.has("ProgramScheduleItem")) return [];
  const items = await all<EtvRow>(db, 'SELECT * FROM ProgramScheduleItem ORDER BY ProgramScheduleId, "Index"');
  for (const [kind, table] of ITEM_KINDS) {
    if (!tables.has(table)) continue;
    for (const extra of await all<EtvRow>(db, `SELECT * FROM "${table}"`)) {
      const item = items.find((i) => i.Id === extra.Id);
      if (item) Object.assign(item, extra, { Kind: kind });
    }
  }
  return items;
}

/** Each media item with its files (through MediaVersion → MediaFile), its kind and, for media-server items, their key. */
async function readMediaItems(db: Db, tables: Set<string>, libraryOfPath: Map<number, number>): Promise<Map<number, EtvMediaItem>> {
  const result = new Map<number, EtvMediaItem>();
  if (!tables.has("MediaItem")) return result;
  for (const row of await all<EtvRow>(db, "SELECT Id, LibraryPathId FROM MediaItem")) {
    result.set(Number(row.Id), { id: Number(row.Id), kind: "Other", libraryId: libraryOfPath.get(Number(row.LibraryPathId)), paths: [] });
  }
  const kinds = ["Movie", "Episode", "OtherVideo", "MusicVideo", "Song", "Show", "Season"] as const;
  for (const kind of kinds) {
    if (!tables.has(kind)) continue;
    for (const row of await all<EtvRow>(db, `SELECT Id FROM "${kind}"`)) {
      const item = result.get(Number(row.Id));
      if (item) item.kind = kind;
    }
  }
  if (tables.has("MediaVersion") && tables.has("MediaFile")) {
    const files = await all<EtvRow>(
      db,
      `SELECT COALESCE(v.MovieId, v.EpisodeId, v.OtherVideoId, v.MusicVideoId, v.SongId) AS ItemId, f.Path FROM MediaVersion v JOIN MediaFile f ON f.MediaVersionId = v.Id ORDER BY v.Id, f.Id`,
    );
    for (const file of files) result.get(Number(file.ItemId))?.paths.push(String(file.Path));
  }
  // Shows and seasons stand for the folder their episodes are in (a season's folder; a show's is above its season folders).
  if (tables.has("Episode") && tables.has("Season")) {
    const episodes = await all<EtvRow>(db, "SELECT e.Id, e.SeasonId, s.ShowId FROM Episode e JOIN Season s ON s.Id = e.SeasonId");
    for (const episode of episodes) {
      const file = result.get(Number(episode.Id))?.paths[0];
      if (!file) continue;
      const seasonFolder = path.dirname(file);
      const season = result.get(Number(episode.SeasonId));
      if (season && !season.paths.length) season.paths.push(seasonFolder);
      const show = result.get(Number(episode.ShowId));
      const showFolder = /^(season|series|specials|s\d+)/i.test(path.basename(seasonFolder)) ? path.dirname(seasonFolder) : seasonFolder;
      if (show && !show.paths.length) show.paths.push(showFolder);
    }
  }
  for (const [server, column] of [["Plex", "Key"], ["Jellyfin", "ItemId"], ["Emby", "ItemId"]] as const) {
    for (const kind of kinds) {
      const table = `${server}${kind}`;
      if (!tables.has(table)) continue;
      for (const row of await all<EtvRow>(db, `SELECT Id, "${column}" AS RemoteKey FROM "${table}"`)) {
        const item = result.get(Number(row.Id));
        // Plex keys are `/library/metadata/<ratingKey>`; Airwave keeps the rating key.
        if (item && row.RemoteKey) item.remoteKey = String(row.RemoteKey).replace(/^\/library\/metadata\//, "");
      }
    }
  }
  const titles = [["MovieMetadata", "MovieId"], ["EpisodeMetadata", "EpisodeId"], ["ShowMetadata", "ShowId"], ["OtherVideoMetadata", "OtherVideoId"]] as const;
  for (const [table, column] of titles) {
    if (!tables.has(table)) continue;
    for (const row of await all<EtvRow>(db, `SELECT "${column}" AS ItemId, Title FROM "${table}"`)) {
      const item = result.get(Number(row.ItemId));
      if (item && row.Title) item.title = String(row.Title);
    }
  }
  return result;
}

/** An ErsatzTV TimeSpan (`[d.]hh:mm:ss[.fffffff]`) in whole seconds, or undefined. */
export function timeSpanSeconds(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.\d+)?$/.exec(value.trim());
  if (!match) return undefined;
  const [, days, h, m, s] = match;
  return Number(days ?? 0) * 86_400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
}
