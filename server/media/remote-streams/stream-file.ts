/**
 * A remote stream item's file (`*.yml`, `*.yaml`, `*.json` in a RemoteStreams library, or one the API wrote
 * into the data folder): `url`, optional `headers`, `title`, `plot`, `genres`, and either `duration` (a fixed
 * length, looped when the source is shorter) or `live: true` (unbounded; an optional `duration` is then its
 * length where a schedule plays it by count). Every problem is named by its field.
 */
import { parseDocument } from "yaml";
import { checkStreamHeaders, checkStreamUrl, type RemoteStreamUrl } from "../../domain/remote-stream";
import { parseDuration } from "../../playout/grammar/duration";

/** Item files larger than this are refused unread (they are a few lines). */
export const MAX_STREAM_FILE_BYTES = 64 * 1024;
const MAX_TITLE = 500;
const MAX_PLOT = 10_000;
const MAX_GENRES = 20;
/** Longest fixed length: a week. */
const MAX_DURATION_MS = 7 * 24 * 3_600_000;

const FIELDS = ["url", "headers", "title", "plot", "genres", "duration", "live"] as const;

export interface RemoteStreamDefinition {
  source: RemoteStreamUrl;
  headers: Record<string, string>;
  title?: string;
  plot?: string;
  genres: string[];
  /** Fixed length (ms); for a live item, its length when played by count. */
  durationMs?: number;
  live: boolean;
}

export interface FieldProblem {
  field: string;
  message: string;
}

export type DefinitionResult = { ok: true; value: RemoteStreamDefinition } | { ok: false; errors: FieldProblem[] };

/** Parses the text of an item file (YAML, of which JSON is a subset). */
export function parseStreamFile(text: string): DefinitionResult {
  if (Buffer.byteLength(text) > MAX_STREAM_FILE_BYTES) return { ok: false, errors: [{ field: "file", message: `is larger than ${MAX_STREAM_FILE_BYTES / 1024} KiB` }] };
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) {
    const first = doc.errors[0]!;
    const line = first.linePos?.[0]?.line;
    return { ok: false, errors: [{ field: "file", message: `is not valid YAML or JSON${line ? ` (line ${line})` : ""}: ${first.message.split("\n")[0]}` }] };
  }
  return checkStreamDefinition(doc.toJS({ maxAliasCount: 10 }));
}

/** Checks a definition given as an object (an item file's content, or an API request). */
export function checkStreamDefinition(raw: unknown): DefinitionResult {
  const errors: FieldProblem[] = [];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, errors: [{ field: "file", message: "must be an object with at least `url`" }] };
  const input = raw as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(FIELDS as readonly string[]).includes(key)) errors.push({ field: key.slice(0, 100), message: `is not a field of a remote stream (${FIELDS.join(", ")})` });
  }
  const url = checkStreamUrl(input.url);
  if (!url.ok) errors.push({ field: "url", message: url.message });
  const headers = checkStreamHeaders(input.headers);
  errors.push(...headers.errors);
  if (Object.keys(headers.value).length && url.ok && !["http", "https", "hls"].includes(url.value.scheme)) {
    errors.push({ field: "headers", message: `are sent only with http, https and HLS URLs, not ${url.value.scheme}:` });
  }
  const title = optionalText(input.title, "title", MAX_TITLE, errors);
  const plot = optionalText(input.plot, "plot", MAX_PLOT, errors);
  const genres: string[] = [];
  if (input.genres !== undefined && input.genres !== null) {
    if (!Array.isArray(input.genres) || input.genres.some((g) => typeof g !== "string")) errors.push({ field: "genres", message: "must be a list of text" });
    else if (input.genres.length > MAX_GENRES) errors.push({ field: "genres", message: `at most ${MAX_GENRES}` });
    else genres.push(...(input.genres as string[]).map((g) => g.trim()).filter((g) => g !== "" && g.length <= 100));
  }
  let live = false;
  if (input.live !== undefined && input.live !== null) {
    if (typeof input.live !== "boolean") errors.push({ field: "live", message: "must be true or false" });
    else live = input.live;
  }
  let durationMs: number | undefined;
  if (input.duration !== undefined && input.duration !== null) {
    const parsed = typeof input.duration === "number" ? { ok: true as const, value: Math.round(input.duration * 1000) } : typeof input.duration === "string" ? parseDuration(input.duration) : { ok: false as const, message: "must be a duration such as \"30 minutes\" or \"01:00:00\", or seconds" };
    if (!parsed.ok) errors.push({ field: "duration", message: parsed.message });
    else if (parsed.value < 1000 || parsed.value > MAX_DURATION_MS) errors.push({ field: "duration", message: "must be from 1 second to 7 days" });
    else durationMs = parsed.value;
  }
  if (!live && durationMs === undefined && !errors.some((e) => e.field === "duration" || e.field === "live")) {
    errors.push({ field: "duration", message: "is required unless the stream is `live: true` (a fixed length, e.g. \"30 minutes\")" });
  }
  if (errors.length || !url.ok) return { ok: false, errors };
  return { ok: true, value: { source: url.value, headers: headers.value, ...(title ? { title } : {}), ...(plot ? { plot } : {}), genres, ...(durationMs !== undefined ? { durationMs } : {}), live } };
}

function optionalText(value: unknown, field: string, max: number, errors: FieldProblem[]): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") {
    errors.push({ field, message: "must be text" });
    return undefined;
  }
  const trimmed = value.trim();
  if (trimmed.length > max) errors.push({ field, message: `must not be longer than ${max} characters` });
  return trimmed || undefined;
}

/** The file text the API writes for a definition (YAML, the same fields a user would write). */
export function streamFileText(input: { url: string; headers?: Record<string, string>; title?: string; plot?: string; genres?: string[]; duration?: string; live?: boolean }): string {
  const lines = ["# Written by Airwave (POST /api/v1/libraries/{id}/remote-streams). Edit freely; a rescan reads it again."];
  const entries: Record<string, unknown> = { url: input.url };
  if (input.title) entries.title = input.title;
  if (input.plot) entries.plot = input.plot;
  if (input.genres?.length) entries.genres = input.genres;
  if (input.live) entries.live = true;
  if (input.duration) entries.duration = input.duration;
  if (input.headers && Object.keys(input.headers).length) entries.headers = input.headers;
  return `${lines.join("\n")}\n${JSON.stringify(entries, null, 2)}\n`;
}
