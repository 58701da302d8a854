import type { ChannelFileError, ChannelFileResult, ExternalProgram } from "./channel-file";

const MAX_PROGRAMS = 200_000;
const MAX_DURATION_MS = 7 * 24 * 3600_000;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parses a channel date-time; one without an offset is read as UTC. */
function parseStartTime(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = Date.parse(HAS_OFFSET.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? ms : null;
}

function optionalString(record: Record<string, unknown>, key: string, path: string, errors: ChannelFileError[]): string | undefined {
  const value = record[key];
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value !== "string") {
    errors.push({ path: `${path}.${key}`, message: "must be a string" });
    return undefined;
  }
  return value;
}

function optionalInteger(record: Record<string, unknown>, key: string, path: string, errors: ChannelFileError[]): number | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    errors.push({ path: `${path}.${key}`, message: "must be a whole number ≥ 0" });
    return undefined;
  }
  return value;
}

function parseProgram(raw: unknown, path: string, errors: ChannelFileError[]): ExternalProgram | null {
  if (!isRecord(raw)) {
    errors.push({ path, message: "must be an object" });
    return null;
  }
  const before = errors.length;
  const duration = raw.duration;
  if (typeof duration !== "number" || !Number.isInteger(duration) || duration <= 0 || duration > MAX_DURATION_MS) {
    errors.push({ path: `${path}.duration`, message: "must be a whole number of milliseconds, > 0 and at most 7 days" });
  }
  const isOffline = raw.isOffline === true;
  if (raw.isOffline !== undefined && typeof raw.isOffline !== "boolean") errors.push({ path: `${path}.isOffline`, message: "must be true or false" });
  const title = optionalString(raw, "title", path, errors);
  const program: ExternalProgram = {
    durationMs: duration as number,
    isOffline,
    title: title ?? (isOffline ? "Offline" : ""),
    showTitle: optionalString(raw, "showTitle", path, errors),
    season: optionalInteger(raw, "season", path, errors),
    episode: optionalInteger(raw, "episode", path, errors),
    year: optionalInteger(raw, "year", path, errors),
    icon: optionalString(raw, "icon", path, errors),
    type: optionalString(raw, "type", path, errors),
    file: optionalString(raw, "file", path, errors),
  };
  if (!isOffline && (raw.title === undefined || raw.title === null || raw.title === "")) errors.push({ path: `${path}.title`, message: "is required for a programme that is not offline" });
  return errors.length === before ? program : null;
}

/** " at line L, column C" from a JSON.parse message's position, or "" when it names none. */
function jsonErrorPlace(text: string, message: string): string {
  const at = /position (\d+)/.exec(message);
  if (!at) return /end of JSON input/i.test(message) ? " (the text ends too early)" : "";
  const before = text.slice(0, Number(at[1]));
  const line = before.split("\n").length;
  return ` at line ${line}, column ${before.length - before.lastIndexOf("\n")}`;
}

/** Parses and checks the text of a channel file; errors name the JSON path of each bad value. */
export function parseChannelFile(text: string): ChannelFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    // The parser's message quotes the text; only where it failed is reported, never the file's content.
    return { ok: false, errors: [{ path: "$", message: `not valid JSON${jsonErrorPlace(text, (error as Error).message)}` }] };
  }
  if (!isRecord(data)) return { ok: false, errors: [{ path: "$", message: "must be a JSON object (a dizqueTV channel)" }] };
  const errors: ChannelFileError[] = [];
  const startTime = parseStartTime(data.startTime);
  if (startTime === null) errors.push({ path: "startTime", message: "must be an ISO 8601 date-time, e.g. 2026-11-22T06:00:00Z" });
  const minimum = data.guideMinimumDurationSeconds ?? 0;
  if (typeof minimum !== "number" || !Number.isInteger(minimum) || minimum < 0) errors.push({ path: "guideMinimumDurationSeconds", message: "must be a whole number ≥ 0" });
  const programs: ExternalProgram[] = [];
  if (!Array.isArray(data.programs)) errors.push({ path: "programs", message: "must be an array of programmes" });
  else if (data.programs.length > MAX_PROGRAMS) errors.push({ path: "programs", message: `must hold at most ${MAX_PROGRAMS} programmes` });
  else {
    data.programs.forEach((raw, index) => {
      if (errors.length >= 100) return;
      const program = parseProgram(raw, `programs[${index}]`, errors);
      if (program) programs.push(program);
    });
  }
  if (errors.length) return { ok: false, errors };
  return { ok: true, channel: { startTime: startTime!, guideMinimumDurationSeconds: minimum as number, programs } };
}
