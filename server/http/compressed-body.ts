/**
 * Sends a small generated body (a playlist, a lineup) with a strong ETag from its content, a 304 for
 * a matching `If-None-Match`, and gzip or Brotli when the request accepts them. The compressed bytes
 * of the last few bodies are kept, so an unchanged playlist is compressed once.
 */
import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { Request, Response } from "express";
import { allEncodedEtags, chooseEncoding, encodedEtag, requestIsFresh, type ContentEncoding } from "./content-negotiation";

const KEPT = 16;
const compressedBodies = new Map<string, Buffer>();

function compressed(base: string, encoding: ContentEncoding, body: Buffer): Buffer {
  const key = `${base}-${encoding}`;
  let bytes = compressedBodies.get(key);
  if (!bytes) {
    bytes = encoding === "br" ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }) : zlib.gzipSync(body, { level: 9 });
    compressedBodies.set(key, bytes);
    for (const old of compressedBodies.keys()) if (compressedBodies.size > KEPT) compressedBodies.delete(old);
  } else {
    compressedBodies.delete(key); // most recently used last
    compressedBodies.set(key, bytes);
  }
  return bytes;
}

/** A strong validator base from the bytes (27 base64url characters of SHA-256). */
export function contentEtagBase(...chunks: Array<string | Buffer>): string {
  const hash = createHash("sha256");
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest("base64url").slice(0, 27);
}

/** Validators and negotiation headers; true when the request's validator matches (a 304 was sent). */
export function answerNotModified(req: Request, res: Response, base: string, encoding: ContentEncoding | undefined, cacheControl: string): boolean {
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", encodedEtag(base, encoding));
  if (!requestIsFresh(req, res, allEncodedEtags(base))) return false;
  res.status(304).end();
  return true;
}

export function sendCompressible(req: Request, res: Response, text: string, contentType: string, cacheControl = "no-cache"): void {
  const body = Buffer.from(text, "utf8");
  const base = contentEtagBase(body);
  const encoding = chooseEncoding(req);
  res.type(contentType);
  if (answerNotModified(req, res, base, encoding, cacheControl)) return;
  const bytes = encoding ? compressed(base, encoding, body) : body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(bytes.length));
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(bytes);
}
