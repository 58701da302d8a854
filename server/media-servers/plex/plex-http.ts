/**
 * Outbound HTTP to one Plex server: the token travels in the `X-Plex-Token` header (never in a URL,
 * so it cannot reach a log line or an error message), every failure becomes a `MediaServerError`
 * with a reason the user can act on.
 */
import { MAX_IMAGE_BYTES, MAX_JSON_BYTES, readCapped } from "../credential-fetch";
import { mediaGet } from "../media-http";
import { MediaServerError } from "../types";
import type { PlexPageInfo, PlexResponse } from "./plex-api";

const DEFAULT_TIMEOUT_MS = 15_000;

export interface PlexHttpOptions {
  url: string;
  token: string;
  timeoutMs?: number;
}

export type PlexQuery = Record<string, string | number | undefined>;

export class PlexHttp {
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: PlexHttpOptions) {
    this.base = options.url.replace(/\/+$/, "");
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The absolute URL of a server path (no token in it). */
  urlOf(path: string, query: PlexQuery = {}): string {
    const url = new URL(this.base + path);
    for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  /** The headers every request carries; FFmpeg gets the same ones for direct play. */
  authHeaders(): Record<string, string> {
    return {
      "X-Plex-Token": this.options.token,
      "X-Plex-Product": "Airwave",
      "X-Plex-Client-Identifier": "airwave",
    };
  }

  /** GET a JSON answer's MediaContainer. */
  async json<C>(path: string, query?: PlexQuery, page?: { start: number; size: number }): Promise<C> {
    const headers: Record<string, string> = { ...this.authHeaders(), Accept: "application/json" };
    if (page) {
      headers["X-Plex-Container-Start"] = String(page.start);
      headers["X-Plex-Container-Size"] = String(page.size);
    }
    const response = await this.send(path, query, headers);
    const text = await this.readBody(response, path);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MediaServerError("wrong-kind", `${this.base} answered ${path} with something that is not Plex's JSON`, response.status);
    }
    const container = (body as Partial<PlexResponse<C>> | null)?.MediaContainer;
    if (!container || typeof container !== "object") {
      throw new MediaServerError("wrong-kind", `${this.base} answered ${path} without a Plex MediaContainer`, response.status);
    }
    return container;
  }

  /** GET a paged listing, one page after another, until `totalSize` items have come. */
  async *pages<C extends PlexPageInfo>(path: string, query: PlexQuery, pageSize: number): AsyncGenerator<C> {
    for (let start = 0; ; ) {
      const page = await this.json<C>(path, query, { start, size: pageSize });
      yield page;
      start += page.size;
      if (page.size === 0 || start >= (page.totalSize ?? start)) return;
    }
  }

  /** GET raw bytes (artwork). */
  async bytes(path: string): Promise<{ body: Buffer; contentType: string }> {
    const response = await this.send(path, undefined, this.authHeaders());
    const body = await readCapped(response, MAX_IMAGE_BYTES, `${this.base}${path}`);
    return { body, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
  }

  private send(path: string, query: PlexQuery | undefined, headers: Record<string, string>): Promise<Response> {
    return mediaGet(this.urlOf(path, query), { headers, timeoutMs: this.timeoutMs, what: `${this.base}${path}`, refuseRedirect: `${this.base} redirected ${path}: not a Plex server` });
  }

  private async readBody(response: Response, path: string): Promise<string> {
    return (await readCapped(response, MAX_JSON_BYTES, `${this.base}${path}`)).toString("utf8");
  }
}
