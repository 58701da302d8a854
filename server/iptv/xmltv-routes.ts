/**
 * `GET/HEAD /iptv/xmltv.xml`: the guide, streamed fragment by fragment from the on-disk cache
 * (GuideService keeps each channel's fragment current), with the request's base URL and token put
 * into the placeholders as each fragment goes out.
 */
import { once } from "node:events";
import fs from "node:fs";
import type { Response, Router } from "express";
import { fillUrlPlaceholders, xmltvDocumentParts, type UrlContext } from "../guide";
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
      await write(res, header!);
      for (const fragment of fragments) await write(res, `${fillUrlPlaceholders(await fs.promises.readFile(fragment.channelFile, "utf8"), ctx)}\n`);
      for (const fragment of fragments) {
        const programmes = await fs.promises.readFile(fragment.programmesFile, "utf8");
        if (programmes !== "") await write(res, `${fillUrlPlaceholders(programmes, ctx)}\n`);
      }
      await write(res, footer!);
      res.end();
    } catch (error) {
      // Headers are gone: all we can do is cut the response so the client sees it incomplete.
      res.destroy(error as Error);
    }
  });
}

async function write(res: Response, text: string): Promise<void> {
  if (res.destroyed) throw new Error("client went away");
  if (!res.write(text)) await once(res, "drain");
}
