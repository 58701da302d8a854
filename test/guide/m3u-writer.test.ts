import { describe, expect, it } from "vitest";
import { StreamingMode } from "../../server/domain/enums";
import {
  channelGuideId,
  compactUniqueId,
  compareChannelNumbers,
  digitCodeSum,
  parsePlaylistMode,
  sortByChannelNumber,
  withAccessToken,
  writeM3u,
} from "../../server/guide";
import { lineup } from "./fixtures";

const BASE = "http://192.168.1.5:8409";

const header = `#EXTM3U url-tvg="${BASE}/iptv/xmltv.xml" x-tvg-url="${BASE}/iptv/xmltv.xml"`;
const extinf = {
  one: `#EXTINF:-1 tvg-id="C1.145.airwave" channel-id="-2pD5F7ESyWbNDoNOyuNHg" CUID="-2pD5F7ESyWbNDoNOyuNHg" channel-number="1" tvg-chno="1" tvg-name="One" tvg-logo="${BASE}/iptv/logos/gen?text=One" group-title="Main" tvc-stream-vcodec="h264" tvc-stream-acodec="aac",One`,
  onePointOne: `#EXTINF:-1 tvg-id="C1.1.146.airwave" channel-id="AAAAAAAAAAAAAAAAAAAAEQ" CUID="AAAAAAAAAAAAAAAAAAAAEQ" channel-number="1.1" tvg-chno="1.1" tvg-name="One 'Point' One" tvg-logo="${BASE}/iptv/logos/gen?text=One%20%22Point%22%20One" group-title="Sub",One "Point" One`,
  two: `#EXTINF:-1 tvg-id="C2.146.airwave" channel-id="AAAAAAAAAAAAAAAAAAAAAg" CUID="AAAAAAAAAAAAAAAAAAAAAg" channel-number="2" tvg-chno="2" tvg-name="Two" tvg-logo="${BASE}/iptv/logos/abc123.jpg" group-title="Main",Two`,
  ten: `#EXTINF:-1 tvg-id="C10.193.airwave" channel-id="AAAAAAAAAAAAAAAAAAAACg" CUID="AAAAAAAAAAAAAAAAAAAACg" channel-number="10" tvg-chno="10" tvg-name="Ten" tvg-logo="https://cdn.example.com/ten.png" group-title="Main",Ten`,
};

