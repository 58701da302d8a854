import type { Database } from "../../db/database";
import { SETUP_TABLES, type ColumnInfo, type SetupRow, type SetupTable } from "../../db/repositories/setup-repository";
import type { Repositories } from "../../db/repositories";
import { BuildMode } from "../../domain/enums";
import { yamlLibrary } from "../../playout/definition/yaml-library";
import { DomainError } from "../domain-error";
import type { PlayoutService } from "../playout-service";
import type { SettingsService } from "../settings-service";
import {
  cellProblem, isObject, MEDIA_KEY, MEDIA_TABLE, readIdentity, SETUP_FORMAT, SETUP_SETTINGS, toCell,
  type DocumentRow, type ImportOptions, type ImportProblem, type ImportReport, type SetupDocument, type SetupSettings,
} from "./setup-document";
import type { PlayoutFolders } from "../files/playout-folders";
import { missingFiles } from "./missing-files";
import { checkTimelines, exportTimelines, writeTimeline, type CheckedTimeline } from "./timeline-transfer";

/** The largest setup document checked or imported (the JSON body limit keeps REST below it too). */
export const MAX_SETUP_DOCUMENT_BYTES = 1024 * 1024;

/** Thrown inside a dry run's transaction so that nothing it wrote stays. */
class DryRunRollback extends Error {}

/** Thrown inside the transaction of a `newRowsOnly` document that names rows the database has (by then). */
class RowsExist extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super("rows exist");
  }
}

interface CheckedTable {
  table: SetupTable;
  keyColumns: string[];
  rows: SetupRow[];
  /** Each row's path in the document. */
  paths: string[];
}

/**
 * The setup (channels, profiles, watermarks, graphics elements, collections, filler, playlists, schedules, blocks, templates,
 * playouts, settings) as one YAML document, and its import: checked first (a report with paths into the
 * document), applied in one transaction only when asked. Rows keep their ids, so an export imported into
 * an empty data folder gives the same playouts (same seeds) and the same guide over the same library.
 */
export class SetupTransferService {
  constructor(
    private readonly db: Database,
    private readonly playouts: PlayoutService,
    private readonly settings: SettingsService | undefined,
    private readonly folders: PlayoutFolders,
    private readonly clock: () => number = Date.now,
  ) {}

  async exportYaml(): Promise<string> {
    const exportedAt = this.clock();
    const { document, timelines } = await this.db.read(async (repos) => {
      const tables: SetupDocument["tables"] = {};
      for (const table of SETUP_TABLES) {
        const columns = await repos.setup.columns(table);
        const rows = await repos.setup.rows(table);
        if (!rows.length) continue;
        const mediaColumns = columns.filter((c) => c.references === MEDIA_TABLE).map((c) => c.name);
        const identities = await repos.setup.mediaIdentities(rows.flatMap((row) => mediaColumns.map((c) => row[c]).filter((id): id is number => typeof id === "number")));
        tables[table] = rows.map((row) => {
          const out: DocumentRow = {};
          for (const column of columns) {
            const value = row[column.name];
            if (mediaColumns.includes(column.name)) {
              if (value !== null) out[MEDIA_KEY] = identities.get(value as number) ?? null;
            } else out[column.name] = column.type === "boolean" && value !== null ? value === 1 : value;
          }
          return out;
        });
      }
      return { document: tables, timelines: await exportTimelines(repos, exportedAt) };
    });
    const settings: SetupSettings = {};
    const view = this.settings?.get();
    if (view) for (const key of SETUP_SETTINGS) (settings as Record<string, unknown>)[key] = view[key];
    const body: SetupDocument = { format: SETUP_FORMAT, exportedAt: new Date(exportedAt).toISOString(), settings, tables: document };
    if (timelines) body.timelines = timelines;
    return `# Airwave setup: import with POST /api/v1/import or \`airwave import FILE\`.\n${yamlLibrary().stringify(body, { lineWidth: 0 })}`;
  }

