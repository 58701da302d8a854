import { randomUUID } from "node:crypto";
import { CHANNEL_NUMBER_PATTERN, CHANNEL_NUMBER_RULE, normalizeChannelNumber } from "./channel-number";
import { ChannelPlayoutMode, FillerKind, type PlayoutKind, StreamingMode, SubtitleDelivery, SubtitleMode, VersionPreference } from "../domain/enums";
import type { Database } from "../db/database";
import { Channel } from "../db/entities/channel";
import type { Repositories } from "../db/repositories";
import type { ChannelInput } from "./channel-input";
import { checkGraphicsIds, knownGraphics } from "./graphics/graphics-list";
import { DomainError } from "./domain-error";
import { resumeTimeline, type ShiftState } from "./on-demand-timeline";
import type { FFmpegProfileService } from "./ffmpeg-profile-service";
import { isHttpUrl } from "./validation/absolute-url";
import { normalizeLanguageCode } from "../domain/language-code";
import { formatTimeSpan, parseTimeSpan } from "./validation/time-span";
import { Violations } from "./validation/violations";

export const DEFAULT_CHANNEL_GROUP = "Airwave";
const MAX_OFFSET_SECONDS = 12 * 3600;
const MAX_CATEGORIES = 20;
/** Audio tracks or subtitle renditions a channel may carry. */
const MAX_TRACK_LANGUAGES = 8;

/** A channel as the API layers show it. */
export interface ChannelView {
  channel: Channel;
  playoutId: number | null;
}

type WriteMode = "create" | "replace" | "patch";

/** How a playout kind moves its times, or why it cannot (PlayoutService.timeShift). */
export type TimeShiftLookup = (kind: PlayoutKind) => { ok: true; shiftState: ShiftState } | { ok: false; reason: string };

export class ChannelService {
  private listCache: { version: number; views: ChannelView[] } | undefined;
  /** A channel just became on-demand: it pauses now unless someone watches it (OnDemandService). */
  private madeOnDemand: (channelId: number) => Promise<void> = async () => undefined;
  private timeShift: TimeShiftLookup = (kind) => ({ ok: false, reason: `${kind} playouts cannot move in time` });
  private clock: () => number = Date.now;

  constructor(
    private readonly db: Database,
    private readonly profiles: FFmpegProfileService,
  ) {}

  /** The playout kinds' time-shift support (the playout service registers the kinds after this service exists). */
  useTimeShifts(lookup: TimeShiftLookup, clock: () => number, madeOnDemand: (channelId: number) => Promise<void>): void {
    this.timeShift = lookup;
    this.clock = clock;
    this.madeOnDemand = madeOnDemand;
  }

  /** Changes whenever a channel (or anything else) may have changed. */
  get listVersion(): number {
    return this.db.writeVersion;
  }

  /** Every channel in channel-number order (cached until the next write). */
  async list(): Promise<ChannelView[]> {
    const version = this.db.writeVersion;
    if (this.listCache?.version === version) return this.listCache.views;
    const views = await this.db.read(async (repos) => {
      const [channels, playouts] = await Promise.all([repos.channels.list(), repos.channels.playoutIds()]);
      return channels.map((channel) => ({ channel, playoutId: playouts.get(channel.id) ?? null }));
    });
    if (this.db.writeVersion === version) this.listCache = { version, views };
    return views;
  }

  async get(id: number): Promise<ChannelView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  async getMany(ids: readonly number[]): Promise<Channel[]> {
    return ids.length === 0 ? [] : this.db.read((repos) => repos.channels.findByIds(ids));
  }

  /** Playout id per channel id. */
  async playoutIds(): Promise<Map<number, number>> {
    return this.db.read((repos) => repos.channels.playoutIds());
  }

  create(input: ChannelInput): Promise<ChannelView> {
    return this.db.write(async (repos) => ({ channel: await this.createIn(repos, input), playoutId: null }));
  }

  /** Creates a channel inside the caller's transaction, by the same rules as `create`. */
  async createIn(repos: Repositories, input: ChannelInput): Promise<Channel> {
    const channel = new Channel();
    channel.uniqueId = randomUUID();
    await this.apply(repos, channel, input, "create");
    return repos.channels.save(channel);
  }