describe("M3U writer", () => {
  it("writes the mixed playlist: each channel's own streaming mode, numeric order, enabled only", () => {
    expect(writeM3u(lineup, { baseUrl: BASE })).toBe(
      [
        header,
        extinf.one,
        `${BASE}/iptv/channel/1.ts`,
        extinf.onePointOne,
        `${BASE}/iptv/channel/1.1.m3u8?mode=segmenter`,
        extinf.two,
        `${BASE}/iptv/channel/2.ts?mode=ts-legacy`,
        extinf.ten,
        `${BASE}/iptv/channel/10.m3u8?mode=hls-direct`,
        "",
      ].join("\n"),
    );
  });

  it.each([
    ["segmenter", ".m3u8?mode=segmenter"],
    ["hls-direct", ".m3u8?mode=hls-direct"],
    ["ts", ".ts"],
    ["ts-legacy", ".ts?mode=ts-legacy"],
  ] as const)("forces mode %s onto every entry", (mode, suffix) => {
    expect(writeM3u(lineup, { baseUrl: BASE, mode })).toBe(
      [
        header,
        extinf.one,
        `${BASE}/iptv/channel/1${suffix}`,
        extinf.onePointOne,
        `${BASE}/iptv/channel/1.1${suffix}`,
        extinf.two,
        `${BASE}/iptv/channel/2${suffix}`,
        extinf.ten,
        `${BASE}/iptv/channel/10${suffix}`,
        "",
      ].join("\n"),
    );
  });

  it("appends the access token to every URL it serves itself, with ? or &", () => {
    const text = writeM3u(lineup.slice(0, 4), { baseUrl: `${BASE}/`, accessToken: "a.b-c_d" });
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `#EXTM3U url-tvg="${BASE}/iptv/xmltv.xml?access_token=a.b-c_d" x-tvg-url="${BASE}/iptv/xmltv.xml?access_token=a.b-c_d"`,
    );
    const urls = lines.filter((l) => !l.startsWith("#"));
    expect(urls).toEqual([
      `${BASE}/iptv/channel/1.ts?access_token=a.b-c_d`,
      `${BASE}/iptv/channel/1.1.m3u8?mode=segmenter&access_token=a.b-c_d`,
      `${BASE}/iptv/channel/2.ts?mode=ts-legacy&access_token=a.b-c_d`,
      `${BASE}/iptv/channel/10.m3u8?mode=hls-direct&access_token=a.b-c_d`,
    ]);
    expect(text).toContain(`tvg-logo="${BASE}/iptv/logos/gen?text=One&access_token=a.b-c_d"`);
    expect(text).toContain(`tvg-logo="${BASE}/iptv/logos/abc123.jpg?access_token=a.b-c_d"`);
    // External logos never carry our token.
    expect(text).toContain(`tvg-logo="https://cdn.example.com/ten.png"`);
  });

  it("adds #KODIPROP lines for Kodi with the mime type of the entry's mode", () => {
    const text = writeM3u(lineup.slice(1, 3), { baseUrl: BASE, kodi: true });
    expect(text.split("\n").slice(1, 4)).toEqual([
      "#KODIPROP:inputstream=inputstream.ffmpegdirect",
      "#KODIPROP:mimetype=application/x-mpegURL",
      "#KODIPROP:inputstream.ffmpegdirect.open_mode=ffmpeg",
    ]);
    expect(text).toContain("#KODIPROP:mimetype=video/mp2t");
  });

  it("keeps attribute values on one line and free of double quotes", () => {
    const text = writeM3u(
      [{ number: "5", name: 'Bad "name"\nwith break', uniqueId: "x", group: 'G"1\r\n', streamingMode: StreamingMode.TransportStreamHybrid }],
      { baseUrl: BASE },
    );
    const lines = text.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`tvg-name="Bad 'name' with break"`);
    expect(lines[1]).toContain(`group-title="G'1"`);
    expect(lines[1]).toContain(`channel-id="x"`);
    expect(lines[1]?.endsWith(',Bad "name" with break')).toBe(true);
  });

  it("writes only the header for an empty lineup", () => {
    expect(writeM3u([], { baseUrl: BASE })).toBe(`${header}\n`);
  });

  it("parses the playlist mode parameter, defaulting to mixed", () => {
    expect(parsePlaylistMode("TS-Legacy")).toBe("ts-legacy");
    expect(parsePlaylistMode(undefined)).toBe("mixed");
    expect(parsePlaylistMode("bogus")).toBe("mixed");
  });
});

describe("channel ids and numbers", () => {
  it("derives ids from the digit code sum of number × 100", () => {
    expect(digitCodeSum("1.23")).toBe(150);
    expect(digitCodeSum("123")).toBe(246);
    expect(channelGuideId("1.23")).toBe("C1.23.150.airwave");
    expect(channelGuideId("123", { instanceId: "den" })).toBe("C123.246.den.airwave");
    expect(channelGuideId("0.29")).toBe("C0.29.107.airwave");
  });

  it("sorts channel numbers numerically", () => {
    const numbers = ["10", "2", "1.10", "1", "1.2", "1.1", "100", "9.99"];
    expect(sortByChannelNumber(numbers.map((number) => ({ number }))).map((c) => c.number)).toEqual([
      "1", "1.1", "1.10", "1.2", "2", "9.99", "10", "100",
    ]);
    expect(compareChannelNumbers("2", "10")).toBeLessThan(0);
  });

  it("compacts GUIDs to URL-safe base64", () => {
    expect(compactUniqueId("fb6a43e4-5ec4-4b25-9b34-3a0d3b2b8d1e")).toBe("-2pD5F7ESyWbNDoNOyuNHg");
    expect(compactUniqueId("not-a-guid")).toBe("not-a-guid");
  });

  it("appends tokens with the right separator and keeps fragments last", () => {
    expect(withAccessToken("http://h/a", "t")).toBe("http://h/a?access_token=t");
    expect(withAccessToken("http://h/a?x=1", "t")).toBe("http://h/a?x=1&access_token=t");
    expect(withAccessToken("http://h/a?", "t")).toBe("http://h/a?access_token=t");
    expect(withAccessToken("http://h/a#f", "t/+")).toBe("http://h/a?access_token=t%2F%2B#f");
    expect(withAccessToken("http://h/a", undefined)).toBe("http://h/a");
  });
});
