import fs from "node:fs";
import path from "node:path";
import { all, READ_ONLY, withDb, type Db } from "../../db/sqlite-file";
import { channelNumberOf, profileFields, UUID_PATTERN, wholeNumber, type MigratedChannel, type MigratedProfile, type MigratedProgramme, type MigrationPlan } from "./migration-plan";

/**
 * What Airwave reads from a Tunarr data folder (modelled on Tunarr 1.0): the SQLite database `db.db` and
 * the lineups in `channel-lineups/<channel uuid>.json`. A lineup's `items` play in order from the channel's
 * `start_time` (epoch ms), looping: `{type: "content", id: <program uuid>, durationMs}`, `{type: "offline",
 * durationMs}` or `{type: "redirect", channel, durationMs}`. Programs keep the media server's name and item id,
 * its file path and external ids (`program_external_id`: imdb, tmdb, tvdb, plex-guid, …); filler lists are `filler_show`
 * with `filler_show_content` and `channel_filler_show` (weight, cooldown); each channel names a
 * `transcode_config`.
 */
export const TUNARR_DATABASE = "db.db";
const LINEUPS = "channel-lineups";
const CHUNK = 400;

interface ChannelRow {
  uuid: string;
  number: number;
  name: string;
  icon: string | null;
  group_title: string | null;
  start_time: number;
  guide_minimum_duration: number | null;
  transcode_config_id: string | null;
}

interface ProgramRow {
  uuid: string;
  type: string;
  title: string;
  duration: number;
  show_title: string | null;
  season_number: number | null;
  episode: number | null;
  year: number | null;
  file_path: string | null;
  source_type: string;
  external_source_id: string;
  external_key: string;
}

interface ExternalIdRow {
  program_uuid: string;
  source_type: string;
  external_key: string;
  direct_file_path: string | null;
}

interface LineupItem {
  type?: string;
  id?: string;
  durationMs?: number;
}

const GUID_SOURCES: Record<string, string> = { imdb: "imdb", tmdb: "tmdb", tvdb: "tvdb" };
/** Programs from these keep the server's name (`external_source_id`) and the item's id there (`external_key`). */
const MEDIA_SERVERS = new Set(["plex", "jellyfin", "emby"]);

export async function readTunarrFolder(dir: string): Promise<MigrationPlan> {
  const problems: string[] = [];
  const plan: MigrationPlan = { source: "Tunarr", channels: [], fillerLists: [], profiles: [], problems };
  const file = path.join(dir, TUNARR_DATABASE);
  if (!fs.existsSync(file)) {
    problems.push(`${file} does not exist: give Tunarr's data folder (the one holding ${TUNARR_DATABASE} and ${LINEUPS}/)`);
    return plan;
  }
  try {
    await withDb(file, READ_ONLY, (db) => readDatabase(db, dir, plan));
  } catch (error) {
    problems.push(`${file}: cannot be read as a Tunarr 1.0 database: ${(error as Error).message}`);
  }
  return plan;
}

