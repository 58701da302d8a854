import type { RequestHandler } from "express";
import { isIP } from "node:net";
import os from "node:os";

/**
 * The names this machine answers to besides IP literals and localhost: its host name, the name without
 * its domain and the mDNS `.local` form, so media players that use the machine name keep working.
 */
export function machineHostNames(hostname = os.hostname()): string[] {
  const full = hostname.trim().toLowerCase().replace(/\.$/, "");
  if (!full) return [];
  const short = full.split(".")[0];
  return [...new Set([full, short, `${short}.local`])];
}

/** The host name of a `Host` header value without its port, lower-cased; undefined when malformed. */
export function hostNameOf(header: string): string | undefined {
  const value = header.trim().toLowerCase();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) return isIP(bracketed[1]) === 6 ? bracketed[1] : undefined;
  const plain = /^([a-z0-9._-]+)(?::\d{1,5})?$/.exec(value);
  return plain ? plain[1].replace(/\.$/, "") : undefined;
}

/**
 * Decides whether a `Host` header names this server. A web page that re-points its own DNS name at this
 * machine (DNS rebinding) sends its own name, which is none of these, so it cannot read or write here.
 */
export function hostAllowList(configured: readonly string[], machineNames: readonly string[] = machineHostNames()): (host: string | undefined) => boolean {
  if (configured.includes("*")) return () => true;
  const names = new Set([...configured, ...machineNames].map((n) => n.toLowerCase()));
  return (host) => {
    // HTTP/1.0 clients may omit Host; browsers never do, so rebinding cannot use that.
    if (host === undefined) return true;
    const name = hostNameOf(host);
    if (name === undefined) return false;
    return isIP(name) !== 0 || name === "localhost" || name.endsWith(".localhost") || names.has(name);
  };
}

/** Refuses (421) every request whose Host is not one of this server's names; runs before every route. */
export function requireAllowedHost(isAllowed: (host: string | undefined) => boolean, onRefused: RequestHandler): RequestHandler {
  return (req, res, next) => (isAllowed(req.headers.host) ? next() : onRefused(req, res, next));
}
