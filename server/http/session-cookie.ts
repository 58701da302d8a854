import type { IncomingMessage } from "node:http";
import { requestBaseUrl } from "./base-url";
import type { Request } from "express";

/** The owner's UI session: an opaque random token, HttpOnly (no script reads it) and SameSite=Strict. */
export const SESSION_COOKIE = "airwave_session";

/** The session token a request carries, if any. */
export function readSessionCookie(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && part.slice(0, at).trim() === SESSION_COOKIE) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * The Set-Cookie value that stores `token` until `expiresAt` (epoch ms; `now` for the Max-Age), or clears the
 * cookie when `token` is null. Secure when the client reached us over HTTPS (directly or through a trusted proxy).
 */
export function sessionCookieHeader(req: Request, trustProxy: boolean, token: string | null, expiresAt = 0, now = 0): string {
  const secure = requestBaseUrl(req, trustProxy).startsWith("https:") ? "; Secure" : "";
  const maxAge = token === null ? 0 : Math.max(0, Math.floor((expiresAt - now) / 1000));
  return `${SESSION_COOKIE}=${token ?? ""}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}
