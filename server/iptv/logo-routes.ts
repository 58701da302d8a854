/**
 * Logos (exempt from tokens): `/iptv/logos/gen?text=…` draws a PNG with the channel name;
 * `/iptv/logos/{key}` (optionally `{key}.jpg`) serves cached artwork from `<dataDir>/artwork`.
 * Programme artwork in the guide (token-checked like the rest of `/iptv/`):
 * `/iptv/artwork/posters/{key}` and `/iptv/artwork/thumbnails/{key}` from the same folder.
 * Nothing outside that folder is ever served (checked on the resolved and the real path).
 */
import fs from "node:fs";
import path from "node:path";
import type { Request, RequestHandler, Response, Router } from "express";
import { sendProblem } from "../http/problem-details";
import { ARTWORK_FOLDER } from "../services/artwork-service";
import { logoPng } from "../media/logo-png";

const IMAGE_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".bmp": "image/bmp",
  ".svg": "image/svg+xml",
};

export function addLogoRoutes(router: Router, dataDir: string): void {
  const artworkDir = path.resolve(dataDir, ARTWORK_FOLDER);

  router.get("/iptv/logos/gen", (req, res) => {
    const text = typeof req.query.text === "string" ? req.query.text : "";
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.type("image/png").send(logoPng(text.slice(0, 200)));
  });

  const serveArtwork: RequestHandler = async (req, res) => {
    const key = (req.params as { key?: string[] | string }).key;
    const relative = Array.isArray(key) ? key.join("/") : (key ?? "");
    const file = await findArtwork(artworkDir, relative);
    if (!file) return notFound(req, res);
    const type = IMAGE_TYPES[path.extname(file).toLowerCase()] ?? "image/jpeg";
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("Content-Type", type);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.sendFile(file, { dotfiles: "allow" }, (error) => {
      if (error && !res.headersSent) notFound(req, res);
    });
  };
  router.get("/iptv/logos/*key", serveArtwork);
  router.get("/iptv/artwork/posters/*key", serveArtwork);
  router.get("/iptv/artwork/thumbnails/*key", serveArtwork);
}

function notFound(req: Request, res: Response): void {
  sendProblem(res, 404, `no resource at ${req.method} ${req.path}`);
}

/** The artwork file for a key (`ab/abcdef.jpg`, or the same with `.jpg` appended), only inside `root`. */
async function findArtwork(root: string, key: string): Promise<string | undefined> {
  if (key === "" || key.includes("\0") || key.includes("\\")) return undefined;
  const candidates = [key];
  if (/\.jpg$/i.test(key)) candidates.push(key.slice(0, -4));
  let realRoot: string;
  try {
    realRoot = await fs.promises.realpath(root);
  } catch {
    return undefined;
  }
  for (const candidate of candidates) {
    const resolved = path.resolve(root, candidate);
    if (!isInside(root, resolved)) continue;
    try {
      const real = await fs.promises.realpath(resolved);
      if (!isInside(realRoot, real)) continue;
      if ((await fs.promises.stat(real)).isFile()) return real;
    } catch {
      // Not there: try the next spelling.
    }
  }
  return undefined;
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative !== "" && relative.split(path.sep)[0] !== ".." && !path.isAbsolute(relative);
}
