/**
 * Log lines for requests that went wrong or took long: every 5xx (warn) and every request slower than 2 s
 * (info), with method, path (never the query: it may carry an access token), status and duration. Streams
 * (MPEG-TS viewers, HLS segments, the media-source proxy) stay connected for as long as someone watches and
 * are not "slow". With `Logging:IptvAccessLog` on, every `/iptv/` request is logged at debug level when it ends
 * (address, user agent, method, path, query with the values of key- and token-like names redacted, status, time).
 *
 * Every change asked of the REST API is logged when it ends (info): "change made" or "change refused" with
 * method, path, status and the caller's address, never the body (it may hold a key or a password). GraphQL
 * mutations are logged by the GraphQL layer (they all share one path).
 */
import type { RequestHandler } from "express";
import type { EventLog } from "../domain/event-log";

export const SLOW_REQUEST_MS = 2000;
const STREAMS = /^\/(iptv\/(channel|hdhr|session|hls-direct)\/|internal\/)/;
const CHANGES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Query parameters whose values are never logged. */
const SECRET_PARAMETER = /key|token|secret|password|auth|cap|sig/i;

/** The query string with the values of secret-looking parameters replaced by `[redacted]`. */
export function redactedQuery(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return "";
  return url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_PARAMETER.test(decodeURIComponentSafe(name)) ? `${name}=[redacted]` : pair;
    })
    .join("&");
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function requestLog(log: EventLog, now: () => number = () => performance.now(), iptvAccessLog: () => boolean = () => false): RequestHandler {
  return (req, res, next) => {
    const started = now();
    if (iptvAccessLog() && req.path.startsWith("/iptv/")) {
      res.once("close", () => {
        const query = redactedQuery(req.originalUrl);
        log.debug("iptv request", { address: req.socket.remoteAddress ?? "unknown", userAgent: req.get("user-agent") ?? "none", method: req.method, path: req.path, ...(query ? { query } : {}), status: res.statusCode, durationMs: Math.round(now() - started) });
      });
    }
    res.once("finish", () => {
      const ms = Math.round(now() - started);
      const fields = { method: req.method, path: req.path, status: res.statusCode, durationMs: ms };
      if (res.statusCode >= 500) log.warn("request failed on the server", fields);
      else if (CHANGES.has(req.method) && req.path.startsWith("/api/")) log.info(res.statusCode < 400 ? "change made" : "change refused", { ...fields, address: req.socket.remoteAddress ?? "unknown" });
      if (res.statusCode < 500 && ms > SLOW_REQUEST_MS && !STREAMS.test(req.path)) log.info("slow request", fields);
    });
    next();
  };
}
