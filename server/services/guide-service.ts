/**
 * What the media-player surfaces show: the channels of the M3U playlist and the HDHomeRun lineup,
 * and the XMLTV guide. The guide is built per channel from its playout items (joined with media
 * metadata) over `Guide:DaysToBuild` days, and each channel's fragment is cached on disk under
 * `<dataDir>/cache/guide/` (one file per channel, `guide-fragment-file.ts`), rebuilt only when its change key moves: the channel row, the playout's
 * id and last build time (a mirror: its source's playout and its own offset), the latest metadata
 * change of the media the playout plays, and the guide settings; or when the fragment is older than
 * `FRAGMENT_MAX_AGE_MS`, so the horizon keeps sliding even when no build runs.
 */
import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import type { Repositories } from "../db/repositories";
import type { PlayoutWithoutState } from "../db/repositories/playout-repository";
import { GuideEpisodeArtwork, type StreamingMode } from "../domain/enums";
import {
  channelFragmentXml,
  compareChannelNumbers,
  sortByChannelNumber,
  type GuideChannel,
  type GuideItem,
  type GuideProgramme,
  guideProgrammes,
  isValidHdhrDeviceId,
  newHdhrDeviceId,
  writeChannelProgrammes,
} from "../guide";
import { NO_EVENT_LOG, type EventLog } from "../domain/event-log";
import { NO_METRICS, type MetricsPort } from "../metrics/metrics-port";
import { DomainError, type FieldError } from "./domain-error";
import { FRAGMENT_FILE_PATTERN, fragmentFileName, readFragmentHead, readFragmentProgrammes, writeFragmentFile, FragmentEncoder, type FragmentHead } from "./guide-fragment-file";
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
  /** The channel's own playout, or its mirror source's (its builder state not read). */
  playout: PlayoutWithoutState;
  /** Mirror channels replay the source this much later (ms); a paused on-demand timeline shows as if it resumed now. */
  offsetMs: number;
  /** The playout is a paused on-demand timeline: its times follow the clock, so its fragment is never cached. */
  paused: boolean;
}

/** One channel of the XMLTV document. */
export interface GuideDocumentChannel {
  channelId: number;
  number: string;
  /** Changes whenever the channel's fragment is rebuilt (its change key and build time). */
  version: string;
  /** The `<channel>` element (with URL placeholders). */
  channelXml: string;
  /**
   * The `<programme>` elements, newline-separated (with URL placeholders; empty when there are none):
   * read from the cache (into `into` when it is large enough: the answer is then a view of it), or,
   * when the fragment is stale, built and cached first.
   */
  programmes(into?: Buffer): Promise<Buffer>;
}

/** An enabled channel in the HDHomeRun lineup. */
export interface LineupChannel {
  number: string;
  name: string;
  streamingMode: StreamingMode;
}

export const GUIDE_CACHE_FOLDER = path.join("cache", "guide");
/** Bump when the fragment format changes, so old cache files are rebuilt. */
const FRAGMENT_FORMAT = 4;
/** A fragment's window starts when it was built; past this age it is rebuilt to cover the horizon again. */
export const FRAGMENT_MAX_AGE_MS = 3600_000;
/** The HDHomeRun DeviceID: 8 hex digits with a check digit, made once per install. */
export const HDHR_DEVICE_ID_SETTING = "hdhomerun.deviceId";
const DAY_MS = 24 * 3600_000;
/** The widest window the UI grid may ask for at once. */
const GRID_DEFAULT_SPAN_MS = 6 * 3600_000;
const GRID_MAX_DAYS = 7;
/** Cache files of the earlier layout (`<channel>`, programmes and meta apart), removed once at start. */
const LEGACY_FRAGMENT_FILE = /^channel-\d+\.(channel\.xml|programmes\.xml|json)$/;

/** The stale fragments of one guide document: when the last is built, the rebuild's time goes to the metrics. */
interface RebuildTally {
  started: number;
  pending: number;
  built: number;
  programmes: number;
  failed: string[];
}

export class GuideService {
  private readonly cacheDir: string;
  /** Fragments being rebuilt, by channel id, with the change key they are built for. */
  private readonly building = new Map<number, { key: string; stored: Promise<number> }>();
  /** Last written state of each channel's fragment (saves reading its meta file on every request). */
  private readonly fragmentState = new Map<number, FragmentHead>();
  /** Media stamps per playout, valid while the library revision and the playout's last build stay the same. */
  private readonly mediaStamps = new Map<number, { revision: number; lastBuildAt: number | null; stamp: number }>();
  private fragmentBuilds = 0;
  private readonly encoder = new FragmentEncoder();
  private cacheChecked = false;

