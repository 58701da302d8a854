/**
 * What a channel plays at a moment (reference §4.1): the item on air with its seek offset and limit,
 * else the channel's fallback filler looped over the gap, else the offline slate until the next item;
 * a file that is not on disk gives the error slate with the reason.
 */
import { stat } from "node:fs/promises";
import type { Channel } from "../db/entities/channel";
import type { FFmpegProfile as ProfileEntity } from "../db/entities/ffmpeg-profile";
import type { Database } from "../db/database";
import type { Repositories } from "../db/repositories";
import { CollectionType, FillerKind, MediaItemKind, StreamingMode, SubtitleDelivery, SubtitleMode } from "../domain/enums";
import type { FFmpegProfile } from "../domain/ffmpeg-profile";
import type { SongDisplay, StreamChannel, StreamContent, StreamGraphic, StreamPlan } from "../domain/stream-plan";
import { findNowPlaying } from "../playout/now-playing";
import { DomainError } from "./domain-error";
import { pausedShiftMs } from "./on-demand-timeline";
import type { SongCoverLookup } from "./song-cover";
import { streamWatermark, type WatermarkImageCheck, type WatermarkImageFiles } from "./stream-watermark";
import { graphicsIdsFor, programmeOf, streamGraphics, type ItemGraphics, type ProgrammeRow } from "./graphics/stream-graphics";
import type { RemotePlayback } from "./media-sources/remote-playback";
import { remoteSourceOf } from "./remote-streams/remote-source";

/** Nothing scheduled after a gap: slates are planned in pieces of this length. */
export const OPEN_GAP_MS = 10 * 60_000;