  /** PUT: every field is set from the input, omitted ones to their defaults. */
  replace(id: number, input: ChannelInput): Promise<ChannelView> {
    return this.update(id, input, "replace");
  }

  /** PATCH: only the fields present in the input change. */
  patch(id: number, input: ChannelInput): Promise<ChannelView> {
    return this.update(id, input, "patch");
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      const channel = await repos.channels.findById(id);
      if (!channel) throw DomainError.notFound("Channel", id);
      const mirrors = await repos.channels.mirrorsOf(id);
      if (mirrors.length > 0) {
        throw DomainError.invalid("id", `channel ${channel.number} is the mirror source of channel(s) ${mirrors.join(", ")}`);
      }
      await repos.channels.delete(id);
    });
  }

  /** Seeds channel 1 on the first start. */
  async seedFirstChannel(repos: Repositories, name: string): Promise<void> {
    await this.createIn(repos, { number: "1", name });
  }

  private async update(id: number, input: ChannelInput, mode: WriteMode): Promise<ChannelView> {
    let madeOnDemand = false;
    const view = await this.db.write(async (repos) => {
      const channel = await repos.channels.findById(id);
      if (!channel) throw DomainError.notFound("Channel", id);
      const wasOnDemand = channel.playoutMode === ChannelPlayoutMode.OnDemand;
      await this.apply(repos, channel, input, mode);
      await repos.channels.save(channel);
      if (wasOnDemand && channel.playoutMode === ChannelPlayoutMode.Continuous) await this.resumeForGood(repos, id);
      madeOnDemand = !wasOnDemand && channel.playoutMode === ChannelPlayoutMode.OnDemand;
      return this.view(repos, id);
    });
    if (madeOnDemand) await this.madeOnDemand(id);
    return view;
  }

  /** A paused on-demand channel made continuous runs on from its checkpoint, not from where real time went. */
  private async resumeForGood(repos: Repositories, channelId: number): Promise<void> {
    const playout = await repos.playouts.findByChannel(channelId);
    const support = playout ? this.timeShift(playout.kind) : undefined;
    if (playout && playout.pausedAt !== null && support?.ok) await resumeTimeline(repos, playout, support.shiftState, this.clock());
  }

  private async view(repos: Repositories, id: number): Promise<ChannelView> {
    const channel = await repos.channels.findById(id);
    if (!channel) throw DomainError.notFound("Channel", id);
    const playouts = await repos.channels.playoutIds();
    return { channel, playoutId: playouts.get(id) ?? null };
  }

  /** Validates the input against every rule, then writes it onto `channel`. Throws with all violations. */
  private async apply(repos: Repositories, channel: Channel, input: ChannelInput, mode: WriteMode): Promise<void> {
    const v = new Violations();
    const keep = mode === "patch";
    const pick = <K extends keyof ChannelInput>(key: K, fallback: ChannelInput[K]): ChannelInput[K] =>
      input[key] !== undefined ? input[key] : keep ? fallback : undefined;
    const isNew = channel.id === undefined;

    let number = pick("number", channel.number);
    if (number === undefined || number === null) {
      number = isNew ? String(Math.floor(await repos.channels.maxSortNumber()) + 1) : channel.number;
    }
    number = normalizeChannelNumber(String(number).trim());
    if (!CHANNEL_NUMBER_PATTERN.test(number)) {
      v.add("number", CHANNEL_NUMBER_RULE);
    } else if (await repos.channels.isNumberTaken(number, isNew ? undefined : channel.id)) {
      v.add("number", `channel number ${number} is already used by another channel`);
    }

    const name = v.text("name", pick("name", channel.name), 1, 50);
    const group = v.text("group", pick("group", channel.group) ?? DEFAULT_CHANNEL_GROUP, 1, 50);

    const rawCategories = pick("categories", channel.categories) ?? [];
    const categories = [...new Set(rawCategories.map((c) => String(c).trim()).filter((c) => c.length > 0))];
    if (categories.length > MAX_CATEGORIES) v.add("categories", `must not have more than ${MAX_CATEGORIES} entries`);
    if (categories.some((c) => c.length > 50)) v.add("categories", "each category must not be longer than 50 characters");

    let ffmpegProfileId = pick("ffmpegProfileId", channel.ffmpegProfileId);
    if (ffmpegProfileId === undefined || ffmpegProfileId === null) ffmpegProfileId = await this.profiles.defaultProfileId(repos);
    if (!(await repos.ffmpegProfiles.exists(ffmpegProfileId))) {
      v.add("ffmpegProfileId", `FFmpeg profile ${ffmpegProfileId} does not exist`);
    }

    const streamingMode = pick("streamingMode", channel.streamingMode) ?? StreamingMode.TransportStreamHybrid;
    v.oneOf("streamingMode", streamingMode, Object.values(StreamingMode));

    const logoUrl = pick("logoUrl", channel.logoUrl) ?? null;
    if (logoUrl !== null && (logoUrl.length > 2048 || !isHttpUrl(logoUrl))) {
      v.add("logoUrl", "must be an absolute http or https URL");
    }

    const isEnabled = pick("isEnabled", channel.isEnabled) ?? true;
    const showInEpg = pick("showInEpg", channel.showInEpg) ?? true;
    if (showInEpg && !isEnabled) v.add("showInEpg", "must be false while isEnabled is false");

    const mirrorSourceChannelId = pick("mirrorSourceChannelId", channel.mirrorSourceChannelId) ?? null;
    if (mirrorSourceChannelId !== null) {
      const source = await repos.channels.findById(mirrorSourceChannelId);
      if (!isNew && mirrorSourceChannelId === channel.id) v.add("mirrorSourceChannelId", "a channel cannot mirror itself");
      else if (!source) v.add("mirrorSourceChannelId", `channel ${mirrorSourceChannelId} does not exist`);
      else if (source.mirrorSourceChannelId !== null) {
        v.add("mirrorSourceChannelId", `channel ${source.number} is itself a mirror and cannot be a mirror source`);
      }
      if (!isNew) {
        const mirrors = await repos.channels.mirrorsOf(channel.id);
        if (mirrors.length > 0) {
          v.add("mirrorSourceChannelId", `this channel is the mirror source of channel(s) ${mirrors.join(", ")}`);
        }
        if ((await repos.channels.playoutIds()).has(channel.id)) {
          v.add("mirrorSourceChannelId", "this channel has its own playout; delete it before making the channel a mirror");
        }
      }
    }

    const playoutMode = pick("playoutMode", channel.playoutMode) ?? ChannelPlayoutMode.Continuous;
    v.oneOf("playoutMode", playoutMode, Object.values(ChannelPlayoutMode));
    if (playoutMode === ChannelPlayoutMode.OnDemand) {
      if (mirrorSourceChannelId !== null) v.add("playoutMode", "a mirror channel cannot be on-demand: it follows its source channel's timeline (make the source on-demand)");
      const playout = isNew ? null : await repos.playouts.findByChannel(channel.id);
      const support = playout ? this.timeShift(playout.kind) : undefined;
      if (playout && support && !support.ok) v.add("playoutMode", `this channel's ${playout.kind} playout cannot be on-demand: ${support.reason}`);
    }

    const offsetText = pick("playoutOffset", channel.playoutOffsetSeconds === null ? null : formatTimeSpan(channel.playoutOffsetSeconds ?? 0)) ?? null;
    let playoutOffsetSeconds: number | null = null;
    if (offsetText !== null) {
      const seconds = parseTimeSpan(offsetText);
      if (seconds === undefined) v.add("playoutOffset", "must be a time span hh:mm:ss, optionally signed (e.g. -01:00:00)");
      else if (Math.abs(seconds) > MAX_OFFSET_SECONDS) v.add("playoutOffset", "must be within ±12:00:00");
      else if (mirrorSourceChannelId === null) v.add("playoutOffset", "is only allowed on a mirror channel (set mirrorSourceChannelId)");
      else playoutOffsetSeconds = seconds;
    }

    const audioLanguage = this.language(v, "preferredAudioLanguageCode", pick("preferredAudioLanguageCode", channel.preferredAudioLanguageCode));
    const subtitleLanguage = this.language(v, "preferredSubtitleLanguageCode", pick("preferredSubtitleLanguageCode", channel.preferredSubtitleLanguageCode));

    const subtitleMode = pick("subtitleMode", channel.subtitleMode) ?? SubtitleMode.None;
    v.oneOf("subtitleMode", subtitleMode, Object.values(SubtitleMode));
    const subtitleDelivery = pick("subtitleDelivery", channel.subtitleDelivery) ?? SubtitleDelivery.BurnIn;
    v.oneOf("subtitleDelivery", subtitleDelivery, Object.values(SubtitleDelivery));
    const subtitleLanguageCodes = this.languageList(v, "subtitleLanguageCodes", pick("subtitleLanguageCodes", channel.subtitleLanguageCodes) ?? []);
    const audioLanguageCodes = this.languageList(v, "audioLanguageCodes", pick("audioLanguageCodes", channel.audioLanguageCodes) ?? []);
    if (subtitleDelivery === SubtitleDelivery.Soft) {
      if (subtitleMode === SubtitleMode.None) v.add("subtitleDelivery", "Soft needs a subtitleMode other than None (None turns subtitles off)");
      else if (!subtitleLanguageCodes.length && !subtitleLanguage) v.add("subtitleLanguageCodes", "soft subtitles need at least one language (or a preferredSubtitleLanguageCode)");
    }

    const versionPreference = pick("versionPreference", channel.versionPreference) ?? VersionPreference.MatchProfile;
    v.oneOf("versionPreference", versionPreference, Object.values(VersionPreference));

    const watermarkId = pick("watermarkId", channel.watermarkId) ?? null;
    if (watermarkId !== null && !(await repos.watermarks.findById(watermarkId))) v.add("watermarkId", `watermark ${watermarkId} does not exist`);
    const graphicsInput = pick("graphicsIds", channel.graphicsIds);
    const graphicsIds = checkGraphicsIds(v, "graphicsIds", graphicsInput, await knownGraphics(repos, [graphicsInput]));
    const fallbackFillerId = pick("fallbackFillerId", channel.fallbackFillerId) ?? null;
    if (fallbackFillerId !== null) {
      const preset = await repos.fillerPresets.findById(fallbackFillerId);
      if (!preset) v.add("fallbackFillerId", `filler preset ${fallbackFillerId} does not exist`);
      else if (preset.kind !== FillerKind.Fallback) v.add("fallbackFillerId", `filler preset "${preset.name}" is a ${preset.kind} preset; a channel's fallback filler must be of kind Fallback`);
    }

    v.throwIfAny();
    Object.assign(channel, {
      number,
      sortNumber: Number(number),
      name,
      group,
      categories,
      ffmpegProfileId,
      streamingMode,
      logoUrl,
      isEnabled,
      showInEpg,
      mirrorSourceChannelId,
      playoutMode,
      playoutOffsetSeconds,
      preferredAudioLanguageCode: audioLanguage,
      preferredSubtitleLanguageCode: subtitleLanguage,
      subtitleMode,
      subtitleDelivery,
      subtitleLanguageCodes,
      audioLanguageCodes,
      versionPreference,
      watermarkId,
      graphicsIds,
      fallbackFillerId,
    });
  }

  /** ISO 639-2 codes, order kept; each must be a language code and name a language once. */
  private languageList(v: Violations, field: string, values: readonly string[]): string[] {
    if (values.length > MAX_TRACK_LANGUAGES) v.add(field, `at most ${MAX_TRACK_LANGUAGES} languages`);
    const codes: string[] = [];
    values.forEach((value, i) => {
      const code = typeof value === "string" ? normalizeLanguageCode(value) : undefined;
      if (!code) v.add(`${field}[${i}]`, `"${String(value)}" is not an ISO 639-1 or ISO 639-2 language code`);
      else if (codes.includes(code)) v.add(`${field}[${i}]`, `"${value}" names a language listed before it`);
      else codes.push(code);
    });
    return codes;
  }

  private language(v: Violations, field: string, value: string | null | undefined): string | null {
    if (value === undefined || value === null || value.trim() === "") return null;
    const code = normalizeLanguageCode(value);
    if (!code) v.add(field, `"${value}" is not an ISO 639-1 or ISO 639-2 language code`);
    return code ?? null;
  }
}

export function formatPlayoutOffset(channel: Channel): string | null {
  return channel.playoutOffsetSeconds === null ? null : formatTimeSpan(channel.playoutOffsetSeconds);
}
