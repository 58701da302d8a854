import type { Request, RequestHandler } from "express";
import type { MetricsPort } from "../metrics/metrics-port";

/**
 * The route template a request matched (`/api/v1/channels/:id`), never the raw path, so label values
 * stay few: requests no route matched are grouped by surface.
 */
export function routeTemplate(req: Request): string {
  const route = req.route as { path?: unknown } | undefined;
  if (route && typeof route.path === "string") return `${req.baseUrl}${route.path}`;
  const path = req.originalUrl.split("?")[0];
  if (path === "/graphql" || path.startsWith("/graphql/")) return "/graphql";
  if (path.startsWith("/docs")) return "/docs";
  if (path.startsWith("/api/") || path.startsWith("/iptv/")) return "unmatched";
  return "static";
}

/** Counts every request and its latency when the response finishes. */
export function requestMetrics(metrics: MetricsPort): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("finish", () => {
      metrics.httpRequest(req.method, routeTemplate(req), res.statusCode, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
