/**
 * Content codings and validators shared by the routes that compress or revalidate: which encodings a
 * request accepts (`Accept-Encoding` with q-values), which one we answer with, and whether an
 * `If-None-Match` names one of our tags (weak comparison, as RFC 9110 wants for GET).
 */
import type { Request } from "express";

export type ContentEncoding = "br" | "gzip";

/** Encodings the request accepts (q > 0); `*` stands for every one it does not name. */
export function acceptedEncodings(req: Request): Set<string> {
  const header = req.get("accept-encoding") ?? "";
  const accepted = new Set<string>();
  const refused = new Set<string>();
  let star = false;
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const zero = q !== undefined && Number(q.slice(2)) === 0;
    if (name === "*") star = !zero;
    else if (zero) refused.add(name);
    else accepted.add(name);
  }
  if (star) for (const name of ["br", "gzip"]) if (!refused.has(name)) accepted.add(name);
  return accepted;
}

/** The first of `offered` the request accepts, or undefined for the identity body. */
export function chooseEncoding(req: Request, offered: readonly ContentEncoding[] = ["br", "gzip"]): ContentEncoding | undefined {
  const accepted = acceptedEncodings(req);
  return offered.find((encoding) => accepted.has(encoding));
}

/** True when `If-None-Match` names `*` or one of `etags` (quoted, strong or weak). */
export function ifNoneMatchHits(req: Request, etags: readonly string[]): boolean {
  const presented = req.get("if-none-match");
  if (!presented) return false;
  return presented.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "");
    return bare === "*" || etags.includes(bare);
  });
}

/** `"base"` for the identity body, `"base-gzip"` / `"base-br"` for the encoded ones (each representation its own tag). */
export function encodedEtag(base: string, encoding: ContentEncoding | undefined): string {
  return `"${base}${encoding ? `-${encoding}` : ""}"`;
}

/** Every tag of a resource, whichever encoding the client stored it under. */
export function allEncodedEtags(base: string): string[] {
  return [encodedEtag(base, undefined), encodedEtag(base, "gzip"), encodedEtag(base, "br")];
}
