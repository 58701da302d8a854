/**
 * A remote stream item as a channel plays it: its stored URL and headers are checked again against the
 * remote stream rules (a row written before a rule changed, or by hand, never reaches FFmpeg unchecked).
 */
import { checkStreamHeaders, checkStreamUrl } from "../../domain/remote-stream";
import type { StreamRemoteSource } from "../../domain/stream-plan";
import type { Repositories } from "../../db/repositories";

export type RemoteSourceResult = { ok: true; path: string; source: StreamRemoteSource } | { ok: false; path: string; reason: string };

/** Undefined for an item that is not a remote stream. */
export async function remoteSourceOf(repos: Repositories, mediaItemId: number): Promise<RemoteSourceResult | undefined> {
  const version = (await repos.mediaItems.versionsOf(mediaItemId))[0];
  if (!version || (version.streamUrl === null && version.streamError === null)) return undefined;
  if (version.streamUrl === null) return { ok: false, path: version.path, reason: `Remote stream ${mediaItemId} cannot be played\n${version.streamError}` };
  const url = checkStreamUrl(version.streamUrl);
  let stored: unknown = {};
  try {
    stored = version.streamHeaders ? JSON.parse(version.streamHeaders) : {};
  } catch {
    stored = null;
  }
  const headers = checkStreamHeaders(stored);
  if (!url.ok) return { ok: false, path: version.path, reason: `Remote stream ${mediaItemId} cannot be played\nurl: ${url.message}` };
  if (headers.errors.length) return { ok: false, path: version.path, reason: `Remote stream ${mediaItemId} cannot be played\n${headers.errors[0]!.field}: ${headers.errors[0]!.message}` };
  return { ok: true, path: version.path, source: { mediaItemId, url: url.value.url, scheme: url.value.scheme, headers: headers.value, live: version.streamLive } };
}

/** Records that a remote item's source failed (the health page lists those of the last 24 h), or played again. */
export async function recordRemoteOutcome(repos: Repositories, mediaItemId: number, error: string | null, at: number): Promise<void> {
  await repos.mediaItems.setStreamOutcome(mediaItemId, error === null ? null : error.slice(0, 1000), error === null ? null : at);
}
