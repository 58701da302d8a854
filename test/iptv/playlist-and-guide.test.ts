import fs from "node:fs";
import path from "node:path";
import parser from "iptv-playlist-parser";
import jwt from "jsonwebtoken";
import { beforeAll, describe, expect, it } from "vitest";
import { channelGuideId, compactUniqueId, isValidHdhrDeviceId } from "../../server/guide";
import { rawRequest } from "../support/http";
import { databaseFile, sqlAll } from "../support/sqlite";
import { DTD, useIptvFixture, xmllint, xmltvUtc } from "./fixture";
import { ageFiles } from "../support/wait";

const f = useIptvFixture({ HDHomeRun__TunerCount: "3" });

const get = (p: string, headers: Record<string, string> = {}) => rawRequest(f.server.url, "GET", p, { headers });

interface ExpectedChannel {
  channel: any;
  logo: (base: string) => string;
}

function expectedM3u(base: string, mode: string): string {
  const entries: ExpectedChannel[] = [
    { channel: f.seeded, logo: (b) => `${b}/iptv/logos/gen?text=Airwave` },
    { channel: f.cartoons, logo: () => "https://cdn.example.com/logos/cartoons.png" },
    { channel: f.hidden, logo: (b) => `${b}/iptv/logos/gen?text=Hidden` },
    { channel: f.mirror, logo: (b) => `${b}/iptv/logos/gen?text=Mirror%20Toons` },
  ];
  const streamPath = (c: any) => {
    const m = mode === "mixed" ? ({ TransportStreamHybrid: "ts", TransportStream: "ts-legacy", HttpLiveStreamingSegmenter: "segmenter", HttpLiveStreamingDirect: "hls-direct" } as Record<string, string>)[c.streamingMode] : mode;
    return { ts: `/iptv/channel/${c.number}.ts`, "ts-legacy": `/iptv/channel/${c.number}.ts?mode=ts-legacy`, segmenter: `/iptv/channel/${c.number}.m3u8?mode=segmenter`, "hls-direct": `/iptv/channel/${c.number}.m3u8?mode=hls-direct` }[m!];
  };
  const lines = [`#EXTM3U url-tvg="${base}/iptv/xmltv.xml" x-tvg-url="${base}/iptv/xmltv.xml"`];
  for (const { channel: c, logo } of entries) {
    const uid = compactUniqueId(c.uniqueId);
    lines.push(
      `#EXTINF:-1 tvg-id="${channelGuideId(c.number)}" channel-id="${uid}" CUID="${uid}" channel-number="${c.number}" tvg-chno="${c.number}" tvg-name="${c.name}" tvg-logo="${logo(base)}" group-title="${c.group}" tvc-stream-vcodec="h264" tvc-stream-acodec="aac",${c.name}`,
      `${base}${streamPath(c)}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

describe("/iptv/channels.m3u", () => {
  it.each(["mixed", "segmenter", "hls-direct", "ts", "ts-legacy"])("mode=%s: enabled channels in numeric order, absolute URLs from the Host", async (mode) => {
    for (const host of ["tv.example:8409", "192.168.1.50:1234"]) {
      const response = await get(`/iptv/channels.m3u?mode=${mode}`, { host });
      expect(response.status, response.text).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/x-mpegurl/);
      expect(response.text).toBe(expectedM3u(`http://${host}`, mode));
    }
  });

  it("defaults to mixed; an unknown mode is mixed; HEAD has the headers and no body", async () => {
    const mixed = expectedM3u("http://tv.example", "mixed");
    expect((await get("/iptv/channels.m3u", { host: "tv.example" })).text).toBe(mixed);
    expect((await get("/iptv/channels.m3u?mode=bogus", { host: "tv.example" })).text).toBe(mixed);
    const head = await rawRequest(f.server.url, "HEAD", "/iptv/channels.m3u", { headers: { host: "tv.example" } });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^application\/x-mpegurl/);
    expect(head.text).toBe("");
  });

  it("Kodi user agents get the inputstream properties before each entry", async () => {
    const response = await get("/iptv/channels.m3u", { host: "tv.example", "user-agent": "Kodi/21.0 (X11; Linux x86_64)" });
    const lines = response.text.split("\n");
    const first = lines.findIndex((l) => l.startsWith("#EXTINF"));
    expect(lines.slice(first - 3, first)).toEqual(["#KODIPROP:inputstream=inputstream.ffmpegdirect", "#KODIPROP:mimetype=video/mp2t", "#KODIPROP:inputstream.ffmpegdirect.open_mode=ffmpeg"]);
    expect(lines.filter((l) => l.startsWith("#KODIPROP:inputstream=")).length).toBe(4);
  });
});

