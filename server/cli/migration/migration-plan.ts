/**
 * What `airwave import --from …` brings over, whatever program it came from: each reader (dizqueTV,
 * Tunarr) turns its folder into this plan, and one applier creates it on the server.
 */
export interface MigratedProgramme {
  title: string;
  durationMs: number;
  /** A flex slot: nothing (or the channel's filler) plays for its duration. */
  offline: boolean;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  type?: string;
  /** The item on the media server the old program played it from (server name, ratingKey or item id), matched first. */
  remoteIds: { server: string; id: string }[];
  /** External ids as `source://value` (imdb://tt…, tmdb://…, tvdb://…, plex://…), matched next. */
  guids: string[];
  /** Absolute file paths as the old program knew them, matched next (and played directly if they exist here). */
  paths: string[];
}

export interface MigratedFillerList {
  /** The old program's id of the list (channels refer to it). */
  id: string;
  name: string;
  items: MigratedProgramme[];
}

export interface MigratedProfile {
  /** The old program's id of the settings (channels refer to it). */
  key: string;
  name: string;
  /** FFmpeg profile fields with an Airwave equivalent. */
  fields: Record<string, unknown>;
  /** Settings that have none. */
  unmapped: string[];
}

export interface MigratedChannel {
  number: number;
  name: string;
  /** Logo URL (only http(s) ones are kept). */
  icon?: string;
  group?: string;
  /** Epoch ms the programme list first started; it loops from there. */
  startTime: number;
  guideMinimumDurationSeconds: number;
  programmes: MigratedProgramme[];
  /** Filler lists by id, heaviest first. */
  fillerListIds: string[];
  profileKey?: string;
}

export interface MigrationPlan {
  /** The program's name as the report says it: dizqueTV, Tunarr. */
  source: string;
  channels: MigratedChannel[];
  fillerLists: MigratedFillerList[];
  profiles: MigratedProfile[];
  /** What could not be read, with why. */
  problems: string[];
}

const DAY_MS = 86_400_000;
/** Well under what an ExternalJson file may hold (200,000 programmes). */
const MAX_PROGRAMMES = 100_000;

/** A playable file of a channel file programme: the library item's, else the first path the old program knew. */
export type FileOf = (programme: MigratedProgramme) => string | undefined;

/**
 * The channel as an Airwave ExternalJson file. dizqueTV and Tunarr loop the programme list forever from its
 * start; ExternalJson plays it once, so the file starts at the cycle playing `now` and repeats the list to
 * cover `days` ahead (fewer for a very short list, to stay within what a channel file may hold).
 */
export function loopedChannelFile(channel: MigratedChannel, fileOf: FileOf, now: number, days = 30) {
  const programmes = channel.programmes.filter((p) => Number.isFinite(p.durationMs) && p.durationMs > 0);
  const cycle = programmes.reduce((sum, p) => sum + p.durationMs, 0);
  const start = channel.startTime;
  const from = cycle > 0 && start <= now ? start + Math.floor((now - start) / cycle) * cycle : start;
  const once = programmes.map((p) =>
    p.offline
      ? { isOffline: true, duration: p.durationMs }
      : { title: p.title, duration: p.durationMs, file: fileOf(p), showTitle: p.showTitle, season: p.season, episode: p.episode, year: p.year, type: p.type },
  );
  const programs: typeof once = [];
  for (let end = from; cycle > 0 && end < now + days * DAY_MS && programs.length + once.length <= MAX_PROGRAMMES; end += cycle) programs.push(...once);
  return { startTime: new Date(from).toISOString(), guideMinimumDurationSeconds: channel.guideMinimumDurationSeconds, programs };
}

/** What Tunarr's channel ids are. An id from a foreign database names a file only once it is one of these. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A foreign channel number, kept only when it is a whole number (it names the channel file Airwave writes). */
export function channelNumberOf(value: unknown): number | undefined {
  return wholeNumber(value, 0, 999_999);
}

/** Kept only when it is a whole number in range (a stored setting may be anything). */
export function wholeNumber(value: unknown, min: number, max: number): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** Collects FFmpeg profile fields from another program's settings, remembering which settings it used. */
export function profileFields() {
  const fields: Record<string, unknown> = {};
  const used = new Set<string>();
  return {
    fields,
    used,
    /** Sets `field` from the setting `setting` unless the value is undefined (no equivalent). */
    take(setting: string, field: string, value: unknown): void {
      if (value === undefined) return;
      fields[field] = value;
      used.add(setting);
    },
  };
}
