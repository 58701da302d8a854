import type { Request } from "express";
import { requestBaseUrl } from "../../http/base-url";
import type { Services } from "../../services";

/** What a controller needs from the running server, besides the request itself. */
export interface RestContext {
  services: Services;
  trustProxy: boolean;
}

export const REST_CONTEXT = "restContext";

export function restContext(req: Request): RestContext {
  return req.app.locals[REST_CONTEXT] as RestContext;
}

export function baseUrlOf(req: Request): string {
  return requestBaseUrl(req, restContext(req).trustProxy);
}
