import fs from "node:fs";
import YAML from "yaml";
import type { apiClient } from "../api-client";
import { failure } from "../api-client";
import type { components } from "../generated/api-types";
import { formatReport } from "../transfer-commands";
import { identityOf, migrationDocument, type MigrationDocument, type ServerSetup } from "./migration-document";
import type { MigratedProgramme, MigrationPlan } from "./migration-plan";

type Client = ReturnType<typeof apiClient>;
type Match = components["schemas"]["MediaMatchDto"];

const MATCH_BATCH = 2000;
const MAX_LISTED = 20;

/** The library item a programme matched, by its guids and paths (one query per distinct programme). */
export class ProgrammeMatches {
  private readonly found = new Map<string, Match>();

  static key(p: MigratedProgramme): string {
    return JSON.stringify([p.remoteIds, p.guids, p.paths]);
  }

  /** Asks the server about every programme not asked about yet, in batches. */
  async lookUp(client: Client, programmes: readonly MigratedProgramme[]): Promise<void> {
    const queries = new Map<string, MigratedProgramme>();
    for (const p of programmes) if (!p.offline && !this.found.has(ProgrammeMatches.key(p))) queries.set(ProgrammeMatches.key(p), p);
    const pending = [...queries];
    for (let i = 0; i < pending.length; i += MATCH_BATCH) {
      const batch = pending.slice(i, i + MATCH_BATCH);
      const { data, error, response } = await client.POST("/api/v1/media/match", { body: { items: batch.map(([, p]) => ({ remoteIds: p.remoteIds.slice(0, 10), guids: p.guids.slice(0, 10), paths: p.paths.slice(0, 10) })) } });
      if (!data) throw new Error(`matching media failed: ${failure(error, response)}`);
      batch.forEach(([key], n) => this.found.set(key, data.matches[n]));
    }
  }

  of(p: MigratedProgramme): Match | undefined {
    const match = this.found.get(ProgrammeMatches.key(p));
    return typeof match?.mediaItemId === "number" ? match : undefined;
  }

  /** The file a channel file names: the library item's, else the first path the old program knew. */
  fileOf = (p: MigratedProgramme): string | undefined => this.of(p)?.path ?? p.paths[0];
}

function unmatchedLines(programmes: readonly MigratedProgramme[], matches: ProgrammeMatches): string[] {
  const missing = programmes.filter((p) => !p.offline && !matches.of(p));
  const seen = new Set<string>();
  const unique = missing.filter((p) => !seen.has(ProgrammeMatches.key(p)) && seen.add(ProgrammeMatches.key(p)));
  const lines = unique.slice(0, MAX_LISTED).map((p) => {
    const known = [...p.remoteIds.map((r) => `${r.server} item ${r.id}`), ...p.guids, ...p.paths].join(", ") || "no id or file path";
    const playable = p.paths.some((f) => fs.existsSync(f)) ? "; plays from its file" : "";
    return `  not in the library: ${p.title} (${known})${playable}`;
  });
  if (unique.length > MAX_LISTED) lines.push(`  … and ${unique.length - MAX_LISTED} more not in the library`);
  return lines;
}

type ImportReport = components["schemas"]["ImportReport"];

/** What the server holds that the migration's document builds on: its export, default profile and libraries. */
export async function serverSetup(client: Client): Promise<ServerSetup> {
  const exported = await client.GET("/api/v1/export", { parseAs: "text" });
  if (exported.data === undefined) throw new Error(`reading its setup failed: ${failure(exported.error, exported.response)}`);
  const profiles = await client.GET("/api/v1/ffmpeg/profiles");
  const libraries = await client.GET("/api/v1/libraries");
  if (!profiles.data || !libraries.data) throw new Error(`reading its profiles and libraries failed: ${failure(profiles.error ?? libraries.error, profiles.data ? libraries.response : profiles.response)}`);
  return {
    tables: (YAML.parse(exported.data) as { tables?: ServerSetup["tables"] }).tables ?? {},
    defaultProfileId: (profiles.data.find((p) => p.isDefault) ?? profiles.data[0]).id,
    libraries: libraries.data.map((l) => ({ name: l.name, paths: l.paths.map((p) => p.path) })),
  };
}

/** The guids of matched filler items outside every library folder (a media server's), by media item id. */
async function guidsOutsideFolders(client: Client, plan: MigrationPlan, matches: ProgrammeMatches, libraries: ServerSetup["libraries"]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  for (const p of plan.fillerLists.flatMap((list) => list.items)) {
    const match = matches.of(p);
    if (!match || result.has(match.mediaItemId!) || identityOf({ mediaItemId: match.mediaItemId!, path: match.path }, libraries)) continue;
    const { data } = await client.GET("/api/v1/media/items/{id}", { params: { path: { id: match.mediaItemId! } } });
    result.set(match.mediaItemId!, (data?.guids ?? []).map((g) => `${g.source}://${g.value}`));
  }
  return result;
}

