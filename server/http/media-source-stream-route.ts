import { Readable } from "node:stream";
import type { Express } from "express";
import type { Services } from "../services";
import { DomainError } from "../services/domain-error";
import { isDirectLoopbackRequest } from "./loopback";
import { sendProblem } from "./problem-details";

/**
 * `GET /internal/media-source-stream?path=…&cap=…`: what FFmpeg reads for a media-source item without a
 * local copy — the server's static stream, with the credential added by the service. Loopback only, and
 * only with this run's capability; Range requests pass through so FFmpeg can seek.
 */
export function addMediaSourceStreamRoute(app: Express, services: Services): void {
  app.get("/internal/media-source-stream", async (req, res, next) => {
    try {
      if (!isDirectLoopbackRequest(req)) return sendProblem(res, 404, `no such route ${req.path}`);
      const path = typeof req.query.path === "string" ? req.query.path : "";
      const cap = typeof req.query.cap === "string" ? req.query.cap : "";
      const stream = await services.remotePlayback.open(path, cap, req.headers.range);
      res.status(stream.status);
      for (const [name, value] of Object.entries(stream.headers)) res.setHeader(name, value);
      if (!stream.body) return void res.end();
      const body = Readable.fromWeb(stream.body as never);
      res.once("close", () => body.destroy());
      body.on("error", () => res.destroy());
      body.pipe(res);
    } catch (error) {
      if (error instanceof DomainError) return sendProblem(res, 404, "no such stream");
      if (error instanceof TypeError) return sendProblem(res, 502, "the media server did not answer");
      next(error);
    }
  });
}
