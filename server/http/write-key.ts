import { createHash, timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { pathSegments } from "./canonical-path";

export const WRITE_KEY_HEADER = "x-api-key";
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Routes under /api that take writes without the key, each with the reason it may. */
export const WRITE_KEY_EXEMPTIONS: ReadonlyArray<{ name: string; matches(segments: string[]): boolean }> = [
  {
    // Scanner child processes report progress without the header; the route accepts only scan ids the server issued.
    name: "scanner-callback",
    matches: (s) => s.length >= 5 && s[0] === "api" && s[1] === "v1" && s[2] === "scan",
  },
  {
    // Scripts a scripted playout build runs call back without the key; the route accepts only the random
    // id of a build session that is running, and only from this machine.
    name: "scripted-build-callback",
    matches: (s) => s.length >= 7 && s[0] === "api" && s[1] === "v1" && s[2] === "scripted" && s[3] === "playout" && s[4] === "build",
  },
];

/** Constant-time comparison of a presented key with the configured one. */
export function keyMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== "string") return false;
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** True when a request to this path with this method must carry the write key. */
export function needsWriteKey(method: string, path: string): boolean {
  if (READ_METHODS.has(method.toUpperCase())) return false;
  const segments = pathSegments(path);
  if (segments[0] !== "api") return false;
  return !WRITE_KEY_EXEMPTIONS.some((exemption) => exemption.matches(segments));
}

/**
 * Every write under /api carries `X-Api-Key` equal to the configured key, when one is configured.
 * Runs after canonicalPathMiddleware and legacyRewrite, so every spelling of a path is judged alike.
 */
export function requireWriteKey(writeKey: string | undefined, onRejected: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!writeKey) return next();
    const queryAt = req.url.indexOf("?");
    const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
    if (!needsWriteKey(req.method, path) || keyMatches(req.headers[WRITE_KEY_HEADER], writeKey)) return next();
    return onRejected(req, res, next);
  };
}