export class StreamSourceService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
    private readonly songCover: SongCoverLookup = async () => undefined,
    /** Which watermark images FFmpeg may read (none by default). */
    private readonly watermarkImages: WatermarkImageFiles = { check: async () => undefined, channelLogo: async () => undefined },
    /** Media-source items: a path replacement's local file, or the loopback proxy of the server's stream. */
    private readonly remote?: RemotePlayback,
    /** Graphics elements: which images FFmpeg may read, and the zone their times are written in (none drawn without it). */
    private readonly graphics?: { check: WatermarkImageCheck; timeZone: () => string },
  ) {}

  /** The enabled channel with this number and its profile, or NotFound. */
  channel(number: string): Promise<StreamChannel> {
    return this.db.read(async (repos) => toStreamChannel(await this.findChannel(repos, number), repos));
  }

  /** What channel `number` plays at wall-clock time `at`. */
  planAt(number: string, at: number): Promise<StreamPlan> {
    return this.db.read(async (repos) => {
      const entity = await this.findChannel(repos, number);
      const channel = await toStreamChannel(entity, repos);
      const content = await this.contentAt(repos, entity, at);
      return { channel, at, content };
    });
  }

  /**
   * A media item from its start, encoded with a chosen profile as a channel would (the troubleshooter's
   * item mode): the error slate when it has no file or its file is gone.
   */
  planMediaItem(mediaItemId: number, profileId: number): Promise<StreamPlan> {
    return this.db.read(async (repos) => {
      const item = await repos.mediaItems.findById(mediaItemId);
      if (!item) throw DomainError.notFound("Media item", mediaItemId);
      const profile = await repos.ffmpegProfiles.findById(profileId);
      if (!profile) throw DomainError.invalid("ffmpegProfileId", `there is no FFmpeg profile ${profileId}`);
      const channel: StreamChannel = { id: 0, number: "", name: `${item.title} (media item ${item.id}, profile "${profile.name}")`, streamingMode: StreamingMode.TransportStreamHybrid, profile: toBuilderProfile(profile) };
      const at = this.clock();
      const version = (await repos.mediaItems.versionsOf(mediaItemId))[0];
      const limitMs = Math.max(1000, version?.durationMs || OPEN_GAP_MS);
      const remote = await remoteSourceOf(repos, mediaItemId);
      if (remote && !remote.ok) return { channel, at, content: { kind: "error", reason: remote.reason, limitMs, path: remote.path } };
      if (remote) return { channel, at, content: { kind: "media", path: remote.path, remote: remote.source, seekMs: 0, limitMs: Math.min(limitMs, 20_000), filler: false, preferredAudioLanguages: [], subtitleMode: SubtitleMode.None } };
      if (!version) return { channel, at, content: { kind: "error", reason: `Media item ${mediaItemId} has no file`, limitMs } };
      const { path, inputUrl, readable } = await this.source(repos, version.path);
      if (!readable) return { channel, at, content: { kind: "error", reason: `Media item does not exist on disk\n${path}`, limitMs, path } };
      const song = await this.songDisplay(repos, mediaItemId);
      return { channel, at, content: { kind: "media", ...(song ? { song } : {}), path, ...(inputUrl ? { inputUrl } : {}), seekMs: 0, limitMs, filler: false, preferredAudioLanguages: [], subtitleMode: SubtitleMode.None } };
    });
  }

  /** What channel `number` plays now (the injected clock). */
  planNow(number: string): Promise<StreamPlan> {
    return this.planAt(number, this.clock());
  }

  /** Title, artist and album of a song, and its cached cover; undefined for anything that is not a song. */
  private async songDisplay(repos: Repositories, mediaItemId: number): Promise<SongDisplay | undefined> {
    const item = await repos.mediaItems.findById(mediaItemId);
    if (!item || item.kind !== MediaItemKind.Song) return undefined;
    const display: SongDisplay = { title: item.title };
    const artist = item.artist ?? item.albumArtist;
    if (artist) display.artist = artist;
    if (item.album) display.album = item.album;
    const cover = await this.songCover(mediaItemId);
    if (cover) display.coverPath = cover;
    return display;
  }

  private async findChannel(repos: Repositories, number: string): Promise<Channel> {
    const channel = (await repos.channels.list()).find((c) => c.number === number);
    if (!channel || !channel.isEnabled) throw DomainError.notFound("Channel", number);
    return channel;
  }

  private async contentAt(repos: Repositories, channel: Channel, at: number): Promise<StreamContent> {
    const sourceId = channel.mirrorSourceChannelId ?? channel.id;
    const playout = await repos.playouts.findByChannel(sourceId);
    // A paused on-demand timeline (tuning in resumes it; this covers a plan read before that) shows from its checkpoint.
    const pausedMs = playout ? await pausedShiftMs(repos, playout, this.clock()) : 0;
    const offsetMs = (channel.mirrorSourceChannelId !== null ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0) + pausedMs;
    const rows = playout ? await repos.playouts.itemsFrom(playout.id, at - offsetMs, 3) : [];
    const now = findNowPlaying(rows.map((r) => ({ ...r, inPoint: r.inPointMs })), at, { offsetMs, lookahead: 3 });
    const languages = (item?: { preferredAudioLanguageCode: string | null }) =>
      [item?.preferredAudioLanguageCode, channel.preferredAudioLanguageCode].filter((c): c is string => !!c);

    if (now.kind === "playing") {
      const item = now.item;
      const remote = item.mediaItemId !== null ? await remoteSourceOf(repos, item.mediaItemId) : undefined;
      if (remote) {
        if (!remote.ok) return { kind: "error", reason: remote.reason, limitMs: now.remainingMs, path: remote.path };
        const watermark = await streamWatermark(repos, channel, item, at, this.watermarkImages);
        return {
          kind: "media",
          ...(watermark ? { watermark } : {}),
          path: remote.path,
          remote: remote.source,
          seekMs: remote.source.live ? 0 : now.seekMs,
          limitMs: now.remainingMs,
          filler: false,
          preferredAudioLanguages: languages(item),
          subtitleMode: SubtitleMode.None,
        };
      }
      const versions = item.externalPath === null && item.mediaItemId !== null ? await this.versionSources(repos, item.mediaItemId) : [];
      const stored = item.externalPath ?? versions[0]?.stored;
      const source = versions.find((v) => v.readable) ?? (stored !== undefined ? await this.source(repos, stored) : undefined);
      const alternatives = versions.filter((v) => v.readable);
      if (source) {
        const { path, inputUrl } = source;
        if (!source.readable) return { kind: "error", reason: `Playout item does not exist on disk\n${path}`, limitMs: now.remainingMs, path };
        const song = item.mediaItemId !== null ? await this.songDisplay(repos, item.mediaItemId) : undefined;
        const watermark = await streamWatermark(repos, channel, item, at, this.watermarkImages);
        const filler = item.fillerKind !== FillerKind.None;
        const graphics = await this.graphicsFor(repos, channel, item, at, filler, { item, start: now.wallStart, finish: now.wallFinish, following: now.next.find((n) => n.fillerKind === FillerKind.None) ?? now.next[0], offsetMs });
        return {
          kind: "media",
          ...(song ? { song } : {}),
          ...(watermark ? { watermark } : {}),
          ...(graphics.length ? { graphics } : {}),
          path,
          ...(inputUrl ? { inputUrl } : {}),
          seekMs: now.seekMs,
          limitMs: now.remainingMs,
          filler: false,
          preferredAudioLanguages: languages(item),
          preferredSubtitleLanguage: item.preferredSubtitleLanguageCode ?? channel.preferredSubtitleLanguageCode ?? undefined,
          subtitleMode: (item.subtitleMode as SubtitleMode | null) ?? channel.subtitleMode,
          ...channelTracks(channel),
          ...(alternatives.length > 1
            ? { versions: alternatives.map((v) => ({ path: v.path, ...(v.inputUrl ? { inputUrl: v.inputUrl } : {}), label: v.label })), versionPreference: channel.versionPreference }
            : {}),
        };
      }
      if (item.mediaItemId !== null) return { kind: "error", reason: `Playout item ${item.mediaItemId} has no file`, limitMs: now.remainingMs };
      // An offline item kept on the timeline is a gap until its finish.
      return this.gapContent(repos, channel, at, now.remainingMs, now.wallFinish, languages());
    }
    return this.gapContent(repos, channel, at, now.remainingMs, now.gapEnd, languages());
  }

  private async gapContent(repos: Repositories, channel: Channel, at: number, remainingMs: number | undefined, gapEnd: number | undefined, audio: string[]): Promise<StreamContent> {
    const limitMs = Math.min(remainingMs ?? OPEN_GAP_MS, OPEN_GAP_MS);
    const filler = channel.fallbackFillerId !== null ? await this.fallbackFiller(repos, channel.fallbackFillerId, gapEnd ?? 0) : undefined;
    if (!filler) return { kind: "offline", limitMs };
    // Looped from a fixed epoch, so planning again later in the same gap continues where the last piece ended.
    const seekMs = at % filler.durationMs;
    const song = await this.songDisplay(repos, filler.id);
    const watermark = await streamWatermark(repos, channel, undefined, at, this.watermarkImages);
    const graphics = await this.graphicsFor(repos, channel, undefined, at, true, undefined);
    return {
      kind: "media",
      ...(song ? { song } : {}),
      ...(watermark ? { watermark } : {}),
      ...(graphics.length ? { graphics } : {}),
      path: filler.path,
      ...(filler.inputUrl ? { inputUrl: filler.inputUrl } : {}),
      seekMs,
      limitMs: Math.min(limitMs, filler.durationMs - seekMs),
      filler: true,
      preferredAudioLanguages: audio,
      subtitleMode: channel.subtitleMode,
      ...channelTracks(channel),
    };
  }

  /** The graphics elements a piece starting at `at` draws, filled from the programme on air and the next one. */
  private async graphicsFor(
    repos: Repositories,
    channel: Channel,
    item: ItemGraphics | undefined,
    at: number,
    filler: boolean,
    on: { item: ProgrammeRow; start: number; finish: number; following?: ProgrammeRow & { start: number; finish: number }; offsetMs: number } | undefined,
  ): Promise<StreamGraphic[]> {
    if (!this.graphics) return [];
    const ids = graphicsIdsFor(channel, item);
    if (!ids.length) return [];
    const now = on ? await programmeOf(repos, on.item, on.start, on.finish) : undefined;
    const next = on?.following ? await programmeOf(repos, on.following, on.following.start + on.offsetMs, on.following.finish + on.offsetMs) : undefined;
    const context = { channel: { name: channel.name, number: channel.number }, at, filler, timeZone: this.graphics.timeZone(), ...(now ? { now } : {}), ...(next ? { next } : {}) };
    return streamGraphics(repos, ids, context, this.graphics.check);
  }

  /**
   * Where FFmpeg reads a stored path: a media server's item through the path replacements (a local file) or
   * the loopback stream proxy (`inputUrl`), else the file itself; `readable` is false for a missing local file.
   */
  private async source(repos: Repositories, stored: string): Promise<{ path: string; inputUrl?: string; readable: boolean }> {
    const remote = this.remote ? await this.remote.resolve(repos, stored) : null;
    const path = remote?.path ?? stored;
    if (remote?.inputUrl) return { path, inputUrl: remote.inputUrl, readable: true };
    return { path, readable: await isFile(path) };
  }

  /** Every version of an item (first first) with where FFmpeg reads it and whether it can. */
  private async versionSources(repos: Repositories, mediaItemId: number): Promise<Array<{ stored: string; path: string; inputUrl?: string; readable: boolean; label: string | null }>> {
    const versions = await repos.mediaItems.versionsOf(mediaItemId);
    return Promise.all(versions.map(async (v) => ({ stored: v.path, label: v.label, ...(await this.source(repos, v.path)) })));
  }

  /** One item of the fallback filler preset (the same one for the whole gap), if it can be played. */
  private async fallbackFiller(repos: Repositories, presetId: number, gapKey: number): Promise<{ id: number; path: string; inputUrl?: string; durationMs: number } | undefined> {
    const [preset] = await repos.schedules.fillerPresetsByIds([presetId]);
    if (!preset) return undefined;
    let ids: number[] = [];
    if (preset.collectionType === CollectionType.MediaItem && preset.mediaItemId !== null) ids = [preset.mediaItemId];
    else if (preset.collectionType === CollectionType.Collection && preset.collectionId !== null) {
      const members = (await repos.playoutContent.collectionMembers([preset.collectionId])).map((m) => m.mediaItemId);
      const children = (await repos.playoutContent.descendants(members)).map((d) => d.id);
      ids = [...members, ...children];
    } else if ((preset.collectionType === CollectionType.TelevisionShow || preset.collectionType === CollectionType.TelevisionSeason) && preset.mediaItemId !== null) {
      ids = (await repos.playoutContent.descendants([preset.mediaItemId])).map((d) => d.id);
    }
    const playable = await repos.playoutContent.playableItems(ids);
    if (!playable.length) return undefined;
    const chosen = playable[Math.abs(Math.floor(gapKey / 1000)) % playable.length]!;
    const version = (await repos.mediaItems.versionsOf(chosen.id)).find((v) => v.id === chosen.versionId);
    const source = version ? await this.source(repos, version.path) : undefined;
    if (!source?.readable) return undefined;
    return { id: chosen.id, path: source.path, ...(source.inputUrl ? { inputUrl: source.inputUrl } : {}), durationMs: chosen.durationMs };
  }
}