describe("/iptv/channels.m3u read by an independent parser (iptv-playlist-parser)", () => {
  const STREAM_PATHS: Record<string, (n: string) => string> = {
    ts: (n) => `/iptv/channel/${n}.ts`,
    "ts-legacy": (n) => `/iptv/channel/${n}.ts?mode=ts-legacy`,
    segmenter: (n) => `/iptv/channel/${n}.m3u8?mode=segmenter`,
    "hls-direct": (n) => `/iptv/channel/${n}.m3u8?mode=hls-direct`,
  };
  const CHANNEL_MODE: Record<string, string> = { TransportStreamHybrid: "ts", TransportStream: "ts-legacy", HttpLiveStreamingSegmenter: "segmenter", HttpLiveStreamingDirect: "hls-direct" };

  it.each(["mixed", "segmenter", "hls-direct", "ts", "ts-legacy"])("mode=%s: header, every attribute and the stream URL of every entry", async (mode) => {
    const base = "http://living-room.example:8409";
    const response = await get(`/iptv/channels.m3u?mode=${mode}`, { host: "living-room.example:8409" });
    const playlist = parser.parse(response.text);
    expect(playlist.header.attrs).toEqual({ "url-tvg": `${base}/iptv/xmltv.xml`, "x-tvg-url": `${base}/iptv/xmltv.xml` });

    const channels = ((await f.api.get("/api/v1/channels")).json as any[]).filter((c) => c.isEnabled);
    const ordered = [...channels].sort((a, b) => Number(a.number) - Number(b.number));
    expect(ordered.map((c) => c.number)).toEqual(["1", "2", "2.5", "3"]);
    expect(playlist.items.map((i) => i.tvg.id)).toEqual(ordered.map((c) => channelGuideId(c.number)));
    playlist.items.forEach((item, k) => {
      const c = ordered[k];
      const extinf = item.raw.split(/\r?\n/)[0]!;
      const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(extinf)?.[1];
      expect(item.name).toBe(c.name);
      expect(item.tvg.name).toBe(c.name);
      expect(attr("tvg-chno")).toBe(c.number);
      expect(attr("channel-id")).toBe(compactUniqueId(c.uniqueId));
      expect(Buffer.from(attr("channel-id")!, "base64url").toString("hex")).toBe(c.uniqueId.replace(/-/g, ""));
      expect(item.group.title).toBe(c.group);
      expect(item.tvg.logo).toBe(c.logoUrl ?? `${base}/iptv/logos/gen?text=${encodeURIComponent(c.name)}`);
      const effective = mode === "mixed" ? CHANNEL_MODE[c.streamingMode]! : mode;
      expect(item.url).toBe(`${base}${STREAM_PATHS[effective]!(c.number)}`);
    });
    // The same ids as the XMLTV guide's channels.
    const xml = (await get("/iptv/xmltv.xml", { host: "living-room.example:8409" })).text;
    const guideIds = [...xml.matchAll(/<channel id="([^"]+)"/g)].map((m) => m[1]);
    expect(guideIds.length).toBeGreaterThan(0);
    for (const id of guideIds) expect(playlist.items.map((i) => i.tvg.id)).toContain(id);
  });
});

