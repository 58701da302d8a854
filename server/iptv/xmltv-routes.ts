/**
 * `GET/HEAD /iptv/xmltv.xml`: the guide, streamed fragment by fragment from the on-disk cache
 * (GuideService keeps each channel's fragment current), with the request's base URL and token put
 * into the placeholders as each fragment goes out.
 */
import fs from "node:fs";
import type { Response, Router } from "express";
import { fillUrlPlaceholderBytes, xmltvDocumentParts, type UrlContext } from "../guide";
import { requestBaseUrl } from "../http/base-url";
import type { Services } from "../services";
import { requestAccessToken } from "./access";

export const XMLTV_CONTENT_TYPE = "text/xml; charset=utf-8";

export function addXmltvRoutes(router: Router, services: Services, trustProxy: boolean): void {
  router.get("/iptv/xmltv.xml", async (req, res) => {
    const fragments = await services.guide.guideFragments();
    const ctx: UrlContext = { baseUrl: requestBaseUrl(req, trustProxy), accessToken: requestAccessToken(res) };
    // The document writer with no fragments yields exactly the header and the footer.
    const [header, footer] = [...xmltvDocumentParts([], ctx)];
    res.status(200);
    res.setHeader("Cache-Control", "no-cache");
    res.type(XMLTV_CONTENT_TYPE);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    try {
      await write(res, Buffer.from(header!));
      const files = [...fragments.map((f) => f.channelFile), ...fragments.map((f) => f.programmesFile)];
      // Each file is read while the previous one is being written out.
      let next: Promise<Buffer> | undefined = files.length ? fs.promises.readFile(files[0]!) : undefined;
      for (let i = 0; i < files.length; i++) {
        const bytes = await next!;
        next = i + 1 < files.length ? fs.promises.readFile(files[i + 1]!) : undefined;
        next?.catch(() => undefined); // awaited on the next turn; never an unhandled rejection if we stop first
        if (bytes.length) await write(res, Buffer.concat([...fillUrlPlaceholderBytes(bytes, ctx), NEWLINE]));
      }
      await write(res, Buffer.from(footer!));
      res.end();
    } catch (error) {
      // Headers are gone: all we can do is cut the response so the client sees it incomplete.
      res.destroy(error as Error);
    }
  });
}

const NEWLINE = Buffer.from("\n");

async function write(res: Response, bytes: Buffer): Promise<void> {
  if (res.destroyed) throw new Error("client went away");
  // A client that leaves never drains: stop waiting when the response closes.
  if (!res.write(bytes)) await drainedOrClosed(res);
}

function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
