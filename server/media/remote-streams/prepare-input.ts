/**
 * Before FFmpeg or ffprobe open a remote stream: follow an http(s) URL's redirects by hand (each hop only to
 * http or https; the headers only while on the item's origin), and read an HLS playlist once to refuse one
 * that names a local file or another scheme (and, when headers are set, segments on another origin).
 * The result is what FFmpeg opens, with redirects turned off.
 */
import { forbiddenPlaylistUris, foreignPlaylistOrigins, sameOrigin, type RemoteInput, type RemoteScheme } from "../../domain/remote-stream";
import { fetchRemote } from "./fetch-remote";

/** HLS playlists are small; one larger than this is refused. */
const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

export interface RemoteSource {
  url: string;
  scheme: RemoteScheme;
  headers: Record<string, string>;
  live: boolean;
}

export type Prepared = { ok: true; input: RemoteInput } | { ok: false; field: "url" | "headers"; reason: string };

export async function prepareRemoteInput(source: RemoteSource, timeoutMs?: number): Promise<Prepared> {
  const { url, scheme, headers, live } = source;
  if (scheme !== "http" && scheme !== "https" && scheme !== "hls") return { ok: true, input: { url, scheme, headers: {}, live } };
  if (scheme !== "hls") {
    const head = await fetchRemote(url, { headers, maxBytes: 0, headOnly: true, timeoutMs });
    if (!head.ok) return { ok: false, field: "url", reason: head.reason };
    if (/mpegurl/i.test(head.contentType)) return prepareRemoteInput({ ...source, url: head.finalUrl, scheme: "hls", headers: sameOrigin(head.finalUrl, url) ? headers : {} }, timeoutMs);
    return { ok: true, input: { url: head.finalUrl, scheme: head.finalUrl.startsWith("https:") ? "https" : "http", headers: sameOrigin(head.finalUrl, url) ? headers : {}, live } };
  }
  const playlist = await fetchRemote(url, { headers, maxBytes: MAX_PLAYLIST_BYTES, timeoutMs });
  if (!playlist.ok) return { ok: false, field: "url", reason: playlist.tooLarge ? `the HLS playlist ${playlist.reason}` : playlist.reason };
  if (!playlist.text.trimStart().startsWith("#EXTM3U")) return { ok: false, field: "url", reason: "is not an HLS playlist (no #EXTM3U)" };
  const forbidden = forbiddenPlaylistUris(playlist.text, playlist.finalUrl);
  if (forbidden.length) {
    const first = forbidden[0]!;
    return { ok: false, field: "url", reason: `the HLS playlist names ${/^(file:|\/)/i.test(first.uri) ? "a local file" : "a URI that is not http or https"} (line ${first.line}: ${first.uri}); only http and https segments are played` };
  }
  const kept = sameOrigin(playlist.finalUrl, url) ? headers : {};
  if (Object.keys(kept).length) {
    const foreign = foreignPlaylistOrigins(playlist.text, playlist.finalUrl);
    if (foreign.length) return { ok: false, field: "headers", reason: `the HLS playlist names ${foreign[0]}, another origin; headers are sent only to ${new URL(url).origin}, so remove them or use a playlist on one origin` };
  }
  return { ok: true, input: { url: playlist.finalUrl, scheme: "hls", headers: kept, live } };
}
