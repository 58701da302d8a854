import type { Request } from "express";

const HOST_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * The scheme and host a client used to reach us, for absolute URLs in responses. Forwarded headers
 * count only when the proxy is trusted; a malformed Host falls back to the address that answered.
 */
export function requestBaseUrl(req: Request, trustProxy: boolean): string {
  const forwardedProto = trustProxy ? firstValue(req.headers["x-forwarded-proto"]) : undefined;
  const forwardedHost = trustProxy ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  const host = [forwardedHost, req.headers.host].find(isWellFormedHost);
  return `${proto}://${host ?? localHost(req)}`;
}

/** A host[:port] that only has allowed characters and also makes a valid URL (port ≤ 65535, real IP literals). */
function isWellFormedHost(value: string | undefined): value is string {
  if (value === undefined || !HOST_PATTERN.test(value)) return false;
  try {
    new URL(`http://${value}/`);
    return true;
  } catch {
    return false;
  }
}

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim().toLowerCase() || undefined;
}

function localHost(req: Request): string {
  const address = req.socket.localAddress ?? "localhost";
  const host = address.includes(":") ? `[${address}]` : address;
  return `${host}:${req.socket.localPort ?? 80}`;
}
