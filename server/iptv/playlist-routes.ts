/** `GET/HEAD /iptv/channels.m3u`: the channel playlist, absolute URLs from the request's host; ETag, 304, gzip/br. */
import type { Router } from "express";
import { parsePlaylistMode, writeM3u } from "../guide";
import { requestBaseUrl } from "../http/base-url";
import { sendCompressible } from "../http/compressed-body";
import type { Services } from "../services";
import { requestAccessToken } from "./access";

export const M3U_CONTENT_TYPE = "application/x-mpegurl; charset=utf-8";

export function addPlaylistRoutes(router: Router, services: Services, trustProxy: boolean): void {
  router.get("/iptv/channels.m3u", async (req, res) => {
    const mode = parsePlaylistMode(typeof req.query.mode === "string" ? req.query.mode : undefined);
    const channels = await services.guide.playlistChannels();
    const body = writeM3u(channels, {
      baseUrl: requestBaseUrl(req, trustProxy),
      accessToken: requestAccessToken(res),
      mode,
      kodi: /^kodi/i.test(req.get("user-agent") ?? ""),
    });
    sendCompressible(req, res, body, M3U_CONTENT_TYPE);
  });
}
