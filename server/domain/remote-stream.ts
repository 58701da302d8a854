/**
 * Remote stream sources (a URL a user typed, an IPTV playlist's entry): which URLs may be played, which
 * headers may be sent, and which FFmpeg protocols each scheme may use. Pure rules shared by the scanner,
 * the services and the stream builder; no I/O.
 *
 * Only network schemes are accepted; FFmpeg's own protocols that read local files or wrap other inputs
 * (`file:`, `concat:`, `subfile:`, `data:`, `pipe:`, `crypto:`…) are refused by name, and each accepted
 * scheme hands FFmpeg a `-protocol_whitelist` of just the protocols it needs, so nothing a server answers
 * (an HLS playlist naming `file:///…`, a redirect to `file:`) can make FFmpeg open a local file.
 */

export type RemoteScheme = "http" | "https" | "hls" | "rtmp" | "rtmps" | "rtsp" | "rtsps" | "udp" | "rtp";

/** The URL schemes a remote stream may use (`hls+http://`, `hls+https://` force the HLS demuxer). */
export const REMOTE_STREAM_SCHEMES = ["http", "https", "hls+http", "hls+https", "rtmp", "rtmps", "rtsp", "rtsps", "udp", "rtp"] as const;

/** FFmpeg protocols each scheme needs, and nothing else (`-protocol_whitelist`). */
const PROTOCOLS: Record<RemoteScheme, string> = {
  http: "http,https,tcp,tls",
  https: "http,https,tcp,tls",
  hls: "http,https,tcp,tls,crypto",
  rtmp: "rtmp,tcp",
  rtmps: "rtmps,tcp,tls",
  rtsp: "rtsp,rtp,udp,tcp",
  rtsps: "rtsps,rtsp,rtp,udp,tcp,tls",
  udp: "udp",
  rtp: "rtp,udp",
};

export const MAX_STREAM_URL_LENGTH = 2048;
export const MAX_HEADERS = 20;
const MAX_HEADER_VALUE = 1024;

/** A checked remote URL: what FFmpeg opens, and how. */
export interface RemoteStreamUrl {
  /** The URL FFmpeg opens (`hls+` removed). */
  url: string;
  scheme: RemoteScheme;
  /** An HLS playlist (`.m3u8` path or `hls+` scheme). */
  hls: boolean;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** The `-protocol_whitelist` for a scheme. */
export function protocolWhitelist(scheme: RemoteScheme): string {
  return PROTOCOLS[scheme];
}

/** Whether a URL's path names an HLS playlist. */
export function looksLikeHls(url: URL): boolean {
  return /\.m3u8$/i.test(url.pathname);
}

/**
 * Checks a stream URL: one of the allowed schemes, a host, no user name or password in it, no spaces or
 * control characters; UDP/RTP only from a multicast group or this computer (a bare `@:port` listens).
 */
export function checkStreamUrl(raw: unknown): Checked<RemoteStreamUrl> {
  if (typeof raw !== "string" || raw.trim() === "") return { ok: false, message: "must be a URL (http, https, hls+http(s), rtmp(s), rtsp(s), udp or rtp)" };
  const text = raw.trim();
  if (text.length > MAX_STREAM_URL_LENGTH) return { ok: false, message: `must not be longer than ${MAX_STREAM_URL_LENGTH} characters` };
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, message: "must not contain spaces, line breaks or control characters" };
  const schemeMatch = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  const schemeName = schemeMatch?.[1]?.toLowerCase();
  if (!schemeName) return { ok: false, message: "must be an absolute URL with a scheme (http, https, hls+http(s), rtmp(s), rtsp(s), udp or rtp)" };
  if (!(REMOTE_STREAM_SCHEMES as readonly string[]).includes(schemeName)) {
    return { ok: false, message: `the scheme "${schemeName}:" is not allowed; use one of ${REMOTE_STREAM_SCHEMES.map((s) => `${s}:`).join(", ")}` };
  }
  const forcedHls = schemeName.startsWith("hls+");
  const rest = forcedHls ? text.slice(4) : text;
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    return { ok: false, message: "is not a valid URL" };
  }
  if (url.username || url.password) return { ok: false, message: "must not carry a user name or password; send credentials in headers instead" };
  const scheme = url.protocol.slice(0, -1) as RemoteScheme;
  if (scheme === "udp" || scheme === "rtp") {
    if (url.search) return { ok: false, message: `${scheme}: URLs take no options (?…)` };
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!/^\d+$/.test(url.port)) return { ok: false, message: `${scheme}: URLs need a port` };
    if (host !== "" && host !== "@" && !isMulticastOrLoopback(host)) return { ok: false, message: `${scheme}: URLs must name a multicast group or this computer (127.0.0.1, ::1)` };
    return { ok: true, value: { url: `${scheme}://${url.host}`, scheme, hls: false } };
  }
  if (!url.hostname) return { ok: false, message: "must name a host" };
  const hls = forcedHls || ((scheme === "http" || scheme === "https") && looksLikeHls(url));
  return { ok: true, value: { url: url.href, scheme: hls ? "hls" : scheme, hls } };
}

