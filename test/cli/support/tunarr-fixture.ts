import fs from "node:fs";
import path from "node:path";
import sqlite3 from "sqlite3";

/**
 * A Tunarr 1.0 data folder built by hand from the facts of Tunarr's public sources (its Drizzle migrations
 * for the tables below, the lineup file schema): `db.db` with the tables and columns the importer reads, as
 * Tunarr 1.0.0 declares them (others left out), and `channel-lineups/<channel uuid>.json`.
 */
const SCHEMA = `
CREATE TABLE transcode_config (
  uuid text PRIMARY KEY NOT NULL, name text NOT NULL, thread_count integer NOT NULL, hardware_acceleration_mode text NOT NULL,
  vaapi_driver text DEFAULT 'system' NOT NULL, vaapi_device text, resolution text NOT NULL, video_format text NOT NULL, video_profile text,
  video_preset text, video_bit_depth integer DEFAULT 8, video_bit_rate integer NOT NULL, video_buffer_size integer NOT NULL,
  audio_channels integer NOT NULL, audio_format text NOT NULL, audio_bit_rate integer NOT NULL, audio_buffer_size integer NOT NULL,
  audio_sample_rate integer NOT NULL, audio_volume_percent integer DEFAULT 100 NOT NULL, normalize_frame_rate integer DEFAULT false,
  deinterlace_video integer DEFAULT true, disable_channel_overlay integer DEFAULT false, error_screen text DEFAULT 'pic' NOT NULL,
  error_screen_audio text DEFAULT 'silent' NOT NULL, is_default integer DEFAULT false NOT NULL,
  disable_hardware_decoder integer DEFAULT false, disable_hardware_encoding integer DEFAULT false, disable_hardware_filters integer DEFAULT false
);
CREATE TABLE channel (
  uuid text PRIMARY KEY NOT NULL, created_at integer, updated_at integer, disable_filler_overlay integer DEFAULT false, duration integer NOT NULL,
  filler_repeat_cooldown integer, group_title text, guide_flex_title text, guide_minimum_duration integer NOT NULL, icon text NOT NULL,
  name text NOT NULL, number integer NOT NULL, offline text NOT NULL, start_time integer NOT NULL, stealth integer DEFAULT false,
  stream_mode text DEFAULT 'hls' NOT NULL, transcoding text, transcode_config_id text NOT NULL, watermark text, subtitles_enabled integer DEFAULT false
);
CREATE TABLE program (
  uuid text PRIMARY KEY NOT NULL, created_at integer, updated_at integer, album_name text, album_uuid text, artist_name text, artist_uuid text,
  canonical_id text, duration integer NOT NULL, episode integer, episode_icon text, external_key text NOT NULL, external_source_id text NOT NULL,
  media_source_id text, library_id text, local_media_folder_id text, local_media_source_path_id text, file_path text,
  grandparent_external_key text, icon text, original_air_date text, parent_external_key text, plex_file_path text, plex_rating_key text,
  rating text, season_icon text, season_number integer, season_uuid text, show_icon text, show_title text, source_type text NOT NULL,
  summary text, title text NOT NULL, tv_show_uuid text, type text NOT NULL, year integer, state text DEFAULT 'ok' NOT NULL
);
CREATE TABLE program_external_id (
  uuid text PRIMARY KEY NOT NULL, created_at integer, updated_at integer, direct_file_path text, external_file_path text,
  external_key text NOT NULL, external_source_id text, media_source_id text, program_uuid text NOT NULL, source_type text NOT NULL
);
CREATE TABLE channel_programs (channel_uuid text NOT NULL, program_uuid text NOT NULL, PRIMARY KEY(channel_uuid, program_uuid));
CREATE TABLE filler_show (uuid text PRIMARY KEY NOT NULL, created_at integer, updated_at integer, name text NOT NULL);
CREATE TABLE filler_show_content (filler_show_uuid text NOT NULL, "index" integer NOT NULL, program_uuid text NOT NULL, PRIMARY KEY(filler_show_uuid, program_uuid));
CREATE TABLE channel_filler_show (channel_uuid text NOT NULL, filler_show_uuid text NOT NULL, cooldown integer NOT NULL, weight integer NOT NULL, PRIMARY KEY(channel_uuid, filler_show_uuid));
`;

export interface TunarrMedia {
  countingA: string;
  countingB: string;
  bumper: string;
}

const PLEX_ROOT = "/srv/plex/movies";
export const TUNARR_START = Date.parse("2024-01-01T00:00:00Z");

function exec(db: sqlite3.Database, sql: string): Promise<void> {
  return new Promise((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));
}

function insert(db: sqlite3.Database, table: string, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const sql = `INSERT INTO ${table} (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`;
  return new Promise((resolve, reject) => db.run(sql, Object.values(row), (error) => (error ? reject(error) : resolve())));
}

function program(uuid: string, title: string, duration: number, filePath: string, year: number) {
  return { uuid, title, duration, year, type: "movie", source_type: "plex", external_source_id: "Home Plex", external_key: uuid.replace(/\D/g, ""), file_path: filePath, plex_file_path: `/library/parts/${uuid.replace(/\D/g, "")}/file.mkv` };
}

