/**
 * What the media-player surfaces show: the channels of the M3U playlist and the HDHomeRun lineup,
 * and the XMLTV guide. The guide is built per channel from its playout items (joined with media
 * metadata) over `Guide:DaysToBuild` days, and each channel's fragment is cached on disk under
 * `<dataDir>/cache/guide/`, rebuilt only when its change key moves: the channel row, the playout's
 * id and last build time (a mirror: its source's playout and its own offset), the latest metadata
 * change of the media the playout plays, and the guide settings; or when the fragment is older than
 * `FRAGMENT_MAX_AGE_MS`, so the horizon keeps sliding even when no build runs.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import type { Playout } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import { GuideEpisodeArtwork, type StreamingMode } from "../domain/enums";
import {
  buildChannelFragment,
  compareChannelNumbers,
  sortByChannelNumber,
  type ChannelGuideFragment,
  type GuideChannel,
  type GuideItem,
  type GuideProgramme,
  guideProgrammes,
  isValidHdhrDeviceId,
  newHdhrDeviceId,
} from "../guide";
import { forEachConcurrently } from "../domain/for-each-concurrently";
import { NO_METRICS, type MetricsPort } from "../metrics/metrics-port";
import { DomainError, type FieldError } from "./domain-error";
import { readGuideItems } from "./guide-items";
import { pausedShiftMs } from "./on-demand-timeline";
import { INSTALL_ID_SETTING } from "./seed-service";

export interface GuideSettings {
  daysToBuild: number;
  /** The icon of an episode's programme; default the show's poster. */
  episodeArtwork?: GuideEpisodeArtwork;
  /** IANA zone the XMLTV times are written in. */
  timeZone: string;
}

/** A channel that appears in the XMLTV guide, with the playout whose items it shows. */
export interface EpgChannel {
  channel: Channel;
  /** The channel's own playout, or its mirror source's. */
  playout: Playout;
  /** Mirror channels replay the source this much later (ms); a paused on-demand timeline shows as if it resumed now. */
  offsetMs: number;
  /** The playout is a paused on-demand timeline: its times follow the clock, so its fragment is never cached. */
  paused: boolean;
}

/** A channel's cached fragment: two files (the `<channel>` element, the `<programme>` elements). */
export interface GuideFragmentFiles {
  channelId: number;
  number: string;
  channelFile: string;
  programmesFile: string;
  /** Changes whenever the two files are rewritten (their change key and build time). */
  version: string;
}

/** An enabled channel in the HDHomeRun lineup. */
export interface LineupChannel {
  number: string;
  name: string;
  streamingMode: StreamingMode;
}

export const GUIDE_CACHE_FOLDER = path.join("cache", "guide");
/** Bump when the fragment format changes, so old cache files are rebuilt. */
const FRAGMENT_FORMAT = 3;
/** A fragment's window starts when it was built; past this age it is rebuilt to cover the horizon again. */
export const FRAGMENT_MAX_AGE_MS = 3600_000;
/** The HDHomeRun DeviceID: 8 hex digits with a check digit, made once per install. */
export const HDHR_DEVICE_ID_SETTING = "hdhomerun.deviceId";
const DAY_MS = 24 * 3600_000;
/** The widest window the UI grid may ask for at once. */
const GRID_DEFAULT_SPAN_MS = 6 * 3600_000;
const GRID_MAX_DAYS = 7;
/** Fragments built at once in a guide rebuild (memory is bounded by this, not by the channel count). */
const FRAGMENT_BUILD_CONCURRENCY = 4;

interface FragmentMeta {
  key: string;
  number: string;
  builtAt: number;
}

export class GuideService {
  private readonly cacheDir: string;
  private readonly building = new Map<number, Promise<GuideFragmentFiles>>();
  /** Last written state of each channel's fragment (saves reading its meta file on every request). */
  private readonly fragmentState = new Map<number, FragmentMeta>();
  /** Media stamps per playout, valid while the library revision and the playout's last build stay the same. */
  private readonly mediaStamps = new Map<number, { revision: number; lastBuildAt: number | null; stamp: number }>();
  private fragmentBuilds = 0;