describe("/iptv/xmltv.xml", () => {
  // One file per channel: its <channel> element and its programmes.
  const guideFile = (channel: any) => path.join(f.server.dataDir, "cache", "guide", `channel-${channel.id}.fragment`);

  it("is valid against the XMLTV DTD and holds the enabled, EPG-shown channels with a playout and their programmes", async () => {
    expect(fs.existsSync(DTD), `${DTD} missing: install xmltv-util`).toBe(true);
    const response = await get("/iptv/xmltv.xml", { host: "tv.example:8409" });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/xml/);
    const validation = xmllint(response.text);
    expect(validation.ok, validation.output).toBe(true);

    const xml = response.text;
    const channelIds = [...xml.matchAll(/<channel id="([^"]+)"/g)].map((m) => m[1]);
    expect(channelIds).toEqual([channelGuideId("2"), channelGuideId("3")]);
    expect(xml).toContain('<icon src="https://cdn.example.com/logos/cartoons.png" />');
    expect(xml).toContain('<icon src="http://tv.example:8409/iptv/logos/gen?text=Mirror%20Toons" />');
    expect(xml).toContain("<display-name>2 Cartoons &amp; Co</display-name>");
    expect(xml).toContain('<category lang="en">Animation</category>');

    // The programmes are the playout's items: S1E1, S1E2, S2E1, … each 30 minutes, from now on.
    const items = (await f.api.get(`/api/v1/playouts/${f.playout.id}/items?pageSize=1000`)).json.items as Array<{ start: string; finish: string; mediaItemId: number }>;
    const now = Date.now();
    const current = items.filter((i) => Date.parse(i.finish) > now);
    const programmes = [...xml.matchAll(/<programme start="([^"]+)" stop="([^"]+)" channel="([^"]+)">([\s\S]*?)<\/programme>/g)];
    const own = programmes.filter((p) => p[3] === channelGuideId("2"));
    const mirrored = programmes.filter((p) => p[3] === channelGuideId("3"));
    expect(own.length).toBeGreaterThanOrEqual(40);
    expect(own[0]![1]).toBe(xmltvUtc(Date.parse(current[0]!.start)));
    expect(own[0]![2]).toBe(xmltvUtc(Date.parse(current[0]!.finish)));
    expect(own[1]![1]).toBe(xmltvUtc(Date.parse(current[1]!.start)));
    const episodeIndex = f.media.episodeIds.indexOf(current[0]!.mediaItemId);
    const [season, episode] = [[1, 1], [1, 2], [2, 1], [2, 2]][episodeIndex]!;
    expect(own[0]![4]).toContain('<title lang="en">Toon Show</title>');
    expect(own[0]![4]).toContain(`<sub-title lang="en">Episode ${season}.${episode}</sub-title>`);
    expect(own[0]![4]).toContain(`<episode-num system="xmltv_ns">${season! - 1}.${episode! - 1}.0/1</episode-num>`);
    // Programmes stay within the horizon (Guide:DaysToBuild = 1).
    for (const p of own) expect(p[1]! < xmltvUtc(now + 24 * 3600_000 + 1000)).toBe(true);
    // The mirror shows the same items one hour later.
    const shifted = new Set(mirrored.map((p) => p[1]));
    expect(mirrored.length).toBeGreaterThan(0);
    for (const p of own.slice(0, 10)) {
      const start = Date.parse(current.find((i) => xmltvUtc(Date.parse(i.start)) === p[1])!.start);
      expect(shifted.has(xmltvUtc(start + 3600_000))).toBe(true);
    }
  });

  it("serves cached fragments: a second request rebuilds nothing, a channel rename or a playout build rebuilds that channel only", async () => {
    await get("/iptv/xmltv.xml");
    const own = guideFile(f.cartoons);
    const mirrorFile = guideFile(f.mirror);
    // Aged first, so a rewrite shows as a newer mtime however fast it comes.
    ageFiles([own, mirrorFile]);
    const before = { own: fs.statSync(own).mtimeMs, mirror: fs.statSync(mirrorFile).mtimeMs, builds: f.server.services.guide.fragmentBuildCount };

    const second = await get("/iptv/xmltv.xml");
    expect(second.status).toBe(200);
    expect(fs.statSync(own).mtimeMs).toBe(before.own);
    expect(fs.statSync(mirrorFile).mtimeMs).toBe(before.mirror);
    expect(f.server.services.guide.fragmentBuildCount).toBe(before.builds);

    expect((await f.api.patch(`/api/v1/channels/${f.cartoons.id}`, { name: "Toons Renamed" })).status).toBe(200);
    const third = await get("/iptv/xmltv.xml");
    expect(third.text).toContain("<display-name>2 Toons Renamed</display-name>");
    expect(third.text).not.toContain("Cartoons &amp; Co");
    expect(fs.statSync(own).mtimeMs).toBeGreaterThan(before.own);
    expect(fs.statSync(mirrorFile).mtimeMs).toBe(before.mirror);
    expect(f.server.services.guide.fragmentBuildCount).toBe(before.builds + 1);
    expect(xmllint(third.text).ok).toBe(true);

    // A playout build moves lastBuildAt: the channel and its mirror are rebuilt.
    ageFiles([own, mirrorFile]);
    const afterRename = { own: fs.statSync(own).mtimeMs, mirror: fs.statSync(mirrorFile).mtimeMs };
    expect((await f.api.post(`/api/v1/channels/${f.cartoons.id}/playout/reset`)).status).toBe(200);
    await get("/iptv/xmltv.xml");
    expect(fs.statSync(own).mtimeMs).toBeGreaterThan(afterRename.own);
    expect(fs.statSync(mirrorFile).mtimeMs).toBeGreaterThan(afterRename.mirror);
    await f.api.patch(`/api/v1/channels/${f.cartoons.id}`, { name: "Cartoons & Co" });
  });

  it("three requests during one rebuild get the same whole guide: the build is shared, and the ones that did not make it read the stored fragment", async () => {
    const reference = (await get("/iptv/xmltv.xml")).text;
    fs.rmSync(path.join(f.server.dataDir, "cache", "guide"), { recursive: true, force: true });
    const builds = f.server.services.guide.fragmentBuildCount;
    const answers = await Promise.all([get("/iptv/xmltv.xml"), get("/iptv/xmltv.xml"), get("/iptv/xmltv.xml")]);
    // Two channels in the guide (the cartoons and their mirror): each built once for all three requests.
    expect(f.server.services.guide.fragmentBuildCount - builds).toBe(2);
    const withoutTimes = (xml: string) => xml.replace(/ (start|stop)="[^"]*"/g, "");
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).toBe(answers[0]!.text);
    }
    // The rebuilt window starts later than the reference's: the same programmes, shifted at most by what elapsed.
    expect(withoutTimes(answers[0]!.text).split("<programme").length).toBeGreaterThanOrEqual(withoutTimes(reference).split("<programme").length - 2);
    expect(xmllint(answers[0]!.text).ok).toBe(true);
  });

  it("leaves out a channel once it is hidden from the EPG, and HEAD sends no body", async () => {
    await f.api.patch(`/api/v1/channels/${f.mirror.id}`, { showInEpg: false });
    const xml = (await get("/iptv/xmltv.xml")).text;
    expect(xml).not.toContain(channelGuideId("3"));
    expect(xml).toContain(channelGuideId("2"));
    await f.api.patch(`/api/v1/channels/${f.mirror.id}`, { showInEpg: true });
    const head = await rawRequest(f.server.url, "HEAD", "/iptv/xmltv.xml");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/xml/);
    expect(head.text).toBe("");
  });
});

