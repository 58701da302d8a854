import type { Request, Response } from "express";
import type { ArtworkFile } from "../services/artwork-service";

/** Cache files never change (their name is their content's digest): clients may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** True when the request's If-None-Match names this ETag (or `*`). */
function notModified(req: Request, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === etag || value === "*";
  });
}

/**
 * Sends a file of the artwork cache with its content type, a strong ETag and a long Cache-Control;
 * 304 when the client has it already. `onMissing` answers when the file vanished meanwhile.
 */
export function sendCachedImage(req: Request, res: Response, image: ArtworkFile, onMissing: () => void): void {
  res.setHeader("Cache-Control", IMMUTABLE);
  res.setHeader("ETag", image.etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (notModified(req, image.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", image.contentType);
  res.sendFile(image.file, { dotfiles: "allow", etag: false, lastModified: false, cacheControl: false }, (error) => {
    if (error && !res.headersSent) onMissing();
  });
}
