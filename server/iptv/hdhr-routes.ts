/**
 * HDHomeRun emulation, so Plex/Jellyfin/Emby can add the server as a network tuner:
 * `/discover.json`, `/lineup.json`, `/lineup_status.json`, `/device.xml`. Tuner URLs cannot carry an
 * access token, so with tokens on these routes are off (404) unless `HDHomeRun:AllowWithoutToken`.
 * Lineup URLs point at `/iptv/hdhr/channel/{n}.ts` (served by the streaming routes). DeviceID is
 * an 8-hex-digit id with a valid check digit, made once per install; the UPnP UDN is the install UUID.
 * The lineup is sent with an ETag (304 when unchanged) and gzip/br when asked.
 */
import type { Request, RequestHandler, Router } from "express";
import { escapeXml } from "../guide";
import { requestBaseUrl } from "../http/base-url";
import { sendCompressible } from "../http/compressed-body";
import { sendProblem } from "../http/problem-details";
import type { Services } from "../services";
import { hdhrAvailable } from "./access";

export interface HdhrOptions {
  trustProxy: boolean;
  tunerCount: number;
  allowWithoutToken: boolean;
}

export const HDHR_FRIENDLY_NAME = "Airwave";
export const HDHR_MODEL_NUMBER = "HDTC-2US";
export const HDHR_FIRMWARE_NAME = "hdhomeruntc_atsc";
export const HDHR_FIRMWARE_VERSION = "20190621";
export const HDHR_MANUFACTURER = "Silicondust";

export function addHdhrRoutes(router: Router, services: Services, options: HdhrOptions): void {
  const available: RequestHandler = (req, res, next) => {
    if (hdhrAvailable(services.iptvTokens, options.allowWithoutToken)) return next();
    sendProblem(res, 404, `no resource at ${req.method} ${req.path}`);
  };
  const base = (req: Request) => requestBaseUrl(req, options.trustProxy);

  router.get("/discover.json", available, async (req, res) => {
    const baseUrl = base(req);
    res.json({
      FriendlyName: HDHR_FRIENDLY_NAME,
      ModelNumber: HDHR_MODEL_NUMBER,
      FirmwareName: HDHR_FIRMWARE_NAME,
      FirmwareVersion: HDHR_FIRMWARE_VERSION,
      DeviceID: await services.guide.hdhrDeviceId(),
      DeviceAuth: "",
      BaseURL: baseUrl,
      LineupURL: `${baseUrl}/lineup.json`,
      Manufacturer: HDHR_MANUFACTURER,
      TunerCount: options.tunerCount,
    });
  });

  router.get("/lineup.json", available, async (req, res) => {
    const baseUrl = base(req);
    const channels = await services.guide.lineup();
    const lineup = channels.map((c) => ({ GuideNumber: c.number, GuideName: c.name, URL: `${baseUrl}/iptv/hdhr/channel/${c.number}.ts` }));
    sendCompressible(req, res, JSON.stringify(lineup), "application/json; charset=utf-8");
  });

  router.get("/lineup_status.json", available, (_req, res) => {
    res.json({ ScanInProgress: 0, ScanPossible: 1, Source: "Cable", SourceList: ["Cable"] });
  });

  router.get("/device.xml", available, async (req, res) => {
    const baseUrl = escapeXml(base(req));
    const [deviceId, udn] = await Promise.all([services.guide.hdhrDeviceId(), services.guide.installId()]);
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<root xmlns="urn:schemas-upnp-org:device-1-0">',
      `  <URLBase>${baseUrl}</URLBase>`,
      "  <specVersion>",
      "    <major>1</major>",
      "    <minor>0</minor>",
      "  </specVersion>",
      "  <device>",
      "    <deviceType>urn:schemas-upnp-org:device:MediaServer:1</deviceType>",
      `    <friendlyName>${HDHR_FRIENDLY_NAME}</friendlyName>`,
      `    <manufacturer>${HDHR_MANUFACTURER}</manufacturer>`,
      `    <modelName>${HDHR_MODEL_NUMBER}</modelName>`,
      `    <modelNumber>${HDHR_MODEL_NUMBER}</modelNumber>`,
      `    <serialNumber>${escapeXml(deviceId)}</serialNumber>`,
      `    <UDN>uuid:${escapeXml(udn)}</UDN>`,
      "  </device>",
      "</root>",
      "",
    ].join("\n");
    res.type("application/xml; charset=utf-8").send(xml);
  });
}