describe("HDHomeRun emulation", () => {
  const host = "tuner.example:8409";
  let installId: string;
  const setting = async (key: string) => (await sqlAll<{ value: string }>(databaseFile(f.server.dataDir), `SELECT value FROM setting WHERE key = ?`, [key]))[0]?.value;
  beforeAll(async () => {
    installId = (await setting("install.id"))!;
  });

  it("/discover.json has exactly the HDHomeRun keys, a stored 8-hex DeviceID with a valid check digit and the configured tuner count", async () => {
    const response = await get("/discover.json", { host });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const deviceId = await setting("hdhomerun.deviceId");
    expect(deviceId).toMatch(/^[0-9A-F]{8}$/);
    expect(isValidHdhrDeviceId(deviceId!)).toBe(true);
    expect(response.json).toEqual({
      FriendlyName: "Airwave",
      ModelNumber: "HDTC-2US",
      FirmwareName: "hdhomeruntc_atsc",
      FirmwareVersion: "20190621",
      DeviceID: deviceId,
      DeviceAuth: "",
      BaseURL: `http://${host}`,
      LineupURL: `http://${host}/lineup.json`,
      Manufacturer: "Silicondust",
      TunerCount: 3,
    });
    expect(Object.keys(response.json).sort()).toEqual(["BaseURL", "DeviceAuth", "DeviceID", "FirmwareName", "FirmwareVersion", "FriendlyName", "LineupURL", "Manufacturer", "ModelNumber", "TunerCount"]);
    // Made once per install: the same id on every later request.
    expect((await get("/discover.json")).json.DeviceID).toBe(deviceId);
    expect(installId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("/lineup.json lists enabled channels in numeric order with tuner URLs without query strings", async () => {
    const response = await get("/lineup.json", { host });
    expect(response.status).toBe(200);
    expect(response.json).toEqual([
      { GuideNumber: "1", GuideName: "Airwave", URL: `http://${host}/iptv/hdhr/channel/1.ts` },
      { GuideNumber: "2", GuideName: "Cartoons & Co", URL: `http://${host}/iptv/hdhr/channel/2.ts` },
      { GuideNumber: "2.5", GuideName: "Hidden", URL: `http://${host}/iptv/hdhr/channel/2.5.ts` },
      { GuideNumber: "3", GuideName: "Mirror Toons", URL: `http://${host}/iptv/hdhr/channel/3.ts` },
    ]);
    for (const entry of response.json) expect(Object.keys(entry)).toEqual(["GuideNumber", "GuideName", "URL"]);
  });

  it("/lineup_status.json and /device.xml", async () => {
    const status = await get("/lineup_status.json");
    expect(status.headers["content-type"]).toMatch(/^application\/json/);
    expect(status.json).toEqual({ ScanInProgress: 0, ScanPossible: 1, Source: "Cable", SourceList: ["Cable"] });
    expect(Object.keys(status.json)).toEqual(["ScanInProgress", "ScanPossible", "Source", "SourceList"]);
    const device = await get("/device.xml", { host });
    expect(device.status).toBe(200);
    expect(device.headers["content-type"]).toMatch(/^application\/xml/);
    expect(xmllint(device.text, null).ok).toBe(true);
    expect(device.text).toContain(`<URLBase>http://${host}</URLBase>`);
    expect(device.text).toContain(`<UDN>uuid:${installId}</UDN>`);
    expect(device.text).toContain(`<serialNumber>${await setting("hdhomerun.deviceId")}</serialNumber>`);
    expect(device.text).toContain("<deviceType>urn:schemas-upnp-org:device:MediaServer:1</deviceType>");
    expect(device.text).toContain("<modelNumber>HDTC-2US</modelNumber>");
  });
});

describe("tokens are off without JWT:IssuerSigningKey", () => {
  it("every route works without a token, a presented token is ignored and not copied into URLs, and none can be minted", async () => {
    for (const p of ["/iptv/channels.m3u", "/iptv/xmltv.xml", "/iptv/logos/gen?text=A", "/discover.json", "/lineup.json", "/lineup_status.json", "/device.xml"]) {
      expect((await get(p)).status, p).toBe(200);
    }
    const nowS = Math.floor(Date.now() / 1000);
    const presented = {
      expired: jwt.sign({ sub: "iptv", iat: nowS - 2 * 86400, exp: nowS - 60 }, "any-key-at-all-0123456789", { algorithm: "HS256" }),
      forged: jwt.sign({ sub: "iptv" }, "another-key-0123456789", { algorithm: "HS256", expiresIn: 86400 }),
      garbage: "garbage",
    };
    for (const p of ["/iptv/channels.m3u", "/iptv/xmltv.xml", "/iptv/logos/gen?text=A", "/discover.json", "/lineup.json"]) {
      for (const [kind, token] of Object.entries(presented)) {
        expect((await get(`${p}${p.includes("?") ? "&" : "?"}access_token=${token}`)).status, `${p} ${kind}`).toBe(200);
        expect((await get(p, { authorization: `Bearer ${token}` })).status, `${p} ${kind} bearer`).toBe(200);
      }
    }
    const withJunk = await get("/iptv/channels.m3u?access_token=garbage", { authorization: "Bearer garbage" });
    expect(withJunk.status).toBe(200);
    expect(withJunk.text).not.toContain("access_token");
    const mint = await f.api.post("/api/v1/iptv/tokens");
    expect(mint.status).toBe(422);
    expect(mint.json).toMatchObject({ status: 422, title: "Validation failed" });
  });
});
