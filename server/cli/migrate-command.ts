import path from "node:path";
import { apiClient, type ServerOptions } from "./api-client";
import { isCommandResult, parseCommand } from "./command-args";
import { applyMigration } from "./migration/apply-migration";
import { readDizqueFolder } from "./migration/dizquetv-folder";
import { importErsatzTv } from "./migration/ersatztv-import";
import type { MigrationPlan } from "./migration/migration-plan";
import { readTunarrFolder } from "./migration/tunarr-folder";
import { WATERMARKS_FOLDER } from "../services/files/watermark-images";
import { dataFolder, type CommandResult } from "./restore-command";

const READERS: Record<string, (dir: string) => MigrationPlan | Promise<MigrationPlan>> = { dizquetv: readDizqueFolder, tunarr: readTunarrFolder };
const USAGE = "airwave import --from dizquetv|tunarr|ersatztv DIR [--apply] [--server URL] [--key KEY]";

/**
 * `airwave import --from dizquetv|tunarr DIR`: each channel of a dizqueTV database folder or a Tunarr data
 * folder becomes an Airwave channel (number, name, icon, group) with an ExternalJson playout of its
 * programmes over the matching library items (by guid, else file path), filler lists become Fallback
 * filler presets, FFmpeg settings FFmpeg profiles where fields have an equivalent. Like `airwave import FILE`
 * it is a dry run unless `--apply` is given: the migration goes to the server as one setup document, checked,
 * and with --apply imported in one transaction. The channel files go into `<data>/playouts/<source>/`, where
 * ExternalJson playouts read them (written only with --apply, removed again when the import fails).
 */
export async function migrateCommand(args: readonly string[], env: NodeJS.ProcessEnv, now = Date.now()): Promise<CommandResult> {
  const parsed = parseCommand({ name: "import", usage: USAGE, options: { apply: { type: "boolean" }, from: { type: "string" } }, positionals: { min: 1, max: 1 } }, args, env);
  if (isCommandResult(parsed)) return parsed;
  const apply = parsed.values.apply === true;
  const source = parsed.values.from as string | undefined;
  const [dir] = parsed.positionals;
  if (source === "ersatztv") return ersatzTvCommand(parsed.server, path.resolve(dir), dataFolder(env), apply, now);
  const read = source === undefined ? undefined : READERS[source];
  if (!read) return { code: 2, stderr: `airwave import: --from must be dizquetv, tunarr or ersatztv (got ${source ?? "nothing"})\nusage: ${USAGE}\n` };
  const plan = await read(path.resolve(dir));
  if (!plan.channels.length) return { code: 1, stderr: `airwave import: no ${plan.source} channels found in ${dir}\n${plan.problems.map((p) => `  ${p}\n`).join("")}` };

  try {
    const { lines, failed } = await applyMigration(apiClient(parsed.server), plan, path.join(dataFolder(env), "playouts", source!), now, apply);
    return { code: failed ? 1 : 0, stdout: `${lines.join("\n")}\n` };
  } catch (error) {
    return { code: 1, stderr: `airwave import: the Airwave server at ${parsed.server.server} could not finish the import: ${(error as Error).message}\n` };
  }
}

/** `airwave import --from ersatztv DIR`: ErsatzTV's setup (its database, read-only) through the setup import; see `importErsatzTv`. */
async function ersatzTvCommand(server: ServerOptions, dir: string, dataDir: string, apply: boolean, now: number): Promise<CommandResult> {
  try {
    const { lines, failed } = await importErsatzTv(apiClient(server), { dir, apply, now, filesDir: path.join(dataDir, "playouts", "ersatztv"), imagesDir: path.join(dataDir, WATERMARKS_FOLDER) });
    return failed ? { code: 1, stdout: `${lines.join("\n")}\n` } : { code: 0, stdout: `${lines.join("\n")}\n` };
  } catch (error) {
    return { code: 1, stderr: `airwave import: the Airwave server at ${server.server} could not finish the import: ${(error as Error).message}\n` };
  }
}
