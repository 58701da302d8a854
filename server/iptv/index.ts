/**
 * The surfaces media players read (separate from /api/v1, spec §1 rule 4): the M3U playlist, the
 * XMLTV guide, logos and HDHomeRun emulation, behind the `/iptv/` token check. Mounted before the
 * /api not-found handler; streaming routes mounted after this router are token-checked by it too.
 */
import { Router } from "express";
import type { AppConfig } from "../config/app-config";
import type { Services } from "../services";
import { iptvAccess } from "./access";
import { addHdhrRoutes } from "./hdhr-routes";
import { addLogoRoutes } from "./logo-routes";
import { addPlaylistRoutes } from "./playlist-routes";
import { addStreamRoutes } from "./stream-routes";
import { addXmltvRoutes } from "./xmltv-routes";

export function iptvRouter(services: Services, config: Pick<AppConfig, "dataDir" | "server" | "hdhomerun">): Router {
  const router = Router();
  router.use(iptvAccess(services.iptvTokens, config.hdhomerun.allowWithoutToken));
  addPlaylistRoutes(router, services, config.server.trustProxy);
  addXmltvRoutes(router, services, config.server.trustProxy, config.dataDir);
  addLogoRoutes(router, config.dataDir);
  addHdhrRoutes(router, services, {
    trustProxy: config.server.trustProxy,
    // Read per request: Settings can change the tuner count without a restart.
    get tunerCount() {
      return config.hdhomerun.tunerCount;
    },
    allowWithoutToken: config.hdhomerun.allowWithoutToken,
  });
  addStreamRoutes(router, services, config.server.trustProxy);
  return router;
}
