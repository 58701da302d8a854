/**
 * The one HTTP client of every media server (Plex, Jellyfin, Emby): `fetch` with a timeout, through
 * `fetchWithCredential` (a redirect is followed only within the origin the credential was entered for),
 * answers read with a size cap, every failure before an answer mapped to `networkFailure` and every
 * non-success status to `statusFailure`, so the three kinds share proxy, redirect, size and timeout
 * behaviour. Credentials travel in headers only.
 */
import { fetchWithCredential, MAX_IMAGE_BYTES, MAX_JSON_BYTES, readCapped } from "./credential-fetch";
import { errorCode, networkFailure, statusFailure } from "./http-failure";
import { MediaServerError } from "./types";

export interface MediaRequest {
  headers: Record<string, string>;
  timeoutMs: number;
  /** What the request does, for error messages ("listing items"). */
  what: string;
  /** No redirect is followed, not even within the origin: one fails `wrong-kind` with this message (Plex). */
  refuseRedirect?: string;
}

/** GET `url`; resolves with a success answer only. */
export async function mediaGet(url: string | URL, request: MediaRequest): Promise<Response> {
  const signal = AbortSignal.timeout(request.timeoutMs);
  let response: Response;
  if (request.refuseRedirect) {
    try {
      response = await fetch(url, { headers: request.headers, signal, redirect: "manual" });
    } catch (error) {
      throw networkFailure(errorCode(error), request.what);
    }
  } else {
    response = await fetchWithCredential(url.toString(), { headers: request.headers, signal }, request.what);
  }
  if (response.ok) return response;
  await response.body?.cancel().catch(() => undefined);
  if (request.refuseRedirect && response.status >= 300 && response.status < 400) {
    throw new MediaServerError("wrong-kind", request.refuseRedirect, response.status);
  }
  throw statusFailure(response.status, request.what);
}

/** GET a JSON answer (at most MAX_JSON_BYTES). */
export async function mediaGetJson<T>(url: string | URL, request: MediaRequest): Promise<T> {
  return (await mediaGetDatedJson<T>(url, request)).body;
}

/** An HTTP `Date` header as epoch ms; null when absent or not a date. */
export function httpDate(value: string | null | undefined): number | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** `mediaGetJson`, with the server's own clock when it answered (its `Date` header; null without one). */
export async function mediaGetDatedJson<T>(url: string | URL, request: MediaRequest): Promise<{ body: T; serverTime: number | null }> {
  const response = await mediaGet(url, { ...request, headers: { Accept: "application/json", ...request.headers } });
  const body = await readCapped(response, MAX_JSON_BYTES, request.what);
  try {
    return { body: JSON.parse(body.toString("utf8")) as T, serverTime: httpDate(response.headers.get("date")) };
  } catch {
    throw new MediaServerError("server-error", `${request.what}: the server's answer is not JSON`);
  }
}

/** GET an image (artwork, at most MAX_IMAGE_BYTES): anything but `image/*` is refused. */
export async function mediaGetImage(url: string | URL, headers: Record<string, string>, timeoutMs: number): Promise<{ body: Buffer; contentType: string }> {
  const what = "fetching artwork";
  const response = await mediaGet(url, { headers, timeoutMs, what });
  const contentType = response.headers.get("content-type") ?? "application/octet-stream";
  if (!contentType.startsWith("image/")) {
    await response.body?.cancel().catch(() => undefined);
    throw new MediaServerError("server-error", `${what}: the server did not send an image`);
  }
  return { body: await readCapped(response, MAX_IMAGE_BYTES, what), contentType };
}
