/** URL helpers for the guide writers: absolute URLs from a base and the `access_token` query parameter. */
import type { UrlContext } from "./types";

/** Base URL without trailing slashes. */
export function normalizeBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

/** `{base}{path}` for a server path starting with `/`. */
export function absoluteUrl(ctx: UrlContext, path: string): string {
  return `${normalizeBaseUrl(ctx.baseUrl)}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Appends `access_token` with `?` or `&` as the URL needs; unchanged when there is no token. */
export function withAccessToken(url: string, accessToken: string | undefined): string {
  if (!accessToken) return url;
  const [beforeHash, hash] = splitHash(url);
  const separator = beforeHash.includes("?") ? (beforeHash.endsWith("?") || beforeHash.endsWith("&") ? "" : "&") : "?";
  return `${beforeHash}${separator}access_token=${encodeURIComponent(accessToken)}${hash}`;
}

/** Our own URL (base + path) with the token appended. */
export function serverUrl(ctx: UrlContext, path: string): string {
  return withAccessToken(absoluteUrl(ctx, path), ctx.accessToken);
}

export function isExternalUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

function splitHash(url: string): [string, string] {
  const at = url.indexOf("#");
  return at < 0 ? [url, ""] : [url.slice(0, at), url.slice(at)];
}
