import fs from "node:fs";
import path from "node:path";
import { channelNumberOf, profileFields, wholeNumber, type MigratedProfile, type MigratedProgramme, type MigrationPlan } from "./migration-plan";

/**
 * What Airwave reads from a dizqueTV database folder (`.dizquetv`, modelled on dizqueTV 1.5): one JSON
 * file per channel in `channels/<number>.json`, filler lists in `filler/<id>.json` ({name, content}), and
 * `ffmpeg-settings.json` (a one-element array). Programmes are played in order from `startTime`, over and
 * over; `duration` is in milliseconds; a programme with `isOffline` is a flex slot. A channel names its
 * filler lists in `fillerCollections` ({id, weight, cooldown}).
 */
interface DizqueProgram {
  title?: string;
  duration?: number;
  isOffline?: boolean;
  file?: string;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  type?: string;
  /** The Plex server's name and the item's ratingKey there. */
  serverKey?: string;
  ratingKey?: string;
}

interface DizqueChannel {
  number?: number;
  name?: string;
  icon?: string;
  groupTitle?: string;
  startTime?: string;
  guideMinimumDurationSeconds?: number;
  programs?: DizqueProgram[];
  fillerCollections?: { id?: string; weight?: number }[];
}

function readJson(file: string, problems: string[]): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    problems.push(`${file}: ${(error as Error).message}`);
    return undefined;
  }
}

const jsonFiles = (folder: string) => (fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith(".json")).sort() : []);
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

function programme(p: DizqueProgram): MigratedProgramme {
  const file = text(p.file);
  return {
    title: text(p.title) ?? "Untitled",
    durationMs: typeof p.duration === "number" ? p.duration : 0,
    offline: p.isOffline === true,
    showTitle: text(p.showTitle),
    season: wholeNumber(p.season, 0, 100_000),
    episode: wholeNumber(p.episode, 0, 100_000),
    year: wholeNumber(p.year, 1800, 3000),
    type: text(p.type),
    remoteIds: text(p.serverKey) && text(p.ratingKey) ? [{ server: p.serverKey!, id: p.ratingKey! }] : [],
    guids: [],
    paths: file && path.isAbsolute(file) ? [file] : [],
  };
}

export function readDizqueFolder(dir: string): MigrationPlan {
  const problems: string[] = [];
  const plan: MigrationPlan = { source: "dizqueTV", channels: [], fillerLists: [], profiles: [], problems };
  const channelDir = path.join(dir, "channels");
  if (!fs.existsSync(channelDir)) problems.push(`${channelDir} does not exist: give the .dizquetv folder`);
  const settingsFile = path.join(dir, "ffmpeg-settings.json");
  const settings = fs.existsSync(settingsFile) ? readJson(settingsFile, problems) : undefined;
  const ffmpeg = Array.isArray(settings) ? settings[0] : settings;
  if (ffmpeg && typeof ffmpeg === "object") plan.profiles.push({ key: "ffmpeg", name: "dizqueTV", ...mapDizqueFfmpeg(ffmpeg as Record<string, unknown>) });

  for (const name of jsonFiles(channelDir)) {
    if (!/^\d+\.json$/.test(name)) continue;
    const file = path.join(channelDir, name);
    const data = readJson(file, problems) as DizqueChannel | undefined;
    if (!data) continue;
    const startTime = typeof data.startTime === "string" ? Date.parse(data.startTime) : NaN;
    if (typeof data.name !== "string" || !Array.isArray(data.programs) || Number.isNaN(startTime)) {
      problems.push(`${file}: not a dizqueTV channel (needs name, startTime and programs)`);
      continue;
    }
    const number = data.number === undefined ? Number(name.slice(0, -5)) : channelNumberOf(data.number);
    if (number === undefined) {
      problems.push(`${file}: its number ${JSON.stringify(String(data.number).slice(0, 80))} is not a whole number; skipped`);
      continue;
    }
    const fillers = (Array.isArray(data.fillerCollections) ? data.fillerCollections : []).filter((f) => typeof f?.id === "string");
    plan.channels.push({
      number,
      name: data.name,
      icon: text(data.icon),
      group: text(data.groupTitle),
      startTime,
      guideMinimumDurationSeconds: wholeNumber(data.guideMinimumDurationSeconds, 0, 86_400) ?? 0,
      programmes: data.programs.filter((p) => p && typeof p === "object").map(programme),
      fillerListIds: fillers.sort((a, b) => (b.weight ?? 0) - (a.weight ?? 0)).map((f) => f.id!),
      profileKey: plan.profiles.length ? "ffmpeg" : undefined,
    });
  }
  for (const name of jsonFiles(path.join(dir, "filler"))) {
    const data = readJson(path.join(dir, "filler", name), problems) as { name?: string; content?: DizqueProgram[] } | undefined;
    if (!data) continue;
    const items = (Array.isArray(data.content) ? data.content : []).filter((p) => p && typeof p === "object").map(programme);
    plan.fillerLists.push({ id: name.slice(0, -5), name: text(data.name) ?? "Unnamed Filler", items });
  }
  plan.channels.sort((a, b) => a.number - b.number);
  return plan;
}

const VIDEO_FORMATS: Record<string, string> = { libx264: "H264", h264: "H264", libx265: "Hevc", hevc: "Hevc", mpeg2video: "Mpeg2Video" };
const AUDIO_FORMATS: Record<string, string> = { aac: "Aac", ac3: "Ac3" };

/** dizqueTV's FFmpeg settings as FFmpeg profile fields where Airwave has an equivalent. */
export function mapDizqueFfmpeg(settings: Record<string, unknown>): Pick<MigratedProfile, "fields" | "unmapped"> {
  const { fields, used, take } = profileFields();
  const resolution = typeof settings.targetResolution === "string" ? /^(\d+)x(\d+)$/.exec(settings.targetResolution) : null;
  if (resolution) take("targetResolution", "resolution", { width: Number(resolution[1]), height: Number(resolution[2]) });
  const numbers: Record<string, [string, number, number]> = {
    videoBitrate: ["videoBitrate", 1, 1_000_000], videoBufSize: ["videoBufferSize", 0, 1_000_000], audioBitrate: ["audioBitrate", 1, 10_000],
    audioBufSize: ["audioBufferSize", 0, 100_000], audioChannels: ["audioChannels", 1, 8], audioSampleRate: ["audioSampleRate", 8, 192], threads: ["threadCount", 0, 64],
  };
  for (const [from, [to, min, max]] of Object.entries(numbers)) take(from, to, wholeNumber(settings[from], min, max));
  if (typeof settings.normalizeAudio === "boolean") take("normalizeAudio", "normalizeLoudness", settings.normalizeAudio);
  take("videoEncoder", "videoFormat", VIDEO_FORMATS[String(settings.videoEncoder)]);
  take("audioEncoder", "audioFormat", AUDIO_FORMATS[String(settings.audioEncoder)]);
  if (typeof settings.deinterlaceFilter === "string") take("deinterlaceFilter", "deinterlaceVideo", settings.deinterlaceFilter !== "none");
  return { fields, unmapped: Object.keys(settings).filter((key) => !used.has(key) && !key.startsWith("_")) };
}
