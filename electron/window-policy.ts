/**
 * The window's security settings and navigation rules, as plain data and functions so they are tested in
 * Node (this file must not import electron).
 */
export const WINDOW_WEB_PREFERENCES = {
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInSubFrames: false,
  sandbox: true,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false,
} as const;

/** The preload reads the app version from this argument (a sandboxed preload cannot ask `app`). */
export const VERSION_ARGUMENT = "--airwave-version=";

/** The only permissions the UI needs: the copy buttons and the preview player's full screen. */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(["clipboard-sanitized-write", "fullscreen"]);

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

/**
 * What to do with a navigation of the window ("navigate") or a request for a new one ("open"): stay on the
 * local origin, hand http(s) links to the system browser (new windows of the local origin too, e.g. the API
 * docs), refuse everything else (file:, javascript:, custom schemes).
 */
export function navigationAction(target: string, origin: string, kind: "navigate" | "open"): "allow" | "external" | "deny" {
  if (kind === "navigate" && isAllowedNavigation(target, origin)) return "allow";
  return isExternalLink(target) ? "external" : "deny";
}

/** Permission requests: only the allowed ones, and only from the local origin. */
export function isAllowedPermission(permission: string, requestingUrl: string, origin: string): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAllowedNavigation(requestingUrl, origin);
}

/** The origin the window opens: the port the server reported, on loopback when it listens on every address. */
export function windowOrigin(ready: { port: number; url: string }): string {
  let host = "127.0.0.1";
  try {
    const reported = new URL(ready.url).hostname;
    if (reported && reported !== "localhost" && reported !== "0.0.0.0" && reported !== "[::]") host = reported;
  } catch {
    // keep loopback
  }
  return `http://${host}:${ready.port}`;
}

/** The M3U URL the tray copies. */
export function playlistUrl(origin: string): string {
  return `${origin.replace(/\/$/, "")}/iptv/channels.m3u`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The error window's page (loaded as a data: URL, no script): what went wrong and where the log is. */
export function errorPageHtml(reason: string, logPath: string): string {
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
    "<title>Airwave could not start</title>",
    "<style>body{font:15px system-ui,sans-serif;margin:2rem;color:#222;background:#fafafa}",
    "@media (prefers-color-scheme:dark){body{color:#eee;background:#1e1e1e}}",
    "code{display:block;padding:.6rem;margin:.4rem 0;background:rgba(127,127,127,.15);word-break:break-all;user-select:all}</style>",
    "</head><body>",
    "<h1>Airwave could not start its server</h1>",
    `<p>${escapeHtml(reason)}</p>`,
    "<p>The server's log is here:</p>",
    `<code>${escapeHtml(logPath)}</code>`,
    "<p>Fix the problem it names (for example a setting in settings.json), then start Airwave again.</p>",
    "</body></html>",
  ].join("\n");
}
