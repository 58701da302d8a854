import type { Request } from "express";
import { requestBaseUrl } from "../../http/base-url";
import { keyMatches, WRITE_KEY_HEADER } from "../../http/write-key";
import type { Services } from "../../services";

/** What a controller needs from the running server, besides the request itself. */
export interface RestContext {
  services: Services;
  trustProxy: boolean;
  /** The write key in effect now (it applies as soon as it changes). */
  writeKey(): string | undefined;
}

export const REST_CONTEXT = "restContext";

export function restContext(req: Request): RestContext {
  return req.app.locals[REST_CONTEXT] as RestContext;
}

export function baseUrlOf(req: Request): string {
  return requestBaseUrl(req, restContext(req).trustProxy);
}

/** What a request proves for changes of credentials: the current write key (X-Api-Key), and the client's address (password tries are counted per address). */
export function presentedProof(context: RestContext, req: Request): { writeKeyPresented: boolean; address: string } {
  const writeKey = context.writeKey();
  return { writeKeyPresented: Boolean(writeKey) && keyMatches(req.headers[WRITE_KEY_HEADER], writeKey!), address: req.socket.remoteAddress ?? "unknown" };
}