async function readDatabase(db: Db, dir: string, plan: MigrationPlan): Promise<void> {
  const channels = await all<ChannelRow>(db, "SELECT uuid, number, name, icon, group_title, start_time, guide_minimum_duration, transcode_config_id FROM channel ORDER BY number");
  const lineups = new Map<string, LineupItem[]>();
  for (const channel of channels) {
    // The id names the lineup file and the number the channel file: both are checked before they reach a path.
    if (!UUID_PATTERN.test(String(channel.uuid))) {
      plan.problems.push(`channel ${JSON.stringify(channel.name)}: its id ${JSON.stringify(String(channel.uuid).slice(0, 80))} is not a UUID; skipped`);
      continue;
    }
    if (channelNumberOf(channel.number) === undefined) {
      plan.problems.push(`channel ${JSON.stringify(channel.name)}: its number ${JSON.stringify(String(channel.number).slice(0, 80))} is not a whole number; skipped`);
      continue;
    }
    const lineup = readLineup(path.join(dir, LINEUPS, `${channel.uuid}.json`), plan.problems);
    if (lineup) lineups.set(channel.uuid, lineup);
  }
  const fillerShows = await all<{ uuid: string; name: string }>(db, "SELECT uuid, name FROM filler_show ORDER BY name");
  const fillerContent = await all<{ filler_show_uuid: string; program_uuid: string }>(db, 'SELECT filler_show_uuid, program_uuid FROM filler_show_content ORDER BY filler_show_uuid, "index"');
  const channelFillers = await all<{ channel_uuid: string; filler_show_uuid: string }>(db, "SELECT channel_uuid, filler_show_uuid FROM channel_filler_show ORDER BY weight DESC");

  const wanted = new Set([...fillerContent.map((c) => c.program_uuid), ...[...lineups.values()].flat().flatMap((item) => (item.type === "content" && item.id ? [item.id] : []))]);
  const programmes = await readPrograms(db, [...wanted]);

  for (const channel of channels) {
    const lineup = lineups.get(channel.uuid);
    if (!lineup) continue;
    plan.channels.push(toChannel(channel, lineup, programmes, channelFillers, plan.problems));
  }
  for (const show of fillerShows) {
    const items = fillerContent.filter((c) => c.filler_show_uuid === show.uuid).flatMap((c) => programmes.get(c.program_uuid) ?? []);
    plan.fillerLists.push({ id: show.uuid, name: show.name, items });
  }
  const used = new Set(plan.channels.map((c) => c.profileKey));
  const configs = await all<Record<string, unknown>>(db, "SELECT * FROM transcode_config ORDER BY name");
  plan.profiles = configs.filter((config) => used.has(String(config.uuid))).map(mapTranscodeConfig);
}

function readLineup(file: string, problems: string[]): LineupItem[] | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(file, "utf8")) as { items?: unknown };
    if (Array.isArray(data.items)) return data.items.filter((item): item is LineupItem => item !== null && typeof item === "object");
    problems.push(`${file}: not a Tunarr lineup (needs items)`);
  } catch (error) {
    problems.push(`${file}: ${(error as Error).message}`);
  }
  return undefined;
}

async function readPrograms(db: Db, ids: string[]): Promise<Map<string, MigratedProgramme>> {
  const result = new Map<string, MigratedProgramme>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const marks = chunk.map(() => "?").join(",");
    const rows = await all<ProgramRow>(db, `SELECT uuid, type, title, duration, show_title, season_number, episode, year, file_path, source_type, external_source_id, external_key FROM program WHERE uuid IN (${marks})`, chunk);
    const external = await all<ExternalIdRow>(db, `SELECT program_uuid, source_type, external_key, direct_file_path FROM program_external_id WHERE program_uuid IN (${marks})`, chunk);
    for (const row of rows) {
      const ids = external.filter((e) => e.program_uuid === row.uuid);
      const paths = [row.file_path, ...ids.map((e) => e.direct_file_path)].filter((p): p is string => typeof p === "string" && path.isAbsolute(p));
      result.set(row.uuid, {
        title: row.title,
        durationMs: row.duration,
        offline: false,
        showTitle: row.show_title ?? undefined,
        season: wholeNumber(row.season_number, 0, 100_000),
        episode: wholeNumber(row.episode, 0, 100_000),
        year: wholeNumber(row.year, 1800, 3000),
        type: row.type,
        remoteIds: MEDIA_SERVERS.has(row.source_type) && row.external_source_id && row.external_key ? [{ server: row.external_source_id, id: row.external_key }] : [],
        guids: ids.flatMap(guidOf),
        paths: [...new Set(paths)],
      });
    }
  }
  return result;
}

/** Tunarr's external ids as Airwave guids: imdb/tmdb/tvdb ids, and Plex's own `plex://…` guids. */
function guidOf(row: ExternalIdRow): string[] {
  const source = GUID_SOURCES[row.source_type];
  if (source) return [`${source}://${source === "imdb" ? row.external_key.toLowerCase() : row.external_key}`];
  if (row.source_type === "plex-guid" && row.external_key.startsWith("plex://")) return [row.external_key];
  return [];
}