  /**
   * Checks the document and reports what an import would do; with `apply`, does it in one transaction (422 when
   * it cannot). Playouts continue the timelines the document carries unless `reset` (then: Reset builds).
   */
  async importYaml(text: string, options: ImportOptions = {}): Promise<ImportReport> {
    const apply = options.apply === true;
    if (Buffer.byteLength(text, "utf8") > MAX_SETUP_DOCUMENT_BYTES) throw DomainError.tooLarge("document", MAX_SETUP_DOCUMENT_BYTES);
    const report: ImportReport = { valid: false, applied: false, entries: [], unmatched: [], settings: {}, notices: [], errors: [] };
    let parsed: unknown;
    try {
      parsed = yamlLibrary().parse(text);
    } catch (error) {
      report.errors.push({ path: "", message: `not valid YAML: ${(error as Error).message}` });
      return this.finish(report, apply);
    }
    if (!isObject(parsed) || parsed.format !== SETUP_FORMAT) {
      report.errors.push({ path: "format", message: `must be ${SETUP_FORMAT} (a document written by GET /api/v1/export)` });
      return this.finish(report, apply);
    }
    await this.checkSettings(parsed.settings, report);
    const newRowsOnly = parsed.newRowsOnly === true;
    if (parsed.newRowsOnly !== undefined && typeof parsed.newRowsOnly !== "boolean") report.errors.push({ path: "newRowsOnly", message: "must be true or false" });
    const { checked, timelines } = await this.db.read(async (repos) => {
      const tables = await this.checkTables(repos, parsed.tables, report);
      const playoutIds = new Set(tables.filter((c) => c.table === "playout").flatMap((c) => c.rows.map((row) => row.id as number)));
      if (options.reset && parsed.timelines !== undefined) report.notices.push({ path: "timelines", level: "info", message: "not used (reset): every imported playout starts again with a Reset build" });
      const libraries = new Set((await repos.libraries.list()).map((library) => library.name));
      report.notices.push(...missingFiles(tables, parsed, this.folders, libraries));
      return { checked: tables, timelines: options.reset ? [] : await checkTimelines(repos, parsed.timelines, playoutIds, report) };
    });
    const continued = new Map<number, CheckedTimeline>(timelines.map((t) => [t.playoutId, t]));
    if (!report.errors.length) {
      // The writes themselves are tried in a transaction that is rolled back unless applying (unique names, …).
      try {
        await this.db.write(async (repos) => {
          // Checked in the transaction that writes: a row another request created meanwhile is never overwritten.
          if (newRowsOnly) await this.refuseExistingRows(repos, checked);
          for (const { table, keyColumns, rows } of checked) await repos.setup.upsert(table, keyColumns, rows);
          for (const timeline of timelines) await writeTimeline(repos, timeline);
          if (!apply) throw new DryRunRollback();
        });
        report.applied = apply;
      } catch (error) {
        if (error instanceof RowsExist) report.errors.push(...error.problems);
        else if (!(error instanceof DryRunRollback)) report.errors.push({ path: "tables", message: `the rows do not fit together: ${(error as Error).message}` });
      }
    }
    if (report.applied) {
      if (Object.keys(report.settings).length) await this.settings?.update(report.settings);
      for (const { rows } of checked.filter((c) => c.table === "playout")) {
        for (const row of rows) {
          const timeline = continued.get(row.id as number);
          if (timeline) await this.playouts.continueImported(timeline.playoutId, timeline.renumbered);
          else await this.playouts.build(row.id as number, BuildMode.Reset);
        }
      }
    }
    return this.finish(report, apply);
  }

  private finish(report: ImportReport, apply: boolean): ImportReport {
    report.valid = report.errors.length === 0;
    if (apply && !report.valid) throw DomainError.validation(report.errors.map((e) => ({ field: e.path || "document", message: e.message })));
    return report;
  }

