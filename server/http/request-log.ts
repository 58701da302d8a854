/**
 * Log lines for requests that went wrong or took long: every 5xx (warn) and every request slower than 2 s
 * (info), with method, path (never the query: it may carry an access token), status and duration. Streams
 * (MPEG-TS viewers, HLS segments, the media-source proxy) stay connected for as long as someone watches and
 * are not "slow".
 */
import type { RequestHandler } from "express";
import type { EventLog } from "../domain/event-log";

export const SLOW_REQUEST_MS = 2000;
const STREAMS = /^\/(iptv\/(channel|hdhr|session|hls-direct)\/|internal\/)/;

export function requestLog(log: EventLog, now: () => number = () => performance.now()): RequestHandler {
  return (req, res, next) => {
    const started = now();
    res.once("finish", () => {
      const ms = Math.round(now() - started);
      const fields = { method: req.method, path: req.path, status: res.statusCode, durationMs: ms };
      if (res.statusCode >= 500) log.warn("request failed on the server", fields);
      else if (ms > SLOW_REQUEST_MS && !STREAMS.test(req.path)) log.info("slow request", fields);
    });
    next();
  };
}
