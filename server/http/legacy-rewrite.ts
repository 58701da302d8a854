import type { RequestHandler } from "express";
import { pathSegments } from "./canonical-path";

export interface LegacyRewriteOptions {
  deprecation: Date;
  sunset: Date;
}

const VERSION_SEGMENT = /^v[0-9]+$/;

/**
 * `/api/<rest>` without a version segment is served as `/api/v1/<rest>` (rewritten inside the
 * pipeline, not redirected). The response says so: Deprecation (RFC 9745), Sunset (RFC 8594) and a
 * Link to the successor. Runs after canonicalPathMiddleware.
 */
export function legacyRewrite(options: LegacyRewriteOptions): RequestHandler {
  const deprecation = `@${Math.floor(options.deprecation.getTime() / 1000)}`;
  const sunset = options.sunset.toUTCString();
  return (req, res, next) => {
    const queryAt = req.url.indexOf("?");
    const path = queryAt === -1 ? req.url : req.url.slice(0, queryAt);
    const segments = pathSegments(path);
    if (segments[0] !== "api" || (segments[1] !== undefined && VERSION_SEGMENT.test(segments[1]))) return next();
    const rest = path.slice("/api".length).replace(/^\//, "");
    const successor = `/api/v1/${rest}`;
    req.url = successor + (queryAt === -1 ? "" : req.url.slice(queryAt));
    res.setHeader("Deprecation", deprecation);
    res.setHeader("Sunset", sunset);
    res.setHeader("Link", `<${successor}>; rel="successor-version"`);
    next();
  };
}
