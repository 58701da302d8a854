/**
 * An IPTV playlist URL given with a RemoteStreams library is read once before the library is stored, so a
 * URL that is no playlist, does not answer or is too large is refused naming `m3uUrl` and nothing is kept.
 */
import { fetchRemote } from "../../media/remote-streams/fetch-remote";
import { MAX_M3U_BYTES, parseM3u } from "../../media/remote-streams/m3u";
import { isHttpUrl } from "../validation/absolute-url";

export async function checkM3uUrl(raw: string): Promise<{ ok: true; url: string; entries: number } | { ok: false; message: string }> {
  const url = raw.trim();
  if (url.length > 2048) return { ok: false, message: "must not be longer than 2048 characters" };
  if (!isHttpUrl(url)) return { ok: false, message: "must be an http or https URL of an M3U playlist" };
  if (new URL(url).username || new URL(url).password) return { ok: false, message: "must not carry a user name or password" };
  const fetched = await fetchRemote(url, { maxBytes: MAX_M3U_BYTES });
  if (!fetched.ok) return { ok: false, message: fetched.tooLarge ? `the playlist ${fetched.reason}` : `cannot be read: ${fetched.reason}` };
  const parsed = parseM3u(fetched.text);
  if (!parsed.ok) return { ok: false, message: `the answer ${parsed.message}` };
  return { ok: true, url, entries: parsed.entries.length };
}
