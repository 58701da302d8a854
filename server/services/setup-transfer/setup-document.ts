import type { ColumnInfo, MediaIdentity, SetupRow, SetupTable } from "../../db/repositories/setup-repository";
import type { DocumentTimelines } from "./timeline-transfer";

export const SETUP_FORMAT = "airwave-setup/1";

/** The settings a setup carries: the editable ones without secrets or machine paths. */
export const SETUP_SETTINGS = ["timeZone", "playoutDaysToBuild", "guideDaysToBuild", "hdhomerunTunerCount"] as const;
export interface SetupSettings {
  timeZone?: string;
  playoutDaysToBuild?: number;
  guideDaysToBuild?: number;
  hdhomerunTunerCount?: number;
}

/** A row as it appears in the document: media item ids replaced by `mediaItem` identities. */
export type DocumentRow = Record<string, unknown>;

export interface SetupDocument {
  format: string;
  exportedAt?: string;
  /** Every row is new (a migration): a row whose key the database has is an error, never an update. */
  newRowsOnly?: boolean;
  settings?: SetupSettings;
  tables: Partial<Record<SetupTable, DocumentRow[]>>;
  /** The playouts' built timelines and saved states at export (what an import continues from). */
  timelines?: DocumentTimelines;
}

export interface ImportProblem {
  /** Where in the document, e.g. `tables.channel[2].ffmpegProfileId`. */
  path: string;
  message: string;
}

/** A line of the report that does not stop the import: a setting the environment decides, a file this machine lacks, how a timeline goes on. */
export interface ImportNotice {
  /** Where in the document, e.g. `tables.watermark[0].imagePath`. */
  path: string;
  /** `warning`: something will not be as on the exporting machine. */
  level: "info" | "warning";
  message: string;
}

export interface ImportEntry {
  path: string;
  table: string;
  /** The row's primary key (`id`; collection items: collection id and media item id joined by `|`). */
  key?: string;
  action: "create" | "update" | "skip";
}

export interface ImportReport {
  /** True when the document can be applied as it is. */
  valid: boolean;
  applied: boolean;
  entries: ImportEntry[];
  /** Media the document names that this library does not have. */
  unmatched: { path: string; identity: MediaIdentity }[];
  settings: SetupSettings;
  /** What goes differently from the document without stopping the import (missing files, environment settings, timelines). */
  notices: ImportNotice[];
  errors: ImportProblem[];
}

export interface ImportOptions {
  /** Apply the document (default: only report). */
  apply?: boolean;
  /** Start every imported playout again with a Reset build instead of continuing the document's timelines. */
  reset?: boolean;
}

export const MEDIA_TABLE = "media_item";
export const MEDIA_KEY = "mediaItem";

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Checks one cell against its column; a message when it does not fit. */
export function cellProblem(column: ColumnInfo, value: unknown): string | undefined {
  if (value === null || value === undefined) return column.required ? "is required" : undefined;
  if (column.type === "boolean") return typeof value === "boolean" || value === 0 || value === 1 ? undefined : "must be true or false";
  if (column.type === "integer" || column.type.startsWith("int")) return Number.isInteger(value) ? undefined : "must be a whole number";
  if (["real", "double", "float", "numeric"].some((t) => column.type.startsWith(t))) return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number";
  if (typeof value !== "string") return "must be text";
  const length = /\((\d+)\)/.exec(column.type)?.[1];
  return length && value.length > Number(length) ? `must be at most ${length} characters` : undefined;
}

/** A `mediaItem` identity from the document, or a message saying what is wrong with it. */
export function readIdentity(value: unknown): MediaIdentity | string {
  if (!isObject(value)) return "must be a mapping with guids, library and path";
  const guids = value.guids ?? [];
  if (!Array.isArray(guids) || guids.some((g) => typeof g !== "string" || !g.includes("://"))) return "guids must be a list of source://value texts";
  const library = value.library ?? null;
  const path = value.path ?? null;
  if ((library !== null && typeof library !== "string") || (path !== null && typeof path !== "string")) return "library and path must be text";
  if (!guids.length && (!library || !path)) return "needs a guid, or a library and a path";
  return { guids: guids as string[], library: library as string | null, path: path as string | null };
}

/** Turns a cell of the document into what SQLite stores (booleans as 0/1). */
export function toCell(value: unknown): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as string | number;
}

export { isObject };
export type { SetupRow };
