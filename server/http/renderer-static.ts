import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response } from "express";
import { acceptsEncoding, requestIsFresh } from "./content-negotiation";

/** Paths other parts of the server own: their unknown paths keep their own 404s. */
const RESERVED_PREFIXES = ["/api", "/iptv", "/graphql", "/docs", "/openapi"];
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Airwave</title></head><body style="font-family:system-ui,sans-serif;max-width:40em;margin:3em auto;line-height:1.5"><h1>Airwave</h1><p>The user interface is not built. Run <code>npm run build</code>, then reload this page. The API is available at <a href="/docs">/docs</a> and <a href="/graphql">/graphql</a>.</p></body></html>`;

/** Where `npm run build` puts the UI, both when running the TypeScript sources and the compiled `dist/`. */
export function defaultRendererDir(): string {
  const up = path.resolve(__dirname, "../..");
  return path.basename(up) === "dist" ? path.join(up, "renderer") : path.join(up, "dist", "renderer");
}

interface Variant {
  file: string;
  encoding?: "br" | "gzip";
}

const ETAG_CACHE = new Map<string, { key: string; etag: string }>();

/** A strong ETag from the file's content, recomputed only when its size or mtime changes. */
function etagOf(file: string, stat: fs.Stats): string {
  const key = `${stat.size}:${stat.mtimeMs}`;
  const cached = ETAG_CACHE.get(file);
  if (cached?.key === key) return cached.etag;
  const etag = `"${createHash("sha256").update(fs.readFileSync(file)).digest("base64url").slice(0, 27)}"`;
  ETAG_CACHE.set(file, { key, etag });
  return etag;
}

function statFile(file: string): fs.Stats | null {
  try {
    const stat = fs.statSync(file);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

/** Sends a file (a precompressed sibling when the client accepts it) with validators and caching headers. */
function sendFile(req: Request, res: Response, file: string, cacheControl: string): void {
  const candidates: Variant[] = [];
  if (acceptsEncoding(req, "br")) candidates.push({ file: `${file}.br`, encoding: "br" });
  if (acceptsEncoding(req, "gzip")) candidates.push({ file: `${file}.gz`, encoding: "gzip" });
  candidates.push({ file });
  let chosen: Variant = { file };
  let stat = statFile(file)!;
  for (const candidate of candidates) {
    const candidateStat = statFile(candidate.file);
    if (candidateStat) {
      chosen = candidate;
      stat = candidateStat;
      break;
    }
  }
  const hasVariants = statFile(`${file}.br`) !== null || statFile(`${file}.gz`) !== null;
  const etag = etagOf(chosen.file, stat);
  res.setHeader("Content-Type", TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream");
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", etag);
  res.setHeader("Last-Modified", stat.mtime.toUTCString());
  if (hasVariants) res.setHeader("Vary", "Accept-Encoding");
  if (chosen.encoding) res.setHeader("Content-Encoding", chosen.encoding);
  if (requestIsFresh(req, res)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", String(stat.size));
  if (req.method === "HEAD") {
    res.status(200).end();
    return;
  }
  res.status(200);
  fs.createReadStream(chosen.file).on("error", () => res.destroy()).pipe(res);
}

/**
 * Serves the UI built into `dist/renderer`: hashed files under /assets/ cached for a year, every other
 * GET of a page (client routes included) answered with index.html that browsers revalidate.
 * Mount it after the API, GraphQL and IPTV routes.
 */
export function rendererStatic(rootDir: string = defaultRendererDir()): RequestHandler {
  const root = path.resolve(rootDir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = req.path;
    if (RESERVED_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`))) return next();
    const index = path.join(root, "index.html");
    if (!statFile(index)) {
      res.status(503).setHeader("Cache-Control", REVALIDATE);
      res.type("html").send(NOT_BUILT_PAGE);
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return next();
    }
    const file = path.resolve(root, `.${decoded}`);
    const inside = file.startsWith(root + path.sep);
    const isAsset = urlPath.startsWith("/assets/");
    if (inside && file !== index && !/\.(gz|br)$/.test(file) && statFile(file)) {
      sendFile(req, res, file, isAsset ? IMMUTABLE : REVALIDATE);
      return;
    }
    // A missing file (a stale hashed asset, a typo) is a 404, not the app's page.
    if (isAsset || path.extname(urlPath) !== "") {
      res.status(404).setHeader("Cache-Control", REVALIDATE);
      res.type("text").send("Not found");
      return;
    }
    sendFile(req, res, index, REVALIDATE);
  };
}