  /**
   * Settings the environment decides are reported (kept, or a warning when the document says otherwise), never
   * refused; the others are checked as PUT /settings checks them, so a bad one stops the import before any write.
   */
  private async checkSettings(value: unknown, report: ImportReport): Promise<void> {
    if (value === undefined || value === null) return;
    if (!isObject(value)) return void report.errors.push({ path: "settings", message: "must be a mapping" });
    const current = this.settings?.get();
    for (const [key, setting] of Object.entries(value)) {
      const path = `settings.${key}`;
      if (!(SETUP_SETTINGS as readonly string[]).includes(key)) report.errors.push({ path, message: `is not a setting a setup carries (${SETUP_SETTINGS.join(", ")})` });
      else if (typeof setting !== "string" && typeof setting !== "number") report.errors.push({ path, message: "must be text or a number" });
      else {
        const variable = this.settings?.environmentVariable(key as (typeof SETUP_SETTINGS)[number]);
        const kept = current?.[key as (typeof SETUP_SETTINGS)[number]];
        if (variable === undefined) (report.settings as Record<string, unknown>)[key] = setting;
        else if (String(kept) === String(setting)) report.notices.push({ path, level: "info", message: `${key}: kept from the environment (${kept})` });
        else report.notices.push({ path, level: "warning", message: `${key}: the document says ${setting}; kept from the environment variable ${variable} (${kept})` });
      }
    }
    const problems = this.settings ? (await this.settings.check(report.settings)).errors : [];
    for (const problem of problems) report.errors.push({ path: `settings.${problem.field}`, message: problem.message });
  }

  private async checkTables(repos: Repositories, value: unknown, report: ImportReport): Promise<CheckedTable[]> {
    if (!isObject(value)) {
      report.errors.push({ path: "tables", message: "must be a mapping of table names to rows" });
      return [];
    }
    for (const name of Object.keys(value)) {
      if (!(SETUP_TABLES as readonly string[]).includes(name)) report.errors.push({ path: `tables.${name}`, message: `is not a setup table (${SETUP_TABLES.join(", ")})` });
    }
    const columnsOf = new Map<SetupTable, ColumnInfo[]>();
    const documentIds = new Map<string, Set<number>>();
    for (const table of SETUP_TABLES) {
      columnsOf.set(table, await repos.setup.columns(table));
      const rows = value[table];
      documentIds.set(table, new Set(Array.isArray(rows) ? rows.filter(isObject).map((row) => row.id).filter((id): id is number => Number.isInteger(id)) : []));
    }
    const checked: CheckedTable[] = [];
    for (const table of SETUP_TABLES) {
      const rows = value[table];
      if (rows === undefined || rows === null) continue;
      if (!Array.isArray(rows)) {
        report.errors.push({ path: `tables.${table}`, message: "must be a list of rows" });
        continue;
      }
      const columns = columnsOf.get(table)!;
      const keyColumns = columns.filter((c) => c.primaryKey).map((c) => c.name);
      const existing = await repos.setup.keys(table, keyColumns);
      const out: SetupRow[] = [];
      const paths: string[] = [];
      for (const [index, row] of rows.entries()) {
        const at = `tables.${table}[${index}]`;
        const stored = await this.checkRow(repos, table, row, at, columns, documentIds, report);
        if (stored === "skip") report.entries.push({ path: at, table, action: "skip" });
        else if (stored) {
          out.push(stored);
          paths.push(at);
          const key = keyColumns.map((c) => String(stored[c])).join("|");
          report.entries.push({ path: at, table, key, action: existing.has(key) ? "update" : "create" });
        }
      }
      if (table === "channel") await this.checkChannelNumbers(repos, out, paths, report);
      checked.push({ table, keyColumns, rows: out, paths });
    }
    return checked;
  }

  private async refuseExistingRows(repos: Repositories, checked: CheckedTable[]): Promise<void> {
    const problems: ImportProblem[] = [];
    for (const { table, keyColumns, rows, paths } of checked) {
      const existing = await repos.setup.keys(table, keyColumns);
      rows.forEach((row, index) => {
        const key = keyColumns.map((c) => String(row[c])).join("|");
        if (existing.has(key)) problems.push({ path: paths[index], message: `${table} ${key} exists in this database, and the document adds only new rows (newRowsOnly)` });
      });
    }
    if (problems.length) throw new RowsExist(problems);
  }

  /** Channel numbers are unique: named here with the channel holding one, not as a failed write. */
  private async checkChannelNumbers(repos: Repositories, rows: SetupRow[], paths: string[], report: ImportReport): Promise<void> {
    const byNumber = new Map<string, { id: SetupRow[string]; name: SetupRow[string] }>();
    const renumbered = new Set(rows.map((row) => row.id));
    for (const row of await repos.setup.rows("channel")) if (!renumbered.has(row.id)) byNumber.set(String(row.number), { id: row.id, name: row.name });
    for (const [index, row] of rows.entries()) {
      const holder = byNumber.get(String(row.number));
      if (holder && holder.id !== row.id) {
        const where = renumbered.has(holder.id) ? "earlier in the document" : "in this database";
        report.errors.push({ path: `${paths[index]}.number`, message: `channel number ${row.number} is already used by channel ${holder.id} "${holder.name}" ${where}` });
      } else byNumber.set(String(row.number), { id: row.id, name: row.name });
    }
  }

