/**
 * `GET/HEAD /iptv/xmltv.xml`: the guide, streamed fragment by fragment from the on-disk cache
 * (GuideService rebuilds a stale channel's fragment when its programmes are read, so a rebuild is
 * sent as it is made), with the request's base URL and token put into the placeholders as each
 * fragment goes out; gzip from precompressed pieces or Brotli when the
 * request accepts them (`GuideBodies`). The ETag follows every fragment's version and the URL
 * context, so an unchanged guide answers `If-None-Match` with 304 without reading a fragment.
 */
import path from "node:path";
import type { Response, Router } from "express";
import { xmltvDocumentParts, type UrlContext } from "../guide";
import { requestBaseUrl } from "../http/base-url";
import { answerNotModified, contentEtagBase } from "../http/compressed-body";
import { chooseEncoding } from "../http/content-negotiation";
import type { Services } from "../services";
import { GUIDE_CACHE_FOLDER } from "../services/guide-service";
import { requestAccessToken } from "./access";
import { GuideBodies, type GuidePart } from "./guide-body";

export const XMLTV_CONTENT_TYPE = "text/xml; charset=utf-8";
/** Bump when the served bytes change for the same fragments (new ETags). */
const BODY_FORMAT = "1";

export function addXmltvRoutes(router: Router, services: Services, trustProxy: boolean, dataDir: string): void {
  const bodies = new GuideBodies(path.join(dataDir, GUIDE_CACHE_FOLDER, "compressed"));
  router.get("/iptv/xmltv.xml", async (req, res) => {
    const channels = await services.guide.guideDocument();
    const ctx: UrlContext = { baseUrl: requestBaseUrl(req, trustProxy), accessToken: requestAccessToken(res) };
    const parts: GuidePart[] = [
      ...channels.map((c) => ({ name: `channel-${c.channelId}.channel.xml`, version: `${c.version}:channel`, bytes: async () => Buffer.from(c.channelXml) })),
      ...channels.map((c) => ({ name: `channel-${c.channelId}.programmes.xml`, version: `${c.version}:programmes`, bytes: (into?: Buffer) => c.programmes(into) })),
    ];
    const etag = contentEtagBase(BODY_FORMAT, GuideBodies.contextKey(ctx), ...parts.map((p) => `\n${p.version}`));
    const encoding = chooseEncoding(req);
    res.type(XMLTV_CONTENT_TYPE);
    if (answerNotModified(req, res, etag, encoding, "no-cache")) return;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.status(200);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // The document writer with no fragments yields exactly the header and the footer.
    const [header, footer] = [...xmltvDocumentParts([], ctx)].map((text) => Buffer.from(text));
    const sent = new SentBytes(res);
    try {
      for await (const chunk of bodies.body(encoding, parts, header!, footer!, ctx, etag, sent.flushed)) await sent.write(chunk);
      res.end();
    } catch (error) {
      // Headers are gone: all we can do is cut the response so the client sees it incomplete.
      res.destroy(error as Error);
    }
  });
}

/** Writes a response's chunks with backpressure, and tells when the bytes written so far have left the process. */
class SentBytes {
  private lastWrite: Promise<void> = Promise.resolve();
  private readonly closed: Promise<void>;

  constructor(private readonly res: Response) {
    this.closed = new Promise((resolve) => res.once("close", () => resolve()));
  }

  /** Resolves once every chunk written so far was handed to the socket (or the response closed): their buffers may be used again. */
  readonly flushed = (): Promise<void> => Promise.race([this.lastWrite, this.closed]);

  async write(bytes: Buffer): Promise<void> {
    if (this.res.destroyed) throw new Error("client went away");
    let more = true;
    this.lastWrite = new Promise((resolve) => {
      more = this.res.write(bytes, () => resolve());
    });
    // A client that leaves never drains: stop waiting when the response closes.
    if (!more) await drainedOrClosed(this.res);
  }
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
