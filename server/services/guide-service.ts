/**
 * What the media-player surfaces show: the channels of the M3U playlist and the HDHomeRun lineup,
 * and the XMLTV guide. The guide is built per channel from its playout items (joined with media
 * metadata) over `Guide:DaysToBuild` days, and each channel's fragment is cached on disk under
 * `<dataDir>/cache/guide/`, rebuilt only when its change key moves: the channel row, the playout's
 * id and last build time (a mirror: its source's playout and its own offset), and the guide settings.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import type { MediaItem } from "../db/entities/media-item";
import type { Playout } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import type { PlayoutItemRow } from "../db/repositories/playout-repository";
import { MediaItemKind, type StreamingMode } from "../domain/enums";
import {
  buildChannelFragment,
  compareChannelNumbers,
  sortByChannelNumber,
  type ChannelGuideFragment,
  type GuideChannel,
  type GuideFillerKind,
  type GuideItem,
  type ProgrammeKind,
} from "../guide";
import { GuideMode } from "../domain/enums";
import { INSTALL_ID_SETTING } from "./seed-service";

export interface GuideSettings {
  daysToBuild: number;
  /** IANA zone the XMLTV times are written in. */
  timeZone: string;
}

/** A channel that appears in the XMLTV guide, with the playout whose items it shows. */
export interface EpgChannel {
  channel: Channel;
  /** The channel's own playout, or its mirror source's. */
  playout: Playout;
  /** Mirror channels replay the source this much later (ms). */
  offsetMs: number;
}

/** A channel's cached fragment: two files (the `<channel>` element, the `<programme>` elements). */
export interface GuideFragmentFiles {
  channelId: number;
  number: string;
  channelFile: string;
  programmesFile: string;
}

/** An enabled channel in the HDHomeRun lineup. */
export interface LineupChannel {
  number: string;
  name: string;
  streamingMode: StreamingMode;
}

export const GUIDE_CACHE_FOLDER = path.join("cache", "guide");
/** Bump when the fragment format changes, so old cache files are rebuilt. */
const FRAGMENT_FORMAT = 1;
const DAY_MS = 24 * 3600_000;
const ITEM_PAGE = 5000;

const PROGRAMME_KINDS: Partial<Record<MediaItemKind, ProgrammeKind>> = {
  [MediaItemKind.Movie]: "Movie",
  [MediaItemKind.Episode]: "Episode",
  [MediaItemKind.OtherVideo]: "OtherVideo",
  [MediaItemKind.MusicVideo]: "MusicVideo",
  [MediaItemKind.Song]: "Song",
};

interface FragmentMeta {
  key: string;
  number: string;
}

export class GuideService {
  private readonly cacheDir: string;
  private readonly building = new Map<number, Promise<GuideFragmentFiles>>();
  private fragmentBuilds = 0;

  constructor(
    private readonly db: Database,
    dataDir: string,
    private readonly settings: GuideSettings,
    private readonly clock: () => number = Date.now,
  ) {
    this.cacheDir = path.join(dataDir, GUIDE_CACHE_FOLDER);
  }

  /** How many fragments were built since start (diagnostics). */
  get fragmentBuildCount(): number {
    return this.fragmentBuilds;
  }

  /** Every channel as the playlist writer sees it (the writer leaves out disabled ones and sorts). */
  async playlistChannels(): Promise<GuideChannel[]> {
    return this.db.read(async (repos) => {
      const [channels, profiles] = await Promise.all([repos.channels.list(), repos.ffmpegProfiles.list()]);
      const byId = new Map(profiles.map((p) => [p.id, p]));
      return channels.map((channel) => {
        const profile = byId.get(channel.ffmpegProfileId);
        return {
          ...toGuideChannel(channel),
          videoCodec: profile?.videoFormat.toLowerCase(),
          audioCodec: profile?.audioFormat.toLowerCase(),
        };
      });
    });
  }

  /** Enabled channels in numeric order, for the HDHomeRun lineup. */
  async lineup(): Promise<LineupChannel[]> {
    const channels = await this.db.read((repos) => repos.channels.list());
    return sortByChannelNumber(channels.filter((c) => c.isEnabled).map((c) => ({ number: c.number, name: c.name, streamingMode: c.streamingMode })));
  }

