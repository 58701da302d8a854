import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, RequestHandler } from "express";
import { pathSegments } from "./canonical-path";
import { isCrossSite } from "./cross-site";
import { readSessionCookie } from "./session-cookie";

export const WRITE_KEY_HEADER = "x-api-key";
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

type RouteRule = { name: string; matches(segments: string[]): boolean };

/** Routes under /api that take writes without the key, each with the reason it may. */
export const WRITE_KEY_EXEMPTIONS: ReadonlyArray<RouteRule> = [
  {
    // Scanner child processes report progress without the header; the route accepts only scan ids the server issued.
    name: "scanner-callback",
    matches: (s) => s.length >= 5 && s[0] === "api" && s[1] === "v1" && s[2] === "scan",
  },
  {
    // Scripts a scripted playout build runs call back without the key; the route accepts only the random
    // id of a build session that is running, and only from this machine.
    name: "scripted-build-callback",
    matches: (s) => s.length >= 7 && s[0] === "api" && s[1] === "v1" && s[2] === "scripted" && s[3] === "playout" && s[4] === "build",
  },
];

/**
 * The owner's sign-in routes (`/api/v1/auth`, `…/sign-in`, `…/sign-out`, `…/password`): open without a
 * session or key, because they are how one gets a session; each checks its own credential (the password,
 * the current password, the key) and answers only pages of this server's own origin.
 */
export const SIGN_IN_ROUTES: RouteRule = {
  name: "owner-sign-in",
  matches: (s) => s[0] === "api" && s[1] === "v1" && s[2] === "auth" && (s.length === 3 || (s.length === 4 && ["sign-in", "sign-out", "password"].includes(s[3]))),
};

/** Constant-time comparison of a presented key with the configured one. */
export function keyMatches(presented: unknown, expected: string): boolean {
  if (typeof presented !== "string") return false;
  const a = createHash("sha256").update(presented).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

/** True when a request to this path with this method must carry the write key (when one is set). */
export function needsWriteKey(method: string, path: string): boolean {
  if (READ_METHODS.has(method.toUpperCase())) return false;
  const segments = pathSegments(path);
  if (segments[0] !== "api") return false;
  return !WRITE_KEY_EXEMPTIONS.some((exemption) => exemption.matches(segments)) && !SIGN_IN_ROUTES.matches(segments);
}

/** What the server's credentials are right now (the write key and the password apply as soon as they change). */
export interface AccessPolicy {
  writeKey(): string | undefined;
  passwordSet(): boolean;
  sessionValid(token: string | undefined): Promise<boolean>;
  trustProxy: boolean;
}

/**
 * `allowed`; `needs-credential`: the write key or (with a password) the owner's session is wanted (401);
 * `cross-site`: a page of another site sent it and no key was presented (403).
 */
export type Access = "allowed" | "needs-credential" | "cross-site";

/**
 * The one access rule for the admin surface (REST under /api, GraphQL). The write key, when presented and
 * right, allows everything from any origin (spec). The owner's session cookie counts only on requests that
 * are not cross-site (SameSite=Strict keeps it from other sites; this also keeps it from other ports of
 * the same host). Reads need a credential only while an owner password is set; writes need one while a
 * password or a key is set, and without either are refused only from pages of other sites.
 */
export async function requestAccess(req: Request, policy: AccessPolicy, kind: "read" | "write"): Promise<Access> {
  const writeKey = policy.writeKey();
  if (writeKey && keyMatches(req.headers[WRITE_KEY_HEADER], writeKey)) return "allowed";
  const crossSite = isCrossSite(req, policy.trustProxy);
  const passwordSet = policy.passwordSet();
  if (passwordSet && !crossSite && (await policy.sessionValid(readSessionCookie(req)))) return "allowed";
  if (kind === "read") return passwordSet ? "needs-credential" : "allowed";
  if (crossSite && !writeKey) return "cross-site";
  return passwordSet || writeKey ? "needs-credential" : "allowed";
}

/**
 * Applies `requestAccess` to every request under /api (after canonicalPathMiddleware and legacyRewrite,
 * so every spelling of a path is judged alike). The callbacks and sign-in routes take no credential here
 * but are still refused from pages of other sites.
 */
export function requireAccess(policy: AccessPolicy, refused: { needsCredential: RequestHandler; crossSite: RequestHandler }): RequestHandler {
  return (req, res, next) => {
    const queryAt = req.url.indexOf("?");
    const segments = pathSegments(queryAt === -1 ? req.url : req.url.slice(0, queryAt));
    if (segments[0] !== "api") return next();
    const read = READ_METHODS.has(req.method);
    if (WRITE_KEY_EXEMPTIONS.some((e) => e.matches(segments)) || SIGN_IN_ROUTES.matches(segments)) {
      if (!read && isCrossSite(req, policy.trustProxy)) return refused.crossSite(req, res, next);
      return next();
    }
    requestAccess(req, policy, read ? "read" : "write").then(
      (access) => {
        if (access === "allowed") return next();
        return (access === "cross-site" ? refused.crossSite : refused.needsCredential)(req, res, next);
      },
      (error: unknown) => next(error),
    );
  };
}