/**
 * Channel 4 "Tunarr Movies" loops Counting A (matched by its imdb id: Plex saw it at another path), a 5 s
 * flex slot and Counting B (matched by its file path), with the "Bumpers" filler list; channel 9 plays a
 * film this library does not have. One transcode config, "Small".
 */
export async function makeTunarrFolder(dir: string, media: TunarrMedia): Promise<string> {
  fs.mkdirSync(path.join(dir, "channel-lineups"), { recursive: true });
  fs.writeFileSync(path.join(dir, "settings.json"), JSON.stringify({ version: 1, settings: { ffmpeg: { ffmpegExecutablePath: "/usr/bin/ffmpeg" } } }));
  const db = await new Promise<sqlite3.Database>((resolve, reject) => {
    const opened = new sqlite3.Database(path.join(dir, "db.db"), (error) => (error ? reject(error) : resolve(opened)));
  });
  try {
    await exec(db, SCHEMA);
    await insert(db, "transcode_config", {
      uuid: "7d1c7a43-0d7e-4f57-9d0e-1b0f3f1f0a01", name: "Small", thread_count: 2, hardware_acceleration_mode: "none", resolution: JSON.stringify({ widthPx: 320, heightPx: 180 }),
      video_format: "h264", video_bit_rate: 400, video_buffer_size: 800, audio_channels: 2, audio_format: "aac", audio_bit_rate: 96, audio_buffer_size: 192,
      audio_sample_rate: 48, normalize_frame_rate: 0, deinterlace_video: 1, error_screen: "pic", error_screen_audio: "silent", is_default: 1,
    });
    const common = { duration: 25_000, guide_minimum_duration: 0, offline: JSON.stringify({ mode: "pic" }), start_time: TUNARR_START, transcode_config_id: "7d1c7a43-0d7e-4f57-9d0e-1b0f3f1f0a01" };
    await insert(db, "channel", { ...common, uuid: "c0000000-0000-4000-8000-000000000004", number: 4, name: "Tunarr Movies", group_title: "Tunarr", icon: JSON.stringify({ path: "https://example.com/logos/tunarr.png", width: 0, duration: 0, position: "bottom-right" }) });
    await insert(db, "channel", { ...common, duration: 60_000, uuid: "c0000000-0000-4000-8000-000000000009", number: 9, name: "Lost Films", icon: JSON.stringify({ path: "", width: 0, duration: 0, position: "bottom-right" }) });

    await insert(db, "program", program("p-101", "Counting A", 10_000, `${PLEX_ROOT}/Counting A (2001)/Counting A (2001).mkv`, 2001));
    await insert(db, "program", program("p-102", "Counting B", 10_000, media.countingB, 2002));
    await insert(db, "program", program("p-103", "Bumper", 5_000, media.bumper, 2003));
    await insert(db, "program", program("p-900", "Gone Missing", 60_000, `${PLEX_ROOT}/Gone Missing (1999)/Gone Missing (1999).mkv`, 1999));
    const externalIds: [string, string, string][] = [["p-101", "imdb", "tt0100001"], ["p-101", "plex-guid", "plex://movie/5d7768a1"], ["p-900", "imdb", "tt9999999"]];
    for (const [i, [programUuid, sourceType, key]] of externalIds.entries()) await insert(db, "program_external_id", { uuid: `e-${i}`, program_uuid: programUuid, source_type: sourceType, external_key: key });
    for (const [channel, programUuid] of [["c0000000-0000-4000-8000-000000000004", "p-101"], ["c0000000-0000-4000-8000-000000000004", "p-102"], ["c0000000-0000-4000-8000-000000000009", "p-900"]]) {
      await insert(db, "channel_programs", { channel_uuid: channel, program_uuid: programUuid });
    }
    await insert(db, "filler_show", { uuid: "f0000000-0000-4000-8000-000000000001", name: "Bumpers" });
    await insert(db, "filler_show_content", { filler_show_uuid: "f0000000-0000-4000-8000-000000000001", index: 0, program_uuid: "p-103" });
    await insert(db, "channel_filler_show", { channel_uuid: "c0000000-0000-4000-8000-000000000004", filler_show_uuid: "f0000000-0000-4000-8000-000000000001", cooldown: 0, weight: 300 });
  } finally {
    await new Promise<void>((resolve) => db.close(() => resolve()));
  }
  const lineup = (items: object[]) => JSON.stringify({ version: 4, lastUpdated: TUNARR_START, items, startTimeOffsets: [] });
  fs.writeFileSync(path.join(dir, "channel-lineups", "c0000000-0000-4000-8000-000000000004.json"), lineup([
    { type: "content", id: "p-101", durationMs: 10_000 },
    { type: "offline", durationMs: 5_000 },
    { type: "content", id: "p-102", durationMs: 10_000 },
  ]));
  fs.writeFileSync(path.join(dir, "channel-lineups", "c0000000-0000-4000-8000-000000000009.json"), lineup([{ type: "content", id: "p-900", durationMs: 60_000 }]));
  return dir;
}
