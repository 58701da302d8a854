import type { IncomingMessage } from "node:http";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

/**
 * True for a request a process on this machine sent straight to us: the connection comes from a
 * loopback address (the socket's, never a header's, whatever Server:TrustProxy says) and it carries no
 * forwarding header, so a reverse proxy on this machine does not make LAN clients look local.
 */
export function isDirectLoopbackRequest(req: IncomingMessage): boolean {
  if (!LOOPBACK.has(req.socket.remoteAddress ?? "")) return false;
  return !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
}