/** The channel's audio tracks and soft-subtitle languages, as the stream plan carries them. */
export function channelTracks(channel: Channel): Pick<Extract<StreamContent, { kind: "media" }>, "audioTracks" | "softSubtitles"> {
  const out: Pick<Extract<StreamContent, { kind: "media" }>, "audioTracks" | "softSubtitles"> = {};
  if (channel.audioLanguageCodes?.length) out.audioTracks = [...channel.audioLanguageCodes];
  const soft = softSubtitleLanguages(channel);
  if (soft.length) out.softSubtitles = soft;
  return out;
}

/**
 * A soft-subtitle channel's rendition languages (its list, else its preferred language: the channel's, never an
 * item's, so the renditions a player was given stay the same all session); empty when subtitles are burned in or off.
 */
export function softSubtitleLanguages(channel: Channel): string[] {
  if (channel.subtitleDelivery !== SubtitleDelivery.Soft || channel.subtitleMode === SubtitleMode.None) return [];
  if (channel.subtitleLanguageCodes?.length) return [...channel.subtitleLanguageCodes];
  return channel.preferredSubtitleLanguageCode ? [channel.preferredSubtitleLanguageCode] : [];
}

async function toStreamChannel(channel: Channel, repos: Repositories): Promise<StreamChannel> {
  const profile = await repos.ffmpegProfiles.findById(channel.ffmpegProfileId);
  if (!profile) throw DomainError.notFound("FFmpeg profile", channel.ffmpegProfileId);
  return { id: channel.id, number: channel.number, name: channel.name, streamingMode: channel.streamingMode, profile: toBuilderProfile(profile), ...channelTracks(channel) };
}

/** The stored profile as the pure argument builder reads it. */
export function toBuilderProfile(p: ProfileEntity): FFmpegProfile {
  return {
    id: p.id,
    copyWhenCompatible: p.copyWhenCompatible,
    threadCount: p.threadCount,
    hardwareAcceleration: p.hardwareAcceleration,
    vaapiDevice: p.vaapiDevice ?? undefined,
    resolution: { width: p.resolution.width, height: p.resolution.height },
    scalingBehavior: p.scalingBehavior,
    videoFormat: p.videoFormat,
    videoProfile: p.videoProfile,
    bitDepth: p.bitDepth === 10 ? 10 : 8,
    videoBitrate: p.videoBitrate,
    videoBufferSize: p.videoBufferSize,
    audioFormat: p.audioFormat,
    audioBitrate: p.audioBitrate,
    audioBufferSize: p.audioBufferSize,
    audioChannels: p.audioChannels,
    audioSampleRate: p.audioSampleRate,
    normalizeFramerate: p.normalizeFramerate,
    deinterlaceVideo: p.deinterlaceVideo,
    normalizeLoudness: p.normalizeLoudness,
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
