import "reflect-metadata";
import express, { type Express } from "express";
import { mountGraphql } from "./api/graphql/mount-graphql";
import { addApiDocs } from "./api/rest/api-docs";
import { RegisterRoutes } from "./api/rest/generated/routes";
import { REST_CONTEXT, type RestContext } from "./api/rest/rest-context";
import "./api/rest/tsoa-strict-enums";
import "./api/rest/tsoa-object-intersections";
import type { AppConfig } from "./config/app-config";
import { addArtworkRoute } from "./http/artwork-route";
import { addMediaSourceStreamRoute } from "./http/media-source-stream-route";
import { canonicalPathMiddleware } from "./http/canonical-path";
import { cors } from "./http/cors";
import { configureJson } from "./http/json";
import { legacyRewrite } from "./http/legacy-rewrite";
import { hostAllowList, requireAllowedHost } from "./http/allowed-hosts";
import { crossSiteWriteRefused, malformedPath, misdirectedHost, problemDetailsHandler, routeNotFound, signInRequired, unauthorized } from "./http/problem-details";
import { rendererStatic } from "./http/renderer-static";
import { requireAccess, type AccessPolicy } from "./http/write-key";
import { requestLog } from "./http/request-log";
import { addMonitoringRoutes } from "./http/monitoring-routes";
import { requestMetrics } from "./http/request-metrics";
import { iptvRouter } from "./iptv";
import { presentedToken } from "./iptv/access";
import type { PrometheusMetrics } from "./metrics/prometheus-metrics";
import type { Logger } from "./logging/logger";
import type { Services } from "./services";

export interface AppDependencies {
  config: AppConfig;
  services: Services;
  log: Logger;
  /** The server's metrics registry; without it /metrics is not served. */
  metrics?: PrometheusMetrics;
  /** True once the server has begun to stop (GET /health says not ready). */
  stopping?: () => boolean;
}

export interface App {
  app: Express;
  /** Releases what the app holds (GraphQL server); the HTTP server and database are closed by the caller. */
  stop(): Promise<void>;
}

/**
 * The request pipeline: Host allow-list, CORS, one canonical path, legacy /api rewrite, the access rule
 * (write key, owner session, cross-site refusal), JSON bodies,
 * then REST (/api/v1), GraphQL (/graphql), the OpenAPI document and /docs; problem details last.
 */
export async function createApp({ config, services, log, metrics, stopping = () => false }: AppDependencies): Promise<App> {
  const app = express();
  app.disable("x-powered-by");
  app.use(requireAllowedHost(hostAllowList(config.server.allowedHosts), misdirectedHost));
  if (metrics) app.use(requestMetrics(metrics));
  app.use(requestLog(log, undefined, () => config.logging.iptvAccessLog));
  app.use(cors());
  app.use(canonicalPathMiddleware(malformedPath));
  app.use(legacyRewrite({ deprecation: config.api.legacyDeprecation, sunset: config.api.legacySunset }));
  // The write key and the owner password apply as soon as they change (Settings, the sign-in routes).
  const access: AccessPolicy = {
    writeKey: () => config.api.writeKey,
    passwordSet: () => services.ownerAccess?.passwordSet ?? false,
    sessionValid: (token) => services.ownerAccess?.sessionValid(token) ?? Promise.resolve(false),
    trustProxy: config.server.trustProxy,
  };
  app.use(requireAccess(access, { needsCredential: (req, res, next) => (access.passwordSet() ? signInRequired : unauthorized)(req, res, next), crossSite: crossSiteWriteRefused }));
  configureJson(app);

  const restContext: RestContext = { services, trustProxy: config.server.trustProxy, writeKey: access.writeKey };
  app.locals[REST_CONTEXT] = restContext;
  addArtworkRoute(app, services);
  addMediaSourceStreamRoute(app, services);
  RegisterRoutes(app);

  const stopGraphql = await mountGraphql(app, { services, access, trustProxy: config.server.trustProxy, log });

  addApiDocs(app);

  if (metrics) {
    addMonitoringRoutes(app, {
      metrics,
      notReadyReason: () => services.readiness.notReadyReason(stopping(), (detail) => log.warn(`GET /health: ${detail}`)),
      // The /iptv/ rule: metrics show who watches what, so tokens, when on, guard them too.
      mayReadMetrics: (req) => !services.iptvTokens.enabled || services.iptvTokens.verify(presentedToken(req)),
    });
  }
  app.use(iptvRouter(services, config));
  app.use("/api", routeNotFound);
  app.use(rendererStatic());
  app.use(problemDetailsHandler(log));
  return { app, stop: stopGraphql };
}
