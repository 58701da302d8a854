/**
 * Who may read `/iptv/`: with `JWT:IssuerSigningKey` set, every `/iptv/` route except the logos
 * needs a valid token (`access_token` query parameter or `Authorization: Bearer`), else 401. The
 * HDHomeRun tuner streams (`/iptv/hdhr/…`) cannot carry a token: with tokens on they are off (404)
 * unless `HDHomeRun:AllowWithoutToken` is true. With no key, nothing is checked.
 */
import type { Request, RequestHandler, Response } from "express";
import { pathSegments } from "../http/canonical-path";
import { sendProblem } from "../http/problem-details";
import type { IptvTokenService } from "../services/iptv-token-service";

const TOKEN_LOCAL = "iptvAccessToken";

/** The token the request presented (and that passed), to be carried into the URLs we emit. */
export function requestAccessToken(res: Response): string | undefined {
  return res.locals[TOKEN_LOCAL] as string | undefined;
}

export function presentedToken(req: Request): string | undefined {
  const query = req.query.access_token;
  const fromQuery = Array.isArray(query) ? query[0] : query;
  if (typeof fromQuery === "string" && fromQuery !== "") return fromQuery;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "");
  return match?.[1];
}

/** HDHomeRun emulation is reachable: tokens are off, or explicitly allowed without one. */
export function hdhrAvailable(tokens: IptvTokenService, allowWithoutToken: boolean): boolean {
  return !tokens.enabled || allowWithoutToken;
}

export function iptvAccess(tokens: IptvTokenService, hdhrAllowWithoutToken: boolean): RequestHandler {
  return (req, res, next) => {
    const segments = pathSegments(req.path);
    if (segments[0] !== "iptv" || !tokens.enabled) return next();
    if (segments[1] === "logos") return next();
    if (segments[1] === "hdhr") {
      if (hdhrAllowWithoutToken) return next();
      return sendProblem(res, 404, `no resource at ${req.method} ${req.path}`);
    }
    const token = presentedToken(req);
    if (!tokens.verify(token)) {
      res.setHeader("WWW-Authenticate", 'Bearer error="invalid_token"');
      return sendProblem(res, 401, "a valid access_token (query parameter or Bearer header) is required for /iptv/");
    }
    res.locals[TOKEN_LOCAL] = token;
    next();
  };
}
