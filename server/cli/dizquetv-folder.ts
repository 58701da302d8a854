import fs from "node:fs";
import path from "node:path";

/**
 * What Airwave reads from a dizqueTV database folder (`.dizquetv`, modelled on dizqueTV 1.5): one JSON
 * file per channel in `channels/<number>.json`, filler lists in `filler/<id>.json` ({name, content}), and
 * `ffmpeg-settings.json` (a one-element array). Programmes are played in order from `startTime`, over and
 * over; `duration` is in milliseconds; a programme with `isOffline` is a flex slot.
 */
export interface DizqueProgram {
  title?: string;
  duration: number;
  isOffline?: boolean;
  file?: string;
  [field: string]: unknown;
}

export interface DizqueChannel {
  number: number;
  name: string;
  icon?: string;
  groupTitle?: string;
  startTime: string;
  guideMinimumDurationSeconds?: number;
  programs: DizqueProgram[];
}

export interface DizqueFolder {
  channels: DizqueChannel[];
  fillerLists: { id: string; name: string; items: number }[];
  ffmpeg?: Record<string, unknown>;
  /** Files that could not be read, with why. */
  problems: string[];
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

export function readDizqueFolder(dir: string): DizqueFolder {
  const problems: string[] = [];
  const channels: DizqueChannel[] = [];
  const channelDir = path.join(dir, "channels");
  if (!fs.existsSync(channelDir)) problems.push(`${channelDir} does not exist: give the .dizquetv folder`);
  for (const name of jsonFiles(channelDir)) {
    if (!/^\d+\.json$/.test(name)) continue;
    const data = readJson(path.join(channelDir, name), problems) as Partial<DizqueChannel> | undefined;
    if (!data) continue;
    if (typeof data.name !== "string" || !Array.isArray(data.programs) || typeof data.startTime !== "string") {
      problems.push(`${path.join(channelDir, name)}: not a dizqueTV channel (needs name, startTime and programs)`);
      continue;
    }
    channels.push({ ...data, number: typeof data.number === "number" ? data.number : Number(name.slice(0, -5)) } as DizqueChannel);
  }
  const fillerLists = jsonFiles(path.join(dir, "filler")).flatMap((name) => {
    const data = readJson(path.join(dir, "filler", name), problems) as { name?: string; content?: unknown[] } | undefined;
    return data ? [{ id: name.slice(0, -5), name: data.name ?? "Unnamed Filler", items: data.content?.length ?? 0 }] : [];
  });
  const settingsFile = path.join(dir, "ffmpeg-settings.json");
  const settings = fs.existsSync(settingsFile) ? readJson(settingsFile, problems) : undefined;
  const ffmpeg = Array.isArray(settings) ? settings[0] : settings;
  return { channels: channels.sort((a, b) => a.number - b.number), fillerLists, ffmpeg: ffmpeg && typeof ffmpeg === "object" ? (ffmpeg as Record<string, unknown>) : undefined, problems };
}

const DAY_MS = 86_400_000;
/** Well under what an ExternalJson file may hold (200,000 programmes). */
const MAX_PROGRAMMES = 100_000;

/**
 * The channel as an Airwave ExternalJson file: dizqueTV loops the programme list forever from its start,
 * ExternalJson plays it once, so the file starts at the cycle playing `now` and repeats the list to cover
 * `days` ahead (fewer for a very short list, to stay within what a channel file may hold).
 */
export function loopedChannelFile(channel: DizqueChannel, now: number, days = 30): { startTime: string; guideMinimumDurationSeconds: number; programs: DizqueProgram[] } {
  const programs = channel.programs.filter((p) => typeof p.duration === "number" && p.duration > 0);
  const cycle = programs.reduce((sum, p) => sum + p.duration, 0);
  const start = Date.parse(channel.startTime);
  const from = cycle > 0 && start <= now ? start + Math.floor((now - start) / cycle) * cycle : start;
  const repeated: DizqueProgram[] = [];
  for (let end = from; cycle > 0 && end < now + days * DAY_MS && repeated.length + programs.length <= MAX_PROGRAMMES; end += cycle) repeated.push(...programs);
  return { startTime: new Date(from).toISOString(), guideMinimumDurationSeconds: channel.guideMinimumDurationSeconds ?? 0, programs: repeated };
}

/** FFmpeg profile fields with an Airwave equivalent; the names of the settings that have none. */
export function mapFfmpegSettings(settings: Record<string, unknown>): { profile: Record<string, unknown>; unmapped: string[] } {
  const profile: Record<string, unknown> = {};
  const resolution = typeof settings.targetResolution === "string" ? /^(\d+)x(\d+)$/.exec(settings.targetResolution) : null;
  if (resolution) profile.resolution = { width: Number(resolution[1]), height: Number(resolution[2]) };
  const numbers: Record<string, string> = { videoBitrate: "videoBitrate", videoBufSize: "videoBufferSize", audioBitrate: "audioBitrate", audioBufSize: "audioBufferSize", audioChannels: "audioChannels", audioSampleRate: "audioSampleRate" };
  for (const [from, to] of Object.entries(numbers)) if (typeof settings[from] === "number") profile[to] = settings[from];
  if (typeof settings.normalizeAudio === "boolean") profile.normalizeLoudness = settings.normalizeAudio;
  const known = new Set(["targetResolution", "normalizeAudio", ...Object.keys(numbers)]);
  return { profile, unmapped: Object.keys(settings).filter((key) => !known.has(key) && !key.startsWith("_")) };
}
