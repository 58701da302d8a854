import createClient from "openapi-fetch";
import type { paths } from "./generated/api-types";

export const DEFAULT_SERVER = "http://localhost:8409";

export interface ServerOptions {
  /** Base URL of the running server (`--server`, else AIRWAVE_URL, else http://localhost:8409). */
  server: string;
  /** The write key (`--key`, else AIRWAVE_API_KEY), sent as X-Api-Key. */
  key?: string;
}

/** The typed REST client (openapi-fetch over types generated from schema/openapi.json). */
export function apiClient(options: ServerOptions) {
  return createClient<paths>({ baseUrl: options.server.replace(/\/+$/, ""), headers: options.key ? { "X-Api-Key": options.key } : {} });
}

/** One line for a failed call: the problem's detail, or the status. */
export function failure(error: unknown, response: Response): string {
  const detail = error && typeof error === "object" && "detail" in error ? String((error as { detail: unknown }).detail) : "";
  return `the server answered ${response.status}${detail ? `: ${detail}` : ""}`;
}

/** The server to talk to and the key, from flags and the environment; the remaining arguments. */
export function serverOptions(args: readonly string[], env: NodeJS.ProcessEnv): { options: ServerOptions; rest: string[] } | string {
  const options: ServerOptions = { server: env.AIRWAVE_URL?.trim() || DEFAULT_SERVER, key: env.AIRWAVE_API_KEY?.trim() || undefined };
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--server" || arg === "--key") {
      const value = args[++i];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === "--server") options.server = value;
      else options.key = value;
    } else rest.push(arg);
  }
  try {
    new URL(options.server);
  } catch {
    return `--server must be a URL such as ${DEFAULT_SERVER} (got ${options.server})`;
  }
  return { options, rest };
}
