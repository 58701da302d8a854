import type { Express, Request } from "express";
import { sendProblem } from "./problem-details";

export interface MonitoringDependencies {
  /** Prometheus text and its content type. */
  metrics: { contentType: string; text(): Promise<string> };
  /** undefined when ready, else why not. */
  notReadyReason(): Promise<string | undefined>;
  /** Whether the request may read /metrics (the /iptv/ token rule). */
  mayReadMetrics(req: Request): boolean;
}

/**
 * `GET /health`: 200 `{ "status": "ready" }` or 503 `{ "status": "not ready", "reason": … }`, open to
 * anyone (it tells nothing else). `GET /metrics`: Prometheus text, behind the /iptv/ token when tokens are on.
 */
export function addMonitoringRoutes(app: Express, deps: MonitoringDependencies): void {
  app.get("/health", async (_req, res) => {
    const reason = await deps.notReadyReason();
    res.setHeader("Cache-Control", "no-store");
    if (reason === undefined) res.status(200).json({ status: "ready" });
    else res.status(503).json({ status: "not ready", reason });
  });
  app.get("/metrics", async (req, res) => {
    if (!deps.mayReadMetrics(req)) {
      res.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
      return sendProblem(res, 401, "a valid access_token (query parameter or Bearer header) is required for /metrics while IPTV tokens are on");
    }
    res.setHeader("Cache-Control", "no-store");
    res.type(deps.metrics.contentType).send(await deps.metrics.text());
  });
}
