/**
 * An IPTV M3U playlist (`#EXTM3U`, `#EXTINF:-1 tvg-id="…" tvg-name="…" tvg-logo="…" group-title="…",Name`
 * then the stream URL): one entry per channel. Entries whose URL breaks the remote stream rules are kept
 * with the reason, so the library shows them marked instead of dropping them silently.
 */
import { checkStreamUrl, type RemoteStreamUrl } from "../../domain/remote-stream";

/** Playlists larger than this are refused (read no further). */
export const MAX_M3U_BYTES = 5 * 1024 * 1024;
export const MAX_M3U_ENTRIES = 5000;

export interface M3uEntry {
  /** 1-based position in the playlist. */
  index: number;
  /** A stable key within the playlist: `tvg-id`, else the name, else the position. */
  key: string;
  name: string;
  tvgId?: string;
  tvgName?: string;
  logo?: string;
  group?: string;
  rawUrl: string;
  /** The URL as checked, or why it cannot be played. */
  source: { ok: true; value: RemoteStreamUrl } | { ok: false; message: string };
  /** Line of the URL (1-based). */
  line: number;
}

export type M3uResult = { ok: true; entries: M3uEntry[] } | { ok: false; message: string };

export function parseM3u(text: string): M3uResult {
  if (Buffer.byteLength(text) > MAX_M3U_BYTES) return { ok: false, message: `is larger than ${MAX_M3U_BYTES / 1024 / 1024} MB` };
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (!lines[0]?.trim().startsWith("#EXTM3U")) return { ok: false, message: "is not an M3U playlist (the first line must be #EXTM3U)" };
  const entries: M3uEntry[] = [];
  const keys = new Map<string, number>();
  let info: { name: string; attrs: Record<string, string> } | undefined;
  let group: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    if (line.startsWith("#EXTINF:")) {
      info = parseExtinf(line.slice(8));
      continue;
    }
    if (line.startsWith("#EXTGRP:")) {
      group = line.slice(8).trim() || undefined;
      continue;
    }
    if (line.startsWith("#")) continue;
    if (entries.length >= MAX_M3U_ENTRIES) return { ok: false, message: `has more than ${MAX_M3U_ENTRIES} entries` };
    const attrs = info?.attrs ?? {};
    const index = entries.length + 1;
    const name = (info?.name || attrs["tvg-name"] || `Entry ${index}`).slice(0, 500);
    const base = attrs["tvg-id"] || name;
    const seen = keys.get(base) ?? 0;
    keys.set(base, seen + 1);
    const key = seen ? `${base} (${seen + 1})` : base;
    const entryGroup = attrs["group-title"] || group;
    const source = checkStreamUrl(line);
    entries.push({
      index,
      key,
      name,
      ...(attrs["tvg-id"] ? { tvgId: attrs["tvg-id"] } : {}),
      ...(attrs["tvg-name"] ? { tvgName: attrs["tvg-name"] } : {}),
      ...(attrs["tvg-logo"] ? { logo: attrs["tvg-logo"] } : {}),
      ...(entryGroup ? { group: entryGroup } : {}),
      rawUrl: line.slice(0, 2048),
      source: source.ok ? source : { ok: false, message: source.message },
      line: i + 1,
    });
    info = undefined;
    group = undefined;
  }
  return { ok: true, entries };
}

/** `-1 key="value" key2="value",Display name` → the name and the attributes. */
function parseExtinf(rest: string): { name: string; attrs: Record<string, string> } {
  const attrs: Record<string, string> = {};
  let i = 0;
  // Skip the duration.
  while (i < rest.length && rest[i] !== " " && rest[i] !== ",") i++;
  for (;;) {
    while (rest[i] === " ") i++;
    if (i >= rest.length || rest[i] === ",") break;
    const match = /^([A-Za-z0-9_-]+)="([^"]*)"/.exec(rest.slice(i)) ?? /^([A-Za-z0-9_-]+)=(\S*)/.exec(rest.slice(i));
    if (!match) break;
    attrs[match[1]!.toLowerCase()] = match[2]!.trim();
    i += match[0].length;
  }
  const comma = rest.indexOf(",", i);
  const name = comma >= 0 ? rest.slice(comma + 1).trim() : "";
  return { name, attrs };
}
