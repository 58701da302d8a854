import type { RequestHandler } from "express";

/** Thrown for a path whose percent-encoding cannot be decoded. */
export class MalformedPathError extends Error {}

/**
 * The one spelling of a request path that routing and every check agree on: empty segments
 * (`//`) dropped, each segment percent-decoded once, `.` and `..` resolved (never above the root),
 * and each segment re-encoded the same way. A trailing slash is kept.
 */
export function canonicalPath(rawPath: string): string {
  const segments: string[] = [];
  for (const raw of rawPath.split("/")) {
    if (raw === "") continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw new MalformedPathError(`malformed percent-encoding in path segment "${raw}"`);
    }
    if (segment === ".") continue;
    if (segment === "..") {
      segments.pop();
      continue;
    }
    segments.push(segment);
  }
  const trailing = rawPath.length > 1 && rawPath.endsWith("/") && segments.length > 0 ? "/" : "";
  return "/" + segments.map(encodeSegment).join("/") + trailing;
}

function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(3A|40|21|24|26|27|28|29|2A|2B|2C|3B|3D)/gi, (m) =>
    decodeURIComponent(m),
  );
}

/** Lower-cased path segments of a canonical path. */
export function pathSegments(path: string): string[] {
  return path.split("/").filter((s) => s !== "").map((s) => s.toLowerCase());
}

/** `scheme://authority` at the start of an absolute-form request target (RFC 9112 §3.2.2). */
const ABSOLUTE_FORM_PREFIX = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** Rewrites `req.url` to its canonical path so routing and checks see the same thing. */
export function canonicalPathMiddleware(onMalformed: RequestHandler): RequestHandler {
  return (req, res, next) => {
    // An absolute-form target (`POST http://host/api/v1/channels`, as proxies send) is routed by its path.
    const url = req.url.replace(ABSOLUTE_FORM_PREFIX, "");
    const queryAt = url.indexOf("?");
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? "" : url.slice(queryAt);
    try {
      req.url = canonicalPath(rawPath) + query;
    } catch (error) {
      if (error instanceof MalformedPathError) return onMalformed(req, res, next);
      throw error;
    }
    next();
  };
}