  private async checkRow(
    repos: Repositories, table: SetupTable, row: unknown, at: string, columns: ColumnInfo[], documentIds: Map<string, Set<number>>, report: ImportReport,
  ): Promise<SetupRow | "skip" | undefined> {
    if (!isObject(row)) return void report.errors.push({ path: at, message: "must be a mapping of column names to values" });
    if (columns.some((c) => c.name === "id") && (!Number.isInteger(row.id) || (row.id as number) < 1)) return void report.errors.push({ path: `${at}.id`, message: "must be a whole number of at least 1" });
    const mediaColumn = columns.find((c) => c.references === MEDIA_TABLE);
    const known = new Set([...columns.map((c) => c.name), ...(mediaColumn ? [MEDIA_KEY] : [])]);
    const before = report.errors.length;
    for (const key of Object.keys(row)) if (!known.has(key) || key === mediaColumn?.name) report.errors.push({ path: `${at}.${key}`, message: `is not a column of ${table}` });
    const stored: SetupRow = {};
    for (const column of columns) {
      if (column === mediaColumn) continue;
      const value = row[column.name];
      const problem = cellProblem(column.primaryKey ? { ...column, required: true } : column, value);
      if (problem) report.errors.push({ path: `${at}.${column.name}`, message: problem });
      else if (value !== undefined) stored[column.name] = toCell(value);
      if (!problem && column.references && typeof value === "number") {
        const target = column.references;
        if (!documentIds.get(target)?.has(value) && !(await repos.setup.ids(target)).has(value)) {
          report.errors.push({ path: `${at}.${column.name}`, message: `refers to ${target} ${value}, which is neither in the document nor in this database` });
        }
      }
      if (!problem && column.listOf && value !== undefined && value !== null) {
        const listProblem = await idListProblem(repos, column.listOf, value, documentIds);
        if (listProblem) report.errors.push({ path: `${at}.${column.name}`, message: listProblem });
      }
    }
    if (mediaColumn && row[MEDIA_KEY] !== undefined && row[MEDIA_KEY] !== null) {
      const identity = readIdentity(row[MEDIA_KEY]);
      if (typeof identity === "string") report.errors.push({ path: `${at}.${MEDIA_KEY}`, message: identity });
      else {
        const id = await repos.setup.findMedia(identity);
        if (id === undefined) {
          report.unmatched.push({ path: `${at}.${MEDIA_KEY}`, identity });
          // A collection simply goes without an item it cannot find; anything else would play the wrong thing.
          if (table === "collection_item") return "skip";
          report.errors.push({ path: `${at}.${MEDIA_KEY}`, message: "names media this library does not have" });
        } else stored[mediaColumn.name] = id;
      }
    } else if (mediaColumn?.required) report.errors.push({ path: `${at}.${MEDIA_KEY}`, message: "is required" });
    return report.errors.length === before ? stored : undefined;
  }
}

/**
 * A JSON list of `target` ids (a channel's `graphicsIds`, an item's `watermarkIds`): rows keep their ids on
 * import, so each id must be a row of the document or of this database, or the list would name something else.
 */
async function idListProblem(repos: Repositories, target: SetupTable, value: unknown, documentIds: Map<string, Set<number>>): Promise<string | undefined> {
  let ids: unknown;
  try {
    ids = JSON.parse(String(value));
  } catch {
    return `must be a JSON list of ${target} ids, e.g. [1, 2]`;
  }
  if (!Array.isArray(ids) || ids.some((id) => !Number.isInteger(id) || id < 1)) return `must be a JSON list of ${target} ids, e.g. [1, 2]`;
  const stored = await repos.setup.ids(target);
  const unknown = ids.filter((id) => !documentIds.get(target)?.has(id) && !stored.has(id));
  return unknown.length ? `refers to ${target} ${unknown.join(", ")}, which ${unknown.length === 1 ? "is" : "are"} neither in the document nor in this database` : undefined;
}
