import fs from "node:fs";
import { apiClient, failure } from "./api-client";
import { isCommandResult, parseCommand } from "./command-args";
import type { components } from "./generated/api-types";
import type { CommandResult } from "./restore-command";

type ImportReport = components["schemas"]["ImportReport"];

const unreachable = (error: unknown, server: string): CommandResult => ({
  code: 1,
  stderr: `cannot reach the Airwave server at ${server}: ${(error as Error).message} (start it, or give --server URL)\n`,
});

/** `airwave export [-o FILE]`: the running server's setup as YAML, to FILE or standard output. */
export async function exportCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const parsed = parseCommand({ name: "export", usage: "airwave export [-o FILE] [--server URL] [--key KEY]", options: { output: { type: "string", short: "o" } }, positionals: { min: 0, max: 0 } }, args, env);
  if (isCommandResult(parsed)) return parsed;
  const options = parsed.server;
  const file = parsed.values.output as string | undefined;
  try {
    const { data, error, response } = await apiClient(options).GET("/api/v1/export", { parseAs: "text" });
    if (error !== undefined || data === undefined) return { code: 1, stderr: `airwave export: ${failure(error, response)}\n` };
    if (!file) return { code: 0, stdout: data };
    fs.writeFileSync(file, data);
    return { code: 0, stdout: `Wrote the setup to ${file}\n` };
  } catch (error) {
    return unreachable(error, options.server);
  }
}

const IMPORT_USAGE = "airwave import [--apply] [--reset] FILE [--server URL] [--key KEY]";

/** `airwave import [--apply] [--reset] FILE`: the report of importing FILE into the running server; with --apply, imports it (--reset: playouts start again instead of continuing). */
export async function importCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const parsed = parseCommand({ name: "import", usage: IMPORT_USAGE, options: { apply: { type: "boolean" }, reset: { type: "boolean" } }, positionals: { min: 1, max: 1 } }, args, env);
  if (isCommandResult(parsed)) return parsed;
  const apply = parsed.values.apply === true;
  const reset = parsed.values.reset === true;
  const files = parsed.positionals;
  let document: string;
  try {
    document = fs.readFileSync(files[0], "utf8");
  } catch (error) {
    return { code: 1, stderr: `airwave import: cannot read ${files[0]}: ${(error as Error).message}\n` };
  }
  try {
    const { data, error, response } = await apiClient(parsed.server).POST("/api/v1/import", { body: { document, ...(reset ? { reset } : {}) }, params: { query: { apply } } });
    if (data) return { code: data.valid ? 0 : 1, stdout: formatReport(data) };
    const problems = (error as { errors?: { field: string; message: string }[] } | undefined)?.errors;
    if (response.status === 422 && problems) return { code: 1, stderr: `Nothing was imported:\n${problems.map((p) => `  ${p.field}: ${p.message}\n`).join("")}` };
    return { code: 1, stderr: `airwave import: ${failure(error, response)}\n` };
  } catch (error) {
    return unreachable(error, parsed.server.server);
  }
}

export function formatReport(report: ImportReport): string {
  const lines: string[] = [];
  const counts = { create: 0, update: 0, skip: 0 };
  for (const entry of report.entries) counts[entry.action] += 1;
  lines.push(`${report.applied ? "Imported" : "Would import"}: ${counts.create} new, ${counts.update} updated, ${counts.skip} skipped rows`);
  for (const item of report.unmatched) {
    const { guids, library, path } = item.identity;
    lines.push(`  not in this library: ${item.path} (${[...guids, library && path ? `${library}: ${path}` : ""].filter(Boolean).join(", ")})`);
  }
  for (const notice of report.notices ?? []) lines.push(`  ${notice.level === "warning" ? "warning" : "note"}: ${notice.path}: ${notice.message}`);
  for (const problem of report.errors) lines.push(`  problem: ${problem.path || "document"}: ${problem.message}`);
  if (!report.applied && report.valid) lines.push("Nothing changed; run again with --apply to import.");
  return `${lines.join("\n")}\n`;
}

/** A command with no arguments of its own: parse the server flags, make one call, print its result. */
async function simpleCommand(name: string, args: readonly string[], env: NodeJS.ProcessEnv, call: (client: ReturnType<typeof apiClient>) => Promise<string | { failed: string }>): Promise<CommandResult> {
  const parsed = parseCommand({ name, usage: `airwave ${name} [--server URL] [--key KEY]`, positionals: { min: 0, max: 0 } }, args, env);
  if (isCommandResult(parsed)) return parsed;
  try {
    const result = await call(apiClient(parsed.server));
    return typeof result === "string" ? { code: 0, stdout: result } : { code: 1, stderr: `airwave ${name}: ${result.failed}\n` };
  } catch (error) {
    return unreachable(error, parsed.server.server);
  }
}

/** `airwave backup`: the running server takes a backup now. */
export function backupCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return simpleCommand("backup", args, env, async (client) => {
    const { data, error, response } = await client.POST("/api/v1/maintenance/backup");
    return data ? `Backup written: ${data.name} (${data.sizeBytes} bytes) in the data folder's backups/\n` : { failed: failure(error, response) };
  });
}

/** `airwave backups`: the running server's backups, newest first. */
export function backupsCommand(args: readonly string[], env: NodeJS.ProcessEnv): Promise<CommandResult> {
  return simpleCommand("backups", args, env, async (client) => {
    const { data, error, response } = await client.GET("/api/v1/maintenance/backups");
    if (!data) return { failed: failure(error, response) };
    return data.map((b) => `${b.name}\t${b.createdAt}\t${b.sizeBytes}\t${b.trigger}\n`).join("") || "No backups yet.\n";
  });
}
