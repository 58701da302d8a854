/**
 * The arguments of a server command, parsed by `node:util` `parseArgs` (strict): `--server URL` and
 * `--key KEY` for every command, the command's own options, positionals (`--` ends the options). An
 * unknown option, a missing value or a wrong count of positionals is an error that ends with the
 * command's usage line.
 */
import { parseArgs } from "node:util";
import { DEFAULT_SERVER, type ServerOptions } from "./api-client";
import type { CommandResult } from "./restore-command";

type OwnOptions = Record<string, { type: "string" | "boolean"; short?: string }>;

export interface CommandSpec {
  /** "import" for `airwave import`. */
  name: string;
  /** The usage line, without "usage: ". */
  usage: string;
  options?: OwnOptions;
  /** How many positionals the command takes. */
  positionals: { min: number; max: number };
}

export interface ParsedCommand {
  server: ServerOptions;
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Parsed arguments, or the exit-2 result that explains what is wrong. */
export function parseCommand(spec: CommandSpec, args: readonly string[], env: NodeJS.ProcessEnv): ParsedCommand | CommandResult {
  const usageError = (message: string): CommandResult => ({ code: 2, stderr: `airwave ${spec.name}: ${message}\nusage: ${spec.usage}\n` });
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: [...args],
      options: { server: { type: "string" }, key: { type: "string" }, ...spec.options },
      allowPositionals: true,
      strict: true,
    }) as typeof parsed;
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { positionals, values } = parsed;
  if (positionals.length < spec.positionals.min || positionals.length > spec.positionals.max) {
    return usageError(positionals.length < spec.positionals.min ? "an argument is missing" : `unexpected argument "${positionals[spec.positionals.max]}"`);
  }
  const server: ServerOptions = {
    server: (values.server as string | undefined) ?? (env.AIRWAVE_URL?.trim() || DEFAULT_SERVER),
    key: (values.key as string | undefined) ?? (env.AIRWAVE_API_KEY?.trim() || undefined),
  };
  try {
    new URL(server.server);
  } catch {
    return usageError(`--server must be a URL such as ${DEFAULT_SERVER} (got ${server.server})`);
  }
  return { server, values, positionals };
}

export function isCommandResult(value: ParsedCommand | CommandResult): value is CommandResult {
  return "code" in value;
}
