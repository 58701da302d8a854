/**
 * Content codings and validators shared by the routes that compress or revalidate, over Express's own
 * negotiation (`req.acceptsEncodings`) and conditional-request check (`req.fresh`).
 */
import type { Request, Response } from "express";

export type ContentEncoding = "br" | "gzip";

/** True when the request accepts this encoding (Express's negotiation: q=0 refuses, `*` stands for the rest). */
export function acceptsEncoding(req: Request, encoding: ContentEncoding): boolean {
  return req.acceptsEncodings(encoding) === encoding;
}

/**
 * The first of `offered` (our order: the smaller body first) that the request accepts, or undefined for the
 * identity body. Express's own pick would follow the order the client listed them in.
 */
export function chooseEncoding(req: Request, offered: readonly ContentEncoding[] = ["br", "gzip"]): ContentEncoding | undefined {
  return offered.find((encoding) => acceptsEncoding(req, encoding));
}

/**
 * Express's `req.fresh` (If-None-Match with weak comparison, `*`, If-Modified-Since, `Cache-Control:
 * no-cache`) against the response's ETag, or against any of `otherTags` (the same resource's tags under
 * another encoding: a client that revalidates with one of those holds the same content).
 */
export function requestIsFresh(req: Request, res: Response, otherTags: readonly string[] = []): boolean {
  if (req.fresh) return true;
  const own = res.getHeader("ETag");
  try {
    for (const tag of otherTags) {
      res.setHeader("ETag", tag);
      if (req.fresh) return true;
    }
    return false;
  } finally {
    if (own === undefined) res.removeHeader("ETag");
    else res.setHeader("ETag", own);
  }
}

/** `"base"` for the identity body, `"base-gzip"` / `"base-br"` for the encoded ones (each representation its own tag). */
export function encodedEtag(base: string, encoding: ContentEncoding | undefined): string {
  return `"${base}${encoding ? `-${encoding}` : ""}"`;
}

/** Every tag of a resource, whichever encoding the client stored it under. */
export function allEncodedEtags(base: string): string[] {
  return [encodedEtag(base, undefined), encodedEtag(base, "gzip"), encodedEtag(base, "br")];
}
