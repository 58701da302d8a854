import type { Express } from "express";
import type { Services } from "../services";
import { sendCachedImage } from "./cached-image";
import { sendProblem } from "./problem-details";

/**
 * `GET /api/v1/artwork/{cacheKey}`: a picture of the artwork cache (the URLs items' `artwork` carry).
 * The key only selects a cache file (see `ArtworkService.cachedFile`); nothing else is reachable.
 */
export function addArtworkRoute(app: Express, services: Services): void {
  app.get("/api/v1/artwork/*key", async (req, res, next) => {
    try {
      const key = (req.params as { key?: string[] | string }).key;
      const image = await services.artwork.cachedFile(Array.isArray(key) ? key.join("/") : (key ?? ""));
      const missing = () => sendProblem(res, 404, `no artwork at ${req.path}`);
      if (!image) return missing();
      sendCachedImage(req, res, image, missing);
    } catch (error) {
      next(error);
    }
  });
}