  /** The per-install id (the HDHomeRun DeviceID basis); created if an old data folder has none. */
  async installId(): Promise<string> {
    const stored = await this.db.read((repos) => repos.settings.get(INSTALL_ID_SETTING));
    if (stored) return stored;
    return this.db.write(async (repos) => {
      const again = await repos.settings.get(INSTALL_ID_SETTING);
      if (again) return again;
      const id = randomUUID();
      await repos.settings.set(INSTALL_ID_SETTING, id);
      return id;
    });
  }

  /** Channels in the guide: enabled, shown in the EPG, and with a playout (their own or their mirror source's). */
  async epgChannels(): Promise<EpgChannel[]> {
    return this.db.read(async (repos) => {
      const [channels, playouts] = await Promise.all([repos.channels.list(), repos.playouts.list()]);
      const playoutOf = new Map(playouts.map((p) => [p.channelId, p]));
      const result: EpgChannel[] = [];
      for (const channel of channels) {
        if (!channel.isEnabled || !channel.showInEpg) continue;
        const mirror = channel.mirrorSourceChannelId !== null;
        const playout = playoutOf.get(mirror ? channel.mirrorSourceChannelId! : channel.id);
        if (!playout) continue;
        result.push({ channel, playout, offsetMs: mirror ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0 });
      }
      return result.sort((a, b) => compareChannelNumbers(a.channel.number, b.channel.number));
    });
  }

  /** Cached fragment files of every guide channel, each rebuilt first if its change key moved. */
  async guideFragments(): Promise<GuideFragmentFiles[]> {
    const channels = await this.epgChannels();
    await fs.promises.mkdir(this.cacheDir, { recursive: true });
    return Promise.all(channels.map((entry) => this.fragmentFiles(entry)));
  }

  /** The cheap change key of a channel's fragment. */
  changeKey(entry: EpgChannel): string {
    const material = JSON.stringify({
      format: FRAGMENT_FORMAT,
      channel: entry.channel,
      playoutId: entry.playout.id,
      lastBuildAt: entry.playout.lastBuildAt,
      offsetMs: entry.offsetMs,
      daysToBuild: this.settings.daysToBuild,
      timeZone: this.settings.timeZone,
    });
    return createHash("sha256").update(material).digest("hex");
  }

  /** Builds one channel's fragment over [now, now + days to build) (not cached). */
  async buildFragment(entry: EpgChannel, now = this.clock()): Promise<ChannelGuideFragment> {
    const window = { from: now, to: now + this.settings.daysToBuild * DAY_MS };
    const items = await this.db.read((repos) => this.guideItems(repos, entry.playout.id, window.from - entry.offsetMs, window.to - entry.offsetMs));
    return buildChannelFragment(toGuideChannel(entry.channel), items, {
      timeZone: this.settings.timeZone,
      offsetMs: entry.offsetMs,
      window,
    });
  }

  private fragmentFiles(entry: EpgChannel): Promise<GuideFragmentFiles> {
    const id = entry.channel.id;
    const running = this.building.get(id);
    if (running) return running;
    const next = this.freshFragmentFiles(entry).finally(() => {
      if (this.building.get(id) === next) this.building.delete(id);
    });
    this.building.set(id, next);
    return next;
  }

  private async freshFragmentFiles(entry: EpgChannel): Promise<GuideFragmentFiles> {
    const base = path.join(this.cacheDir, `channel-${entry.channel.id}`);
    const files: GuideFragmentFiles = {
      channelId: entry.channel.id,
      number: entry.channel.number,
      channelFile: `${base}.channel.xml`,
      programmesFile: `${base}.programmes.xml`,
    };
    const metaFile = `${base}.json`;
    const key = this.changeKey(entry);
    const meta = await readMeta(metaFile);
    if (meta?.key === key && fs.existsSync(files.channelFile) && fs.existsSync(files.programmesFile)) return files;

    const fragment = await this.buildFragment(entry);
    this.fragmentBuilds += 1;
    await writeAtomically(files.channelFile, fragment.channelXml);
    await writeAtomically(files.programmesFile, fragment.programmesXml);
    await writeAtomically(metaFile, JSON.stringify({ key, number: entry.channel.number } satisfies FragmentMeta));
    return files;
  }

