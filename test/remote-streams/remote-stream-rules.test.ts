import { afterEach, describe, expect, it } from "vitest";
import { checkStreamHeaders, checkStreamUrl, forbiddenPlaylistUris, protocolWhitelist, remoteInputOptions } from "../../server/domain/remote-stream";
import { fetchRemote } from "../../server/media/remote-streams/fetch-remote";
import { parseM3u } from "../../server/media/remote-streams/m3u";
import { prepareRemoteInput } from "../../server/media/remote-streams/prepare-input";
import { parseStreamFile } from "../../server/media/remote-streams/stream-file";
import { startLoopbackServer, type LoopbackServer } from "./support";

const servers: LoopbackServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe("remote stream URLs", () => {
  it.each([
    ["file:///etc/passwd", /scheme "file:" is not allowed/],
    ["concat:a.ts|b.ts", /scheme "concat:" is not allowed/],
    ["subfile:,start,0,end,0,:/etc/passwd", /scheme "subfile:" is not allowed/],
    ["data:text/plain,hello", /scheme "data:" is not allowed/],
    ["pipe:0", /scheme "pipe:" is not allowed/],
    ["crypto:http://x/y", /scheme "crypto:" is not allowed/],
    ["/etc/passwd", /absolute URL with a scheme/],
    ["http://user:pw@example.com/a.mp4", /user name or password/],
    ["http://example.com/a b.mp4", /spaces/],
    ["http://example.com/a.mp4\r\nX: y", /line breaks/],
    ["udp://192.168.1.10:1234", /multicast group or this computer/],
    ["udp://239.0.0.1:1234?localaddr=1.2.3.4", /no options/],
  ])("%s is refused", (url, message) => {
    const checked = checkStreamUrl(url);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it("accepts the network schemes and tells HLS apart", () => {
    expect(checkStreamUrl("https://example.com/live/index.m3u8")).toEqual({ ok: true, value: { url: "https://example.com/live/index.m3u8", scheme: "hls", hls: true } });
    expect(checkStreamUrl("hls+http://example.com/live")).toMatchObject({ ok: true, value: { url: "http://example.com/live", scheme: "hls" } });
    expect(checkStreamUrl("http://example.com/a.mp4")).toMatchObject({ ok: true, value: { scheme: "http", hls: false } });
    expect(checkStreamUrl("rtsp://cam.local:554/stream")).toMatchObject({ ok: true, value: { scheme: "rtsp" } });
    expect(checkStreamUrl("rtmp://example.com/live/key")).toMatchObject({ ok: true, value: { scheme: "rtmp" } });
    expect(checkStreamUrl("udp://239.1.1.1:5000")).toMatchObject({ ok: true, value: { url: "udp://239.1.1.1:5000", scheme: "udp" } });
    expect(checkStreamUrl("rtp://127.0.0.1:5004")).toMatchObject({ ok: true, value: { scheme: "rtp" } });
  });

  it("hands FFmpeg only the protocols of the scheme, never file", () => {
    for (const scheme of ["http", "https", "hls", "rtmp", "rtmps", "rtsp", "rtsps", "udp", "rtp"] as const) {
      const list = protocolWhitelist(scheme).split(",");
      for (const forbidden of ["file", "concat", "subfile", "data", "pipe", "fd", "cache"]) expect(list).not.toContain(forbidden);
    }
    const args = remoteInputOptions({ url: "http://example.com/a.mp4", scheme: "http", headers: { Authorization: "Bearer x" }, live: false });
    expect(args.slice(0, 2)).toEqual(["-protocol_whitelist", "http,https,tcp,tls"]);
    expect(args).toContain("-reconnect");
    expect(args[args.indexOf("-max_redirects") + 1]).toBe("0");
    expect(args[args.indexOf("-headers") + 1]).toBe("Authorization: Bearer x\r\n");
  });
});

describe("remote stream headers", () => {
  it("refuses line breaks, bad names and reserved headers, naming each", () => {
    const checked = checkStreamHeaders({ "X-Token": "a\r\nHost: evil", "Bad Name": "x", Host: "x", Referer: "https://example.com/" });
    expect(checked.errors).toEqual([
      { field: "headers.X-Token", message: expect.stringMatching(/line breaks/) },
      { field: "headers.Bad Name", message: expect.stringMatching(/not a valid header name/) },
      { field: "headers.Host", message: expect.stringMatching(/set by Airwave/) },
    ]);
    expect(checked.value).toEqual({ Referer: "https://example.com/" });
  });
});

describe("item files", () => {
  it("reads YAML and JSON with every field", () => {
    const yaml = parseStreamFile("url: https://example.com/news.m3u8\ntitle: News\nplot: All day\ngenres: [News]\nlive: true\nheaders:\n  Referer: https://example.com/\n");
    expect(yaml).toEqual({ ok: true, value: { source: { url: "https://example.com/news.m3u8", scheme: "hls", hls: true }, headers: { Referer: "https://example.com/" }, title: "News", plot: "All day", genres: ["News"], live: true } });
    const json = parseStreamFile(JSON.stringify({ url: "http://example.com/loop.mp4", duration: "30 minutes" }));
    expect(json).toMatchObject({ ok: true, value: { durationMs: 1_800_000, live: false } });
  });

  it("names each broken field", () => {
    const parsed = parseStreamFile("url: file:///etc/passwd\nduration: soon\ncolour: red\n");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.map((e) => e.field).sort()).toEqual(["colour", "duration", "url"]);
    const missing = parseStreamFile("url: http://example.com/a.mp4\n");
    expect(missing).toMatchObject({ ok: false, errors: [{ field: "duration", message: expect.stringMatching(/live: true/) }] });
    expect(parseStreamFile("url: [")).toMatchObject({ ok: false, errors: [{ field: "file" }] });
  });
});

describe("IPTV playlists", () => {
  it("reads entries with tvg attributes and group, keeps broken URLs marked", () => {
    const parsed = parseM3u(['#EXTM3U x-tvg-url="http://example.com/epg.xml"', '#EXTINF:-1 tvg-id="news.uk" tvg-name="News UK" tvg-logo="http://example.com/n.png" group-title="News",News UK', "http://example.com/news.m3u8", '#EXTINF:-1 tvg-id="bad",Bad', "file:///etc/passwd", ""].join("\n"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.entries[0]).toMatchObject({ key: "news.uk", name: "News UK", tvgId: "news.uk", tvgName: "News UK", logo: "http://example.com/n.png", group: "News", source: { ok: true } });
    expect(parsed.entries[1]).toMatchObject({ key: "bad", source: { ok: false, message: expect.stringMatching(/file:/) } });
  });

  it("refuses a playlist over the size limit and text that is no playlist", () => {
    expect(parseM3u(`#EXTM3U\n${"#".repeat(10 * 1024 * 1024)}`)).toMatchObject({ ok: false, message: expect.stringMatching(/larger than/) });
    expect(parseM3u("<html>")).toMatchObject({ ok: false, message: expect.stringMatching(/#EXTM3U/) });
  });
});

describe("HLS playlists", () => {
  it("names URIs that are local files or other schemes", () => {
    const text = "#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI=\"file:///etc/key\"\n#EXTINF:4,\n/etc/passwd\n#EXTINF:4,\nseg1.ts\n";
    expect(forbiddenPlaylistUris(text, "file:///tmp/x.m3u8").length).toBeGreaterThan(0);
    expect(forbiddenPlaylistUris(text, "http://example.com/live/x.m3u8")).toEqual([{ line: 2, uri: "file:///etc/key" }]);
  });
});

describe("fetching a remote URL", () => {
  it("follows redirects only to http(s), sends headers only to the item's origin, stops at the size limit", async () => {
    const other = await startLoopbackServer((req, res) => res.end("#EXTM3U\n"));
    servers.push(other);
    const origin = await startLoopbackServer((req, res) => {
      if (req.url === "/to-file") res.writeHead(302, { location: "file:///etc/passwd" }).end();
      else if (req.url === "/to-other") res.writeHead(302, { location: `${other.url.replace("127.0.0.1", "localhost")}/list.m3u` }).end();
      else if (req.url === "/big") {
        res.writeHead(200, { "content-type": "audio/x-mpegurl" });
        res.end(Buffer.alloc(10 * 1024 * 1024, 35));
      } else res.end("#EXTM3U\n");
    });
    servers.push(origin);
    expect(await fetchRemote(`${origin.url}/to-file`, { maxBytes: 1000 })).toEqual({ ok: false, reason: expect.stringMatching(/not http or https \(file:\)/) });
    const moved = await fetchRemote(`${origin.url}/to-other`, { maxBytes: 1000, headers: { "X-Secret": "s3" } });
    expect(moved).toMatchObject({ ok: true, text: "#EXTM3U\n" });
    expect(origin.requests.find((r) => r.path === "/to-other")?.headers["x-secret"]).toBe("s3");
    expect(other.requests[0]?.headers["x-secret"]).toBeUndefined();
    expect(await fetchRemote(`${origin.url}/big`, { maxBytes: 5 * 1024 * 1024 })).toMatchObject({ ok: false, tooLarge: true });
  });

  it("refuses an HLS playlist that names a local file before FFmpeg sees it", async () => {
    const server = await startLoopbackServer((req, res) => {
      res.writeHead(200, { "content-type": "application/vnd.apple.mpegurl" });
      res.end("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n");
    });
    servers.push(server);
    const prepared = await prepareRemoteInput({ url: `${server.url}/evil.m3u8`, scheme: "hls", headers: {}, live: true });
    expect(prepared).toEqual({ ok: false, field: "url", reason: expect.stringMatching(/names a local file \(line 4: file:\/\/\/etc\/passwd\)/) });
  });
});
