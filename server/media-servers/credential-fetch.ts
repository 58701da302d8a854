/**
 * Every request that carries a media server's credential goes through here (Jellyfin, Emby and artwork
 * through `media-http.ts`, the loopback stream proxy; Plex's requests, which follow no redirect, are
 * capped by `readCapped`): the credential stays with the origin (scheme, host, port) it was entered for, and what is
 * read into memory is capped.
 */
import { errorCode, networkFailure } from "./http-failure";
import { MediaServerError } from "./types";

/** The most Airwave reads of one JSON answer (an item page with every field asked for stays far below). */
export const MAX_JSON_BYTES = 32 * 1024 * 1024;
/** The most Airwave reads of one image (artwork). */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
/** Redirects followed within the one origin before giving up. */
const MAX_REDIRECTS = 5;

export interface CredentialRequest {
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * GET `url` with the credential headers. A redirect is followed only when it stays on the origin of
 * `url`; one to any other origin (or more than a few) fails as `server-error` without sending anything
 * there. Network failures become `MediaServerError`s naming `what`.
 */
export async function fetchWithCredential(url: string, request: CredentialRequest, what: string): Promise<Response> {
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    let response: Response;
    try {
      response = await fetch(current, { headers: request.headers, signal: request.signal, redirect: "manual" });
    } catch (error) {
      throw networkFailure(errorCode(error), what);
    }
    if (!isRedirect(response.status)) return response;
    await response.body?.cancel().catch(() => undefined);
    const next = resolveLocation(response.headers.get("location"), current);
    if (!next || next.origin !== current.origin || hop >= MAX_REDIRECTS) throw redirectFailure(response.status, what);
    current = next;
  }
}

/** A redirect answer the credential must not follow off its origin. */
export function redirectFailure(status: number, what: string): MediaServerError {
  return new MediaServerError("server-error", `${what}: the server redirected to another address (HTTP ${status}); enter the address it redirects to`, status);
}

export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

/** The whole body, refused (`server-error`) once it passes `maxBytes`, whatever Content-Length says. */
export async function readCapped(response: Response, maxBytes: number, what: string): Promise<Buffer> {
  const tooLarge = () => new MediaServerError("server-error", `${what}: the answer is larger than ${maxBytes / 1024 / 1024} MiB`, response.status);
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    if (error instanceof MediaServerError) throw error;
    throw new MediaServerError("unreachable", `${what}: the server stopped answering`, response.status);
  }
  return Buffer.concat(chunks, size);
}

function resolveLocation(location: string | null, base: URL): URL | null {
  if (!location) return null;
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}