  constructor(
    private readonly db: Database,
    dataDir: string,
    private readonly settings: GuideSettings,
    private readonly clock: () => number,
    /** Uniform in [0, 1); draws the HDHomeRun device id. */
    private readonly random: () => number,
    private readonly metrics: MetricsPort = NO_METRICS,
    /** Guide rebuilds (channels, programmes, duration) and their failures. */
    private readonly events: EventLog = NO_EVENT_LOG,
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
      const [channels, playouts] = await Promise.all([repos.channels.list(), repos.playouts.listWithoutBuildState()]);
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

  /**
   * The guide's channels in document order, each with its fragment's version and `<channel>` element.
   * Stale fragments are not built here but when their programmes are asked for, so a caller streaming
   * the document renders a few channels at a time, sending each as it is made: a full rebuild never
   * holds the whole guide, and no fragment is read back from disk right after it was written.
   */
  async guideDocument(): Promise<GuideDocumentChannel[]> {
    const [channels, revision] = await Promise.all([this.epgChannels(), this.db.read((repos) => repos.settings.libraryRevision())]);
    await this.prepareCacheDir();
    const rebuild: RebuildTally = { started: performance.now(), pending: 0, built: 0, programmes: 0, failed: [] };
    return Promise.all(channels.map((entry) => this.documentChannel(entry, revision, rebuild)));
  }

  /** When a channel's guide fragment was last written (epoch ms), or null when no player has asked for the guide yet. */
  async lastBuiltAt(): Promise<number | null> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.cacheDir);
    } catch {
      return null;
    }
    const metas = await Promise.all(names.filter((n) => FRAGMENT_FILE_PATTERN.test(n)).map((n) => readFragmentHead(path.join(this.cacheDir, n))));
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

  /** One channel's `<programme>` elements over [now, now + days to build), as UTF-8 (not cached). */
  async renderProgrammes(entry: EpgChannel, now = this.clock()): Promise<Buffer> {
    return (await this.renderFragment(entry, now)).bytes;
  }

  /** `renderProgrammes` into `into` when the bytes fit (a view of it), with the number of programmes. */
  private async renderFragment(entry: EpgChannel, now: number, into?: Buffer): Promise<{ bytes: Buffer; programmes: number }> {
    const window = { from: now, to: now + this.settings.daysToBuild * DAY_MS };
    const items = await this.db.read((repos) => this.guideItems(repos, entry.playout.id, window.from - entry.offsetMs, window.to - entry.offsetMs));
    const { bytes, result } = this.encoder.encode((sink) => writeChannelProgrammes(toGuideChannel(entry.channel), items, { timeZone: this.settings.timeZone, offsetMs: entry.offsetMs, window }, sink), into);
    return { bytes, programmes: result };
  }

  private async documentChannel(entry: EpgChannel, revision: number, rebuild: RebuildTally): Promise<GuideDocumentChannel> {
    const { id, number } = entry.channel;
    const file = path.join(this.cacheDir, fragmentFileName(id));
    const key = await this.changeKey(entry, revision);
    const head = this.fragmentState.get(id) ?? (await readFragmentHead(file));
    const now = this.clock();
    const fresh = head !== undefined && !entry.paused && head.key === key && now - head.builtAt < FRAGMENT_MAX_AGE_MS && head.builtAt <= now && fs.existsSync(file);
    if (fresh) return { channelId: id, number, version: `${head.key}:${head.builtAt}`, channelXml: head.channelXml, programmes: (into) => readFragmentProgrammes(file, into) };

    const next: FragmentHead = { key, number, builtAt: now, channelXml: channelFragmentXml(toGuideChannel(entry.channel), {}) };
    let built: Promise<Buffer> | undefined;
    rebuild.pending += 1;
    const programmes = (into?: Buffer) =>
      (built ??= this.rebuildFragment(entry, next, file, into).then(
        ({ bytes, programmes }) => {
          rebuild.programmes += programmes;
          this.rebuilt(rebuild);
          return bytes;
        },
        (error: unknown) => {
          rebuild.failed.push(`channel ${number}: ${error instanceof Error ? error.message : String(error)}`);
          this.rebuilt(rebuild);
          throw error;
        },
      ));
    return { channelId: id, number, version: `${key}:${now}`, channelXml: next.channelXml, programmes };
  }

  /** One stale fragment of a guide document is done: when it was the last, the rebuild is logged and timed. */
  private rebuilt(rebuild: RebuildTally): void {
    rebuild.pending -= 1;
    rebuild.built += 1;
    if (rebuild.pending > 0) return;
    const seconds = (performance.now() - rebuild.started) / 1000;
    this.metrics.guideRebuild(rebuild.built, seconds);
    const fields = { channels: rebuild.built, programmes: rebuild.programmes, durationMs: Math.round(seconds * 1000) };
    if (rebuild.failed.length) this.events.warn("guide rebuild failed", { ...fields, failed: rebuild.failed.length, errors: rebuild.failed.join("; ") });
    else this.events.info("guide rebuilt", fields);
  }

  /**
   * Renders a fragment (into `into` when it fits) and writes it to the cache. A build of the same key
   * already running is shared: its caller's bytes may be a view of that caller's buffer, so the others
   * read the fragment back once it is stored.
   */
  private rebuildFragment(entry: EpgChannel, head: FragmentHead, file: string, into?: Buffer): Promise<{ bytes: Buffer; programmes: number }> {
    const id = entry.channel.id;
    const running = this.building.get(id);
    if (running?.key === head.key) return running.stored.then(async (programmes) => ({ bytes: await readFragmentProgrammes(file, into), programmes }));
    const rendered = (async () => {
      const fragment = await this.renderFragment(entry, head.builtAt, into);
      await writeFragmentFile(file, head, fragment.bytes);
      this.fragmentBuilds += 1;
      this.fragmentState.set(id, head);
      return fragment;
    })();
    const build = { key: head.key, stored: rendered.then((fragment) => fragment.programmes) };
    build.stored.catch(() => undefined); // its failure reaches the caller through `rendered`
    this.building.set(id, build);
    const done = () => {
      if (this.building.get(id) === build) this.building.delete(id);
    };
    rendered.then(done, done);
    return rendered;
  }

  /** Creates the cache folder; once per process, removes the files of the earlier three-files-per-channel layout. */
  private async prepareCacheDir(): Promise<void> {
    await fs.promises.mkdir(this.cacheDir, { recursive: true });
    if (this.cacheChecked) return;
    this.cacheChecked = true;
    const names = await fs.promises.readdir(this.cacheDir);
    await Promise.all(names.filter((n) => LEGACY_FRAGMENT_FILE.test(n)).map((n) => fs.promises.rm(path.join(this.cacheDir, n), { force: true })));
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