function toChannel(row: ChannelRow, lineup: LineupItem[], programmes: Map<string, MigratedProgramme>, fillers: { channel_uuid: string; filler_show_uuid: string }[], problems: string[]): MigratedChannel {
  const items = lineup.map((item): MigratedProgramme => {
    const durationMs = typeof item.durationMs === "number" ? item.durationMs : 0;
    const known = item.type === "content" && item.id ? programmes.get(item.id) : undefined;
    if (known) return { ...known, durationMs };
    if (item.type === "content") problems.push(`channel ${row.number}: program ${item.id} is not in the database; played as a gap`);
    if (item.type === "redirect") problems.push(`channel ${row.number}: a redirect to another channel is played as a gap`);
    return { title: "Offline", durationMs, offline: true, remoteIds: [], guids: [], paths: [] };
  });
  let icon: string | undefined;
  try {
    icon = row.icon ? String((JSON.parse(row.icon) as { path?: unknown }).path ?? "") || undefined : undefined;
  } catch {
    icon = undefined;
  }
  return {
    number: row.number,
    name: row.name,
    icon,
    group: row.group_title ?? undefined,
    startTime: row.start_time,
    guideMinimumDurationSeconds: Math.round((row.guide_minimum_duration ?? 0) / 1000),
    programmes: items,
    fillerListIds: fillers.filter((f) => f.channel_uuid === row.uuid).map((f) => f.filler_show_uuid),
    profileKey: row.transcode_config_id ?? undefined,
  };
}

const HARDWARE: Record<string, string> = { none: "None", cuda: "Nvenc", vaapi: "Vaapi", qsv: "Qsv", videotoolbox: "VideoToolbox" };
const VIDEO: Record<string, string> = { h264: "H264", hevc: "Hevc", mpeg2video: "Mpeg2Video" };
const AUDIO: Record<string, string> = { aac: "Aac", ac3: "Ac3" };
const NUMBERS: Record<string, [string, number, number]> = {
  thread_count: ["threadCount", 0, 64], video_bit_rate: ["videoBitrate", 1, 1_000_000], video_buffer_size: ["videoBufferSize", 0, 1_000_000],
  video_bit_depth: ["bitDepth", 8, 10], audio_bit_rate: ["audioBitrate", 1, 10_000], audio_buffer_size: ["audioBufferSize", 0, 100_000],
  audio_channels: ["audioChannels", 1, 8], audio_sample_rate: ["audioSampleRate", 8, 192],
};
/** Bookkeeping columns, not settings. */
const NOT_SETTINGS = new Set(["uuid", "name", "is_default", "created_at", "updated_at"]);

/** A Tunarr transcode configuration as FFmpeg profile fields where Airwave has an equivalent. */
export function mapTranscodeConfig(config: Record<string, unknown>): MigratedProfile {
  const { fields, used, take } = profileFields();
  try {
    const resolution = JSON.parse(String(config.resolution)) as { widthPx?: unknown; heightPx?: unknown };
    const width = wholeNumber(resolution.widthPx, 16, 7680);
    const height = wholeNumber(resolution.heightPx, 16, 4320);
    if (width && height) take("resolution", "resolution", { width, height });
  } catch {
    // An unreadable resolution stays unmapped.
  }
  for (const [column, [field, min, max]] of Object.entries(NUMBERS)) take(column, field, wholeNumber(config[column], min, max));
  take("hardware_acceleration_mode", "hardwareAcceleration", HARDWARE[String(config.hardware_acceleration_mode)]);
  if (fields.hardwareAcceleration === "Vaapi" && typeof config.vaapi_device === "string") take("vaapi_device", "vaapiDevice", config.vaapi_device);
  take("video_format", "videoFormat", VIDEO[String(config.video_format)]);
  take("audio_format", "audioFormat", AUDIO[String(config.audio_format)]);
  for (const [column, field] of [["normalize_frame_rate", "normalizeFramerate"], ["deinterlace_video", "deinterlaceVideo"]] as const) {
    if (config[column] === 0 || config[column] === 1) take(column, field, config[column] === 1);
  }
  const unmapped = Object.keys(config).filter((column) => !used.has(column) && !NOT_SETTINGS.has(column) && config[column] !== null);
  return { key: String(config.uuid), name: `Tunarr ${String(config.name)}`.slice(0, 50), fields, unmapped };
}