  /** Playout items overlapping [from, to) with their media metadata, as the guide writers want them. */
  private async guideItems(repos: Repositories, playoutId: number, from: number, to: number): Promise<GuideItem[]> {
    const rows: PlayoutItemRow[] = [];
    for (let page = 0; ; page++) {
      const { totalCount, items } = await repos.playouts.itemsBetween(playoutId, from, to, page, ITEM_PAGE);
      rows.push(...items);
      if (items.length < ITEM_PAGE || rows.length >= totalCount) break;
    }
    const media = await loadMedia(repos, rows);
    const result: GuideItem[] = [];
    for (const row of rows) {
      const item = toGuideItem(row, media);
      if (item) result.push(item);
    }
    return result;
  }
}

interface MediaLookup {
  items: Map<number, MediaItem>;
  genres: Map<number, string[]>;
}

/** The media of the rows, their seasons and shows, and the genres of movies and shows. */
async function loadMedia(repos: Repositories, rows: readonly PlayoutItemRow[]): Promise<MediaLookup> {
  const items = new Map<number, MediaItem>();
  let wanted = [...new Set(rows.map((r) => r.mediaItemId).filter((id): id is number => id !== null))];
  // Three levels: the item, its season, its show.
  for (let level = 0; level < 3 && wanted.length > 0; level++) {
    const found = await repos.mediaItems.findByIds(wanted);
    for (const item of found) items.set(item.id, item);
    wanted = [...new Set(found.map((i) => i.parentId).filter((id): id is number => id !== null && !items.has(id)))];
  }
  const genres = new Map<number, string[]>();
  for (const item of items.values()) {
    if (item.kind === MediaItemKind.Season || item.kind === MediaItemKind.Episode) continue;
    const tags = await repos.mediaItems.tagsOf(item.id);
    const names = tags.filter((t) => t.kind === "genre").map((t) => t.name);
    if (names.length) genres.set(item.id, names);
  }
  return { items, genres };
}

function toGuideItem(row: PlayoutItemRow, media: MediaLookup): GuideItem | undefined {
  const common = {
    start: row.start,
    finish: row.finish,
    guideStart: row.guideStart ?? undefined,
    guideFinish: row.guideFinish ?? undefined,
    fillerKind: row.fillerKind && row.fillerKind !== "None" ? (row.fillerKind as GuideFillerKind) : undefined,
    guideMode: row.hiddenFromGuide ? GuideMode.Filler : undefined,
    guideGroup: row.guideGroup,
    customTitle: row.customTitle ?? undefined,
  };
  const item = row.mediaItemId !== null ? media.items.get(row.mediaItemId) : undefined;
  if (!item) {
    // An offline gap kept as an item: only worth a programme when it has a title of its own.
    return row.customTitle ? { ...common, kind: "OtherVideo", title: row.customTitle } : undefined;
  }
  const kind = PROGRAMME_KINDS[item.kind] ?? "OtherVideo";
  const releaseDate = item.releaseDate ?? (item.year !== null ? String(item.year) : undefined);
  if (kind === "Episode") {
    const season = item.parentId !== null ? media.items.get(item.parentId) : undefined;
    const show = season?.parentId != null ? media.items.get(season.parentId) : undefined;
    return {
      ...common,
      kind,
      title: show?.title ?? item.title,
      subtitle: item.title,
      description: item.plot ?? show?.plot ?? undefined,
      seasonNumber: item.seasonNumber ?? season?.seasonNumber ?? undefined,
      episodeNumber: item.episodeNumber ?? undefined,
      releaseDate,
      genres: show ? media.genres.get(show.id) : undefined,
      contentRating: item.contentRating ?? show?.contentRating ?? undefined,
    };
  }
  return {
    ...common,
    kind,
    title: item.title,
    description: item.plot ?? undefined,
    releaseDate,
    genres: media.genres.get(item.id),
    contentRating: item.contentRating ?? undefined,
  };
}

export function toGuideChannel(channel: Channel): GuideChannel {
  return {
    number: channel.number,
    name: channel.name,
    uniqueId: channel.uniqueId,
    group: channel.group,
    categories: channel.categories,
    logo: channel.logoUrl ?? undefined,
    streamingMode: channel.streamingMode,
    isEnabled: channel.isEnabled,
  };
}

async function readMeta(file: string): Promise<FragmentMeta | undefined> {
  try {
    return JSON.parse(await fs.promises.readFile(file, "utf8")) as FragmentMeta;
  } catch {
    return undefined;
  }
}

/** Writes a temp file then renames it, so readers see the old file or the new one, never half. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
  await fs.promises.writeFile(temp, text, "utf8");
  await fs.promises.rename(temp, file);
}