function isMulticastOrLoopback(host: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (v4) {
    const first = Number(v4[1]);
    return (first >= 224 && first <= 239) || first === 127;
  }
  const lower = host.toLowerCase();
  return lower === "::1" || lower.startsWith("ff");
}

/** HTTP header names (RFC 9110 token) and values (visible characters and spaces, no line breaks). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Headers FFmpeg or the connection set themselves. */
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "range", "icy-metadata"]);

/**
 * Checks the headers of a remote stream: names are HTTP tokens, values have no line breaks or control
 * characters (nothing can be smuggled into the request), at most `MAX_HEADERS`. Errors name the header.
 */
export function checkStreamHeaders(raw: unknown, field = "headers"): { value: Record<string, string>; errors: Array<{ field: string; message: string }> } {
  const errors: Array<{ field: string; message: string }> = [];
  const value: Record<string, string> = {};
  if (raw === undefined || raw === null) return { value, errors };
  if (typeof raw !== "object" || Array.isArray(raw)) return { value, errors: [{ field, message: "must be an object of header names and text values" }] };
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_HEADERS) errors.push({ field, message: `at most ${MAX_HEADERS} headers` });
  for (const [name, headerValue] of entries.slice(0, MAX_HEADERS)) {
    const at = `${field}.${name.replace(/[\r\n]/g, "\\n").slice(0, 100)}`;
    if (!HEADER_NAME.test(name)) {
      errors.push({ field: at, message: "is not a valid header name (letters, digits and -!#$%&'*+.^_`|~ only; no spaces or line breaks)" });
      continue;
    }
    if (RESERVED_HEADERS.has(name.toLowerCase())) {
      errors.push({ field: at, message: "is set by Airwave itself and cannot be given" });
      continue;
    }
    if (typeof headerValue !== "string" && typeof headerValue !== "number") {
      errors.push({ field: at, message: "must be text" });
      continue;
    }
    const text = String(headerValue);
    // eslint-disable-next-line no-control-regex
    if (/[\r\n\u0000-\u0008\u000a-\u001f\u007f]/.test(text)) errors.push({ field: at, message: "must not contain line breaks or control characters" });
    else if (text.length > MAX_HEADER_VALUE) errors.push({ field: at, message: `must not be longer than ${MAX_HEADER_VALUE} characters` });
    else value[name] = text.trim();
  }
  return { value, errors };
}

/** Whether two http(s) URLs share an origin (scheme, host and port): headers go only to the item URL's origin. */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Whether a redirect target may be followed: only to http or https. */
export function isFollowableRedirect(target: string): boolean {
  try {
    const url = new URL(target);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Every URI an HLS playlist names (segment lines and `URI="…"` attributes), with its 1-based line. */
function playlistUris(text: string): Array<{ line: number; uri: string }> {
  const found: Array<{ line: number; uri: string }> = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line && !line.startsWith("#")) found.push({ line: index + 1, uri: line });
    else for (const match of line.matchAll(/URI="([^"]*)"/g)) found.push({ line: index + 1, uri: match[1]! });
  });
  return found;
}

