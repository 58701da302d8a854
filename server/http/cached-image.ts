import type { Request, Response } from "express";
import type { ArtworkFile } from "../services/artwork-service";
import { requestIsFresh } from "./content-negotiation";

/** Cache files never change (their name is their content's digest): clients may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Sends a file of the artwork cache with its content type, a strong ETag and a long Cache-Control;
 * 304 when the client has it already. `onMissing` answers when the file vanished meanwhile.
 */
export function sendCachedImage(req: Request, res: Response, image: ArtworkFile, onMissing: () => void): void {
  res.setHeader("Cache-Control", IMMUTABLE);
  res.setHeader("ETag", image.etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (requestIsFresh(req, res)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", image.contentType);
  res.sendFile(image.file, { dotfiles: "allow", etag: false, lastModified: false, cacheControl: false }, (error) => {
    if (error && !res.headersSent) onMissing();
  });
}
