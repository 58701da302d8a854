import path from "node:path";
import { MediaServerKind } from "../../domain/enums";
import type { PathReplacement } from "../../db/entities/media-source";
import type { Violations } from "../validation/violations";

export interface MediaSourceInput {
  /** 1–50 characters, unique without regard to letter case. */
  name?: string;
  kind?: MediaServerKind;
  /** The server's base URL: http or https, host, port, optional base path. */
  url?: string;
  /** Plex token or Jellyfin/Emby API key; on update, absent keeps the stored one. */
  credential?: string;
  /** Server path prefix → local path prefix, tried in order. */
  pathReplacements?: PathReplacement[];
}

const MAX_REPLACEMENTS = 20;

/** The server URL without a trailing slash, or a violation. */
export function checkUrl(v: Violations, value: string | undefined): string {
  const text = v.text("url", value, 1, 2000);
  if (!text) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    v.add("url", "must be an absolute http:// or https:// URL");
    return text;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") v.add("url", "must be an absolute http:// or https:// URL");
  else if (url.username || url.password) v.add("url", "must not contain a user name or password (put the key in credential)");
  else if (url.search || url.hash) v.add("url", "must not contain a query or fragment");
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** Whether two checked server URLs share scheme, host and port (the base path may differ). */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

export function checkKind(v: Violations, value: MediaServerKind | undefined): MediaServerKind {
  v.oneOf("kind", value, Object.values(MediaServerKind));
  return value as MediaServerKind;
}

export function checkCredential(v: Violations, value: string | undefined): string {
  const text = (value ?? "").trim();
  if (!text) v.add("credential", "must not be empty");
  else if (text.length > 500 || /[\s"]/.test(text)) v.add("credential", "must be at most 500 characters without spaces or quotes");
  return text;
}

/** Both sides non-empty; the local side an absolute path (POSIX or a Windows drive/UNC path). */
export function checkReplacements(v: Violations, value: PathReplacement[] | undefined): PathReplacement[] {
  const list = value ?? [];
  if (!Array.isArray(list)) {
    v.add("pathReplacements", "must be a list");
    return [];
  }
  if (list.length > MAX_REPLACEMENTS) v.add("pathReplacements", `at most ${MAX_REPLACEMENTS}`);
  return list.map((r, i) => {
    const serverPath = (r?.serverPath ?? "").trim();
    const localPath = (r?.localPath ?? "").trim();
    if (!serverPath || serverPath.length > 1000) v.add(`pathReplacements[${i}].serverPath`, "must be 1–1000 characters");
    if (!localPath || localPath.length > 1000) v.add(`pathReplacements[${i}].localPath`, "must be 1–1000 characters");
    else if (!path.posix.isAbsolute(localPath) && !path.win32.isAbsolute(localPath)) v.add(`pathReplacements[${i}].localPath`, "must be an absolute path");
    return { serverPath, localPath };
  });
}