function resolveUri(uri: string, base: string): URL | undefined {
  try {
    return new URL(uri, base);
  } catch {
    return undefined;
  }
}

/**
 * The URIs an HLS playlist names that Airwave refuses: any that is not http(s) once resolved against the
 * playlist's URL (a local file, `data:`, `concat:`…).
 */
export function forbiddenPlaylistUris(text: string, base: string): Array<{ line: number; uri: string }> {
  return playlistUris(text)
    .filter(({ uri }) => {
      const resolved = resolveUri(uri, base);
      return !resolved || (resolved.protocol !== "http:" && resolved.protocol !== "https:");
    })
    .map(({ line, uri }) => ({ line, uri: uri.slice(0, 200) }));
}

/** Absolute origins an HLS playlist names other than its own (headers would reach them). */
export function foreignPlaylistOrigins(text: string, base: string): string[] {
  const origin = new URL(base).origin;
  const others = new Set<string>();
  for (const { uri } of playlistUris(text)) {
    const resolved = resolveUri(uri, base);
    if (resolved && resolved.origin !== origin) others.add(resolved.origin);
  }
  return [...others];
}

/** A remote input as FFmpeg and ffprobe open it. */
export interface RemoteInput {
  url: string;
  scheme: RemoteScheme;
  /** Sent only when `url` is on the item URL's origin (the caller resolved redirects and dropped them otherwise). */
  headers: Record<string, string>;
  live: boolean;
}

/** How long a read may stall before FFmpeg gives up (µs), so the channel shows the slate and retries. */
export const REMOTE_STALL_TIMEOUT_US = 5_000_000;

/**
 * Input options for a remote URL, before its `-i`: the scheme's protocol whitelist, a read timeout, and for
 * HTTP reconnects (no redirects: Airwave resolved them, so none can lead elsewhere) and the headers; for HLS
 * a live playlist that stops growing ends the read after a few reloads instead of a thousand.
 */
export function remoteInputOptions(input: RemoteInput, stallTimeoutUs = REMOTE_STALL_TIMEOUT_US): string[] {
  const args = ["-protocol_whitelist", protocolWhitelist(input.scheme), "-rw_timeout", String(stallTimeoutUs)];
  if (input.scheme === "http" || input.scheme === "https" || input.scheme === "hls") {
    args.push("-reconnect", "1", "-reconnect_on_network_error", "1", "-reconnect_delay_max", "2", "-max_redirects", "0");
    if (input.live || input.scheme === "hls") args.push("-reconnect_streamed", "1");
    const headerText = Object.entries(input.headers).map(([name, value]) => `${name}: ${value}\r\n`).join("");
    if (headerText) args.push("-headers", headerText);
  }
  if (input.scheme === "hls") args.push("-f", "hls", "-m3u8_hold_counters", "8", "-max_reload", "8");
  if (input.scheme === "udp") args.push("-timeout", String(stallTimeoutUs), "-overrun_nonfatal", "1");
  if (input.scheme === "rtsp" || input.scheme === "rtsps") args.push("-timeout", String(stallTimeoutUs));
  return args;
}

/** FFmpeg arguments as logs and answers show them: the values of `-headers` (tokens, cookies) replaced, the names kept. */
export function redactHeaderArguments(args: readonly string[]): string[] {
  return args.map((arg, i) => (args[i - 1] === "-headers" ? arg.replace(/:[^\r\n]*/g, ": [redacted]") : arg));
}

/** A stream URL as answers and logs show it: without query, fragment or user info (they may carry a token). */
export function displayStreamUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}${parsed.search ? "?…" : ""}`;
  } catch {
    return "(not a URL)";
  }
}