/** The report's lines for what the migration brings over (the same whether it is applied or not). */
function planLines(plan: MigrationPlan, migration: MigrationDocument, matches: ProgrammeMatches, builds: Map<number, string>): string[] {
  const out: string[] = [];
  for (const profile of plan.profiles) {
    const unmapped = profile.unmapped.length ? `; no equivalent for ${profile.unmapped.join(", ")}` : "";
    const made = migration.profiles.get(profile.key);
    if (made && "problem" in made) out.push(`FFmpeg settings "${profile.name}" not imported (its channels use the default profile): ${made.problem}`);
    else out.push(`FFmpeg profile "${made?.name ?? profile.name}": ${Object.keys(profile.fields).join(", ") || "defaults"}${unmapped}`);
  }
  for (const list of plan.fillerLists) {
    const label = `filler list "${list.name}" (${list.items.length} items)`;
    const count = migration.fillerItems.get(list.id) ?? 0;
    const name = `${plan.source} filler: ${list.name}`.slice(0, 50);
    if (!count) out.push(`${label}: none of its items is in the library; not migrated`, ...unmatchedLines(list.items, matches));
    else out.push(`${label}: collection and Fallback filler preset "${name}" with ${count} library items`, ...unmatchedLines(list.items, matches));
  }
  for (const channel of migration.channels) {
    const programmes = channel.programmes.filter((p) => !p.offline);
    const matched = programmes.filter((p) => matches.of(p));
    const by = (how: string) => matched.filter((p) => matches.of(p)?.matchedBy === how).length;
    const built = builds.get(channel.number);
    out.push(
      `channel ${channel.number} "${channel.name}": ${programmes.length} programmes, ${matched.length} in the library (${by("remote")} by media-server id, ${by("guid")} by guid, ${by("path")} by file path), ExternalJson playout${built ? ` (${built})` : ""}`,
      ...unmatchedLines(programmes, matches),
    );
  }
  for (const problem of [...plan.problems, ...migration.skipped]) out.push(`skipped: ${problem}`);
  return out;
}

/** The import's problems, each with the migrated thing its document path belongs to. */
export function problemLines(report: ImportReport, labels: Map<string, string>): string[] {
  return report.errors.map((e) => {
    const row = /^tables\.\w+\[\d+\]/.exec(e.path)?.[0];
    const label = row && labels.get(row);
    return `  problem: ${label ? `${label}: ` : ""}${e.path || "document"}: ${e.message}`;
  });
}

/** Build results of the channels' playouts after an import, by channel number. */
async function buildResults(client: Client, document: MigrationDocument["document"]): Promise<Map<number, string>> {
  const result = new Map<number, string>();
  const { data } = await client.GET("/api/v1/playouts");
  for (const playout of data ?? []) {
    const channel = document.tables.channel?.find((c) => c.id === playout.channelId);
    if (channel) result.set(Number(channel.number), playout.buildStatus?.message ?? "built");
  }
  return result;
}

/**
 * Migrates a plan through the server's setup import: one document with the FFmpeg profiles, filler lists (a
 * collection of their matched items with a Fallback filler preset) and channels (the heaviest filler list as
 * their fallback filler) with ExternalJson playouts of their looped programmes in `filesDir`. Without `apply`
 * the server only checks it (nothing changes, no file is written); with it, everything is created in one
 * transaction, the channel files written first and removed again when the import fails.
 */
export async function applyMigration(client: Client, plan: MigrationPlan, filesDir: string, now: number, apply: boolean): Promise<{ lines: string[]; failed: boolean }> {
  const matches = new ProgrammeMatches();
  await matches.lookUp(client, [...plan.channels.flatMap((c) => c.programmes), ...plan.fillerLists.flatMap((f) => f.items)]);
  const setup = await serverSetup(client);
  const guids = await guidsOutsideFolders(client, plan, matches, setup.libraries);
  const found = (p: MigratedProgramme) => {
    const match = matches.of(p);
    return match && { mediaItemId: match.mediaItemId!, path: match.path, guids: guids.get(match.mediaItemId!) };
  };
  const migration = migrationDocument(plan, setup, found, matches.fileOf, filesDir, now);
  let report: ImportReport | undefined;
  let refusal = "";
  const written: string[] = [];
  const madeFolder = apply && !fs.existsSync(filesDir);
  try {
    if (apply) {
      fs.mkdirSync(filesDir, { recursive: true });
      for (const [file, content] of migration.files) {
        fs.writeFileSync(file, content, { flag: "wx" });
        written.push(file);
      }
    }
    const { data, error, response } = await client.POST("/api/v1/import", { body: { document: JSON.stringify(migration.document) }, params: { query: { apply } } });
    const problems = (error as { errors?: { field: string; message: string }[] } | undefined)?.errors;
    report = data ?? (response.status === 422 && problems ? { valid: false, applied: false, entries: [], unmatched: [], settings: {}, notices: [], errors: problems.map((p) => ({ path: p.field, message: p.message })) } : undefined);
    if (!report) refusal = failure(error, response);
  } finally {
    // Nothing of a migration that was not imported stays: its channel files, and the folder made for them.
    if (!report?.applied) {
      for (const file of written) fs.rmSync(file, { force: true });
      if (madeFolder && fs.existsSync(filesDir) && !fs.readdirSync(filesDir).length) fs.rmdirSync(filesDir);
    }
  }
  const lines = planLines(plan, migration, matches, report?.applied ? await buildResults(client, migration.document) : new Map());
  if (!report) return { lines: [...lines, `Nothing was imported: ${refusal}`], failed: true };
  if (!report.valid) return { lines: [...lines, "Nothing was imported:", ...problemLines(report, migration.labels)], failed: true };
  return { lines: [...lines, ...formatReport(report).trimEnd().split("\n")], failed: false };
}
