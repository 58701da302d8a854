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
