/**
 * The window's security settings and navigation rules, as plain data and functions so they are tested in
 * Node (this file must not import electron).
 */
export const WINDOW_WEB_PREFERENCES = {
  contextIsolation: true,
  nodeIntegration: false,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

/** The window may only show pages of the local server it was opened on. */
export function isAllowedNavigation(target: string, origin: string): boolean {
  try {
    return new URL(target).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/** Links the window may not follow itself but may hand to the system browser (http and https only). */
export function isExternalLink(target: string): boolean {
  try {
    const url = new URL(target);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** The M3U URL the tray copies. */
export function playlistUrl(origin: string): string {
  return `${origin.replace(/\/$/, "")}/iptv/channels.m3u`;
}