  constructor(
    private readonly db: Database,
    dataDir: string,
    private readonly settings: GuideSettings,
    private readonly clock: () => number,
    /** Uniform in [0, 1); draws the HDHomeRun device id. */
    private readonly random: () => number,
    private readonly metrics: MetricsPort = NO_METRICS,
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

  /** The per-install UUID (the UPnP device UDN); created if an old data folder has none. */
  installId(): Promise<string> {
    return this.storedId(INSTALL_ID_SETTING, (id) => id !== "", () => randomUUID());
  }

  /** The HDHomeRun DeviceID: 8 hex digits with a valid check digit, made once per install and kept. */
  hdhrDeviceId(): Promise<string> {
    return this.storedId(HDHR_DEVICE_ID_SETTING, isValidHdhrDeviceId, () => newHdhrDeviceId(this.random));
  }

  private async storedId(key: string, valid: (id: string) => boolean, create: () => string): Promise<string> {
    const stored = await this.db.read((repos) => repos.settings.get(key));
    if (stored && valid(stored)) return stored;
    return this.db.write(async (repos) => {
      const again = await repos.settings.get(key);
      if (again && valid(again)) return again;
      const id = create();
      await repos.settings.set(key, id);
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
        const mirrorOffsetMs = mirror ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0;
        const pausedMs = await pausedShiftMs(repos, playout, this.clock());
        result.push({ channel, playout, offsetMs: mirrorOffsetMs + pausedMs, paused: playout.pausedAt !== null });
      }
      return result.sort((a, b) => compareChannelNumbers(a.channel.number, b.channel.number));
    });
  }

  /** Cached fragment files of every guide channel, each rebuilt first if its change key moved. */
  async guideFragments(): Promise<GuideFragmentFiles[]> {
    const [channels, revision] = await Promise.all([this.epgChannels(), this.db.read((repos) => repos.settings.libraryRevision())]);
    await fs.promises.mkdir(this.cacheDir, { recursive: true });
    const [timer, builtBefore] = [performance.now(), this.fragmentBuilds];
    // A few channels at a time: a fragment is written to disk as soon as it is rendered, so a full
    // rebuild holds a few channels' items and XML, not the whole guide's.
    const files: GuideFragmentFiles[] = new Array(channels.length);
    await forEachConcurrently([...channels.keys()], FRAGMENT_BUILD_CONCURRENCY, async (i) => {
      files[i] = await this.fragmentFiles(channels[i]!, revision);
    });
    this.metrics.guideRebuild(this.fragmentBuilds - builtBefore, (performance.now() - timer) / 1000);
    return files;
  }

