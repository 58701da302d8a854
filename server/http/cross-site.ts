import type { Request } from "express";

function first(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(",")[0]?.trim() || undefined;
}

/**
 * True when a browser sent this request from a page of another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is not the host the request was sent to (with `Server:TrustProxy`, the forwarded host
 * counts too). Requests without `Origin` (scripts, curl, media players) are not cross-site.
 * `requestAccess` (write-key.ts) applies it: writes from such pages are refused without the key, and the
 * owner's session cookie never counts on them.
 */
export function isCrossSite(req: Request, trustProxy: boolean): boolean {
  if (first(req.headers["sec-fetch-site"])?.toLowerCase() === "cross-site") return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return true; // "null" (sandboxed frames, file: pages) and anything unparsable
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return true;
  const hosts = [req.headers.host, trustProxy ? first(req.headers["x-forwarded-host"]) : undefined];
  return !hosts.some((host) => host !== undefined && sameAuthority(url, host));
}

function sameAuthority(origin: URL, host: string): boolean {
  try {
    return new URL(`${origin.protocol}//${host}`).host === origin.host;
  } catch {
    return false;
  }
}

export const CROSS_SITE_DETAIL =
  "writes from web pages of other sites are refused while no write key is set; set Api:WriteKey (Settings → Write key) and send it as X-Api-Key to allow browser tools on other origins";
