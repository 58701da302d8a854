/**
 * Writes URLs into XMLTV text. The guide is built ahead of time and cached per channel, but the
 * base URL and access token belong to each request, so cached text carries placeholders for them.
 * The placeholders use U+0001, a character that can never survive `escapeXml` (it is illegal in
 * XML 1.0), so no programme text can ever be mistaken for one.
 */
import { escapeXml } from "./xml-escape";
import type { ImageLocation } from "./logo-url";
import type { UrlContext } from "./types";
import { normalizeBaseUrl, serverUrl } from "./url";

export const BASE_URL_PLACEHOLDER = "\u0001BASE\u0001";
/** Becomes `?access_token=…` (or nothing) at serve time. */
export const TOKEN_FIRST_PARAM_PLACEHOLDER = "\u0001TOKEN?\u0001";
/** Becomes `&amp;access_token=…` (or nothing) at serve time. */
export const TOKEN_NEXT_PARAM_PLACEHOLDER = "\u0001TOKEN&\u0001";

/** Produces XML-escaped URL text for attributes and elements. */
export interface XmlUrlWriter {
  image(location: ImageLocation): string;
  server(path: string): string;
}

/** URLs with placeholders, for cached fragments (see `fillUrlPlaceholders`). */
export const placeholderUrlWriter: XmlUrlWriter = {
  server: (path) => `${BASE_URL_PLACEHOLDER}${escapeXml(path)}${path.includes("?") ? TOKEN_NEXT_PARAM_PLACEHOLDER : TOKEN_FIRST_PARAM_PLACEHOLDER}`,
  image(location) {
    return "external" in location ? escapeXml(location.external) : this.server(location.path);
  },
};

/** URLs resolved right away for one request. */
export function immediateUrlWriter(ctx: UrlContext): XmlUrlWriter {
  return {
    server: (path) => escapeXml(serverUrl(ctx, path)),
    image(location) {
      return "external" in location ? escapeXml(location.external) : this.server(location.path);
    },
  };
}

/** Substitutes the request's base URL and token into text produced with `placeholderUrlWriter`. */
export function fillUrlPlaceholders(text: string, ctx: UrlContext): string {
  const base = escapeXml(normalizeBaseUrl(ctx.baseUrl));
  const token = ctx.accessToken ? escapeXml(encodeURIComponent(ctx.accessToken)) : undefined;
  return text
    .split(BASE_URL_PLACEHOLDER)
    .join(base)
    .split(TOKEN_FIRST_PARAM_PLACEHOLDER)
    .join(token ? `?access_token=${token}` : "")
    .split(TOKEN_NEXT_PARAM_PLACEHOLDER)
    .join(token ? `&amp;access_token=${token}` : "");
}

/**
 * `fillUrlPlaceholders` on UTF-8 bytes, for serving cached fragments without decoding them: the
 * pieces of `bytes` between placeholders (views, not copies) with the filled-in values between them.
 */
export function fillUrlPlaceholderBytes(bytes: Buffer, ctx: UrlContext): Buffer[] {
  const token = ctx.accessToken ? escapeXml(encodeURIComponent(ctx.accessToken)) : undefined;
  const values: Record<string, Buffer> = {
    [BASE_URL_PLACEHOLDER]: Buffer.from(escapeXml(normalizeBaseUrl(ctx.baseUrl))),
    [TOKEN_FIRST_PARAM_PLACEHOLDER]: Buffer.from(token ? `?access_token=${token}` : ""),
    [TOKEN_NEXT_PARAM_PLACEHOLDER]: Buffer.from(token ? `&amp;access_token=${token}` : ""),
  };
  const parts: Buffer[] = [];
  let position = 0;
  for (;;) {
    const open = bytes.indexOf(PLACEHOLDER_MARK, position);
    if (open < 0) break;
    const close = bytes.indexOf(PLACEHOLDER_MARK, open + 1);
    if (close < 0) break;
    const value = values[bytes.toString("latin1", open, close + 1)];
    if (value === undefined) break;
    parts.push(bytes.subarray(position, open), value);
    position = close + 1;
  }
  parts.push(bytes.subarray(position));
  return parts;
}

const PLACEHOLDER_MARK = 0x01;