  /** When a channel's guide fragment was last written (epoch ms), or null when no player has asked for the guide yet. */
  async lastBuiltAt(): Promise<number | null> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.cacheDir);
    } catch {
      return null;
    }
    const metas = await Promise.all(names.filter((n) => /^channel-\d+\.json$/.test(n)).map((n) => readMeta(path.join(this.cacheDir, n))));
    const times = metas.map((m) => m?.builtAt).filter((t): t is number => typeof t === "number");
    return times.length ? Math.max(...times) : null;
  }

  /**
   * The cheap change key of a channel's fragment. The media stamp (one aggregate query) is asked
   * again only when the library revision or the playout's last build moved.
   */
  async changeKey(entry: EpgChannel, revision?: number): Promise<string> {
    const libraryRevision = revision ?? (await this.db.read((repos) => repos.settings.libraryRevision()));
    const known = this.mediaStamps.get(entry.playout.id);
    let mediaStamp = known?.stamp;
    if (!known || known.revision !== libraryRevision || known.lastBuildAt !== entry.playout.lastBuildAt) {
      mediaStamp = await this.db.read((repos) => repos.guide.mediaStamp(entry.playout.id));
      this.mediaStamps.set(entry.playout.id, { revision: libraryRevision, lastBuildAt: entry.playout.lastBuildAt, stamp: mediaStamp });
    }
    const material = JSON.stringify({
      format: FRAGMENT_FORMAT,
      channel: entry.channel,
      playoutId: entry.playout.id,
      lastBuildAt: entry.playout.lastBuildAt,
      shiftedAt: entry.playout.shiftedAt,
      pausedAt: entry.playout.pausedAt,
      mediaStamp,
      offsetMs: entry.offsetMs,
      daysToBuild: this.settings.daysToBuild,
      timeZone: this.settings.timeZone,
      episodeArtwork: this.settings.episodeArtwork ?? GuideEpisodeArtwork.ShowPoster,
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

  private fragmentFiles(entry: EpgChannel, revision: number): Promise<GuideFragmentFiles> {
    const id = entry.channel.id;
    const running = this.building.get(id);
    if (running) return running;
    const next = this.freshFragmentFiles(entry, revision).finally(() => {
      if (this.building.get(id) === next) this.building.delete(id);
    });
    this.building.set(id, next);
    return next;
  }

  private async freshFragmentFiles(entry: EpgChannel, revision: number): Promise<GuideFragmentFiles> {
    const base = path.join(this.cacheDir, `channel-${entry.channel.id}`);
    const fileOf = (meta: FragmentMeta): GuideFragmentFiles => ({
      channelId: entry.channel.id,
      number: entry.channel.number,
      channelFile: `${base}.channel.xml`,
      programmesFile: `${base}.programmes.xml`,
      version: `${meta.key}:${meta.builtAt}`,
    });
    const metaFile = `${base}.json`;
    const key = await this.changeKey(entry, revision);
    const meta = this.fragmentState.get(entry.channel.id) ?? (await readMeta(metaFile));
    const now = this.clock();
    const fresh = !entry.paused && meta?.key === key && now - meta.builtAt < FRAGMENT_MAX_AGE_MS && meta.builtAt <= now;
    if (fresh) {
      const files = fileOf(meta);
      if (fs.existsSync(files.channelFile) && fs.existsSync(files.programmesFile)) return files;
    }

    const written: FragmentMeta = { key, number: entry.channel.number, builtAt: now };
    const files = fileOf(written);
    const fragment = await this.buildFragment(entry, now);
    this.fragmentBuilds += 1;
    await writeAtomically(files.channelFile, fragment.channelXml);
    await writeAtomically(files.programmesFile, fragment.programmesXml);
    await writeAtomically(metaFile, JSON.stringify(written));
    this.fragmentState.set(entry.channel.id, written);
    return files;
  }

  /** Playout items overlapping [from, to) with their media metadata, as the guide writers want them. */
  private guideItems(repos: Repositories, playoutId: number, from: number, to: number): Promise<GuideItem[]> {
    return readGuideItems(repos, playoutId, from, to, this.settings.episodeArtwork ?? GuideEpisodeArtwork.ShowPoster);
  }

  /**
   * The guide as a grid for the UI: every guide channel with its programmes overlapping [from, to),
   * grouped exactly as the XMLTV writer groups them (filler merged, custom titles), mirrors shifted.
   * `from` defaults to now, `to` to 6 hours later.
   */
  async gridRows(from = this.clock(), to = from + GRID_DEFAULT_SPAN_MS): Promise<GuideGridRow[]> {
    const errors: FieldError[] = [];
    if (!Number.isFinite(from)) errors.push({ field: "from", message: "must be an ISO 8601 time" });
    if (!Number.isFinite(to)) errors.push({ field: "to", message: "must be an ISO 8601 time" });
    else if (Number.isFinite(from) && (to <= from || to - from > GRID_MAX_DAYS * DAY_MS)) errors.push({ field: "to", message: `must be after from and at most ${GRID_MAX_DAYS} days later` });
    if (errors.length) throw DomainError.validation(errors);
    const channels = await this.epgChannels();
    return Promise.all(
      channels.map(async (entry) => {
        const items = await this.db.read((repos) => this.guideItems(repos, entry.playout.id, from - entry.offsetMs, to - entry.offsetMs));
        return { channel: entry.channel, programmes: guideProgrammes(items, { offsetMs: entry.offsetMs, window: { from, to } }) };
      }),
    );
  }
}

/** One channel's row of the UI guide grid. */
export interface GuideGridRow {
  channel: Channel;
  programmes: GuideProgramme[];
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
