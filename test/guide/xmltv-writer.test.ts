import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FillerKind, StreamingMode } from "../../server/domain/enums";
import {
  buildChannelFragment,
  buildXmltvDocument,
  channelGuideId,
  episodeNumbers,
  escapeXml,
  formatXmltvDate,
  formatXmltvTime,
  immediateUrlWriter,
  programmeXml,
  writeM3u,
  type GuideChannel,
  type GuideItem,
} from "../../server/guide";
import { lineup } from "./fixtures";

const T = Date.UTC(2026, 0, 15, 18, 30, 0); // 2026-01-15 18:30:00Z
const SUMMER = Date.UTC(2026, 6, 15, 18, 30, 0);
const M = 60_000;

describe("XMLTV times", () => {
  it("formats yyyyMMddHHmmss ±hhmm in the given zone, following daylight saving", () => {
    expect(formatXmltvTime(T, "UTC")).toBe("20260115183000 +0000");
    expect(formatXmltvTime(T, "Europe/Berlin")).toBe("20260115193000 +0100");
    expect(formatXmltvTime(SUMMER, "Europe/Berlin")).toBe("20260715203000 +0200");
    expect(formatXmltvTime(T, "America/New_York")).toBe("20260115133000 -0500");
    expect(formatXmltvTime(T, "Asia/Kolkata")).toBe("20260116000000 +0530");
  });

  it("rejects an unknown zone", () => {
    expect(() => formatXmltvTime(T, "Mars/Olympus")).toThrow(RangeError);
  });

  it("formats dates", () => {
    expect(formatXmltvDate("1999-03-31")).toBe("19990331");
    expect(formatXmltvDate("1999")).toBe("1999");
    expect(formatXmltvDate("1999-03")).toBe("199903");
    expect(formatXmltvDate("unknown")).toBeUndefined();
  });
});

describe("episode numbers", () => {
  it("writes onscreen and zero-based xmltv_ns numbers", () => {
    expect(episodeNumbers({ seasonNumber: 1, episodeNumber: 2 })).toEqual([
      '    <episode-num system="onscreen">S01E02</episode-num>',
      '    <episode-num system="xmltv_ns">0.1.0/1</episode-num>',
    ]);
    expect(episodeNumbers({ seasonNumber: 12, episodeNumber: 105 })[1]).toContain(">11.104.0/1<");
  });

  it("leaves out unknown parts", () => {
    expect(episodeNumbers({ episodeNumber: 5 })).toEqual([
      '    <episode-num system="onscreen">E05</episode-num>',
      '    <episode-num system="xmltv_ns">.4.0/1</episode-num>',
    ]);
    expect(episodeNumbers({ seasonNumber: 3 })).toEqual([
      '    <episode-num system="onscreen">S03</episode-num>',
      '    <episode-num system="xmltv_ns">2..0/1</episode-num>',
    ]);
    expect(episodeNumbers({ seasonNumber: 0, episodeNumber: 1 })).toEqual([
      '    <episode-num system="onscreen">S00E01</episode-num>',
      '    <episode-num system="xmltv_ns">.0.0/1</episode-num>',
    ]);
    expect(episodeNumbers({})).toEqual([]);
    expect(episodeNumbers({ seasonNumber: -1, episodeNumber: 1.5 })).toEqual([]);
  });
});

describe("XML escaping", () => {
  it("escapes markup characters", () => {
    expect(escapeXml(`Tom & Jerry <"live"> 'ep'`)).toBe("Tom &amp; Jerry &lt;&quot;live&quot;&gt; &apos;ep&apos;");
  });

  it("strips characters illegal in XML 1.0 and keeps everything else", () => {
    expect(escapeXml("a\u0000b\u0001c\u0008d\u000be\u001ff\ufffeg\uffffh")).toBe("abcdefgh");
    expect(escapeXml("tab\there\nline\r")).toBe("tab\there\nline\r");
    expect(escapeXml("lone \ud800 surrogate")).toBe("lone  surrogate");
    expect(escapeXml("emoji 📺 ü 漢")).toBe("emoji 📺 ü 漢");
  });

  it("never lets markup or illegal characters through (property)", () => {
    const illegal = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = escapeXml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
        expect(illegal.test(escaped)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

const episode: GuideItem = {
  start: T,
  finish: T + 30 * M,
  kind: "Episode",
  title: "Show & Tell",
  subtitle: "The <Pilot>",
  description: "First \"episode\".\u0007",
  seasonNumber: 1,
  episodeNumber: 2,
  releaseDate: "2001-09-09",
  genres: ["Comedy", "Family", "comedy"],
  posterUrl: "/iptv/artwork/posters/abc.jpg",
  thumbnailUrl: "https://images.example.com/still.jpg?w=1&h=2",
  contentRating: "us:TV-PG",
};

describe("programme element", () => {
  it("writes an episode with all its elements in DTD order", () => {
    const xml = programmeXml(
      { start: episode.start, stop: episode.finish, item: episode },
      { channelId: "C1.145.airwave", timeZone: "UTC", urls: immediateUrlWriter({ baseUrl: "http://h:8409", accessToken: "tok" }), channelCategories: ["Kids"] },
    );
    expect(xml).toBe(
      [
        '  <programme start="20260115183000 +0000" stop="20260115190000 +0000" channel="C1.145.airwave">',
        '    <title lang="en">Show &amp; Tell</title>',
        '    <sub-title lang="en">The &lt;Pilot&gt;</sub-title>',
        '    <desc lang="en">First &quot;episode&quot;.</desc>',
        "    <date>20010909</date>",
        '    <category lang="en">Series</category>',
        '    <category lang="en">Comedy</category>',
        '    <category lang="en">Family</category>',
        '    <category lang="en">Kids</category>',
        '    <icon src="http://h:8409/iptv/artwork/posters/abc.jpg?access_token=tok" />',
        '    <episode-num system="onscreen">S01E02</episode-num>',
        '    <episode-num system="xmltv_ns">0.1.0/1</episode-num>',
        "    <previously-shown />",
        '    <rating system="VCHIP">',
        "      <value>TV-PG</value>",
        "    </rating>",
        '    <image type="poster">http://h:8409/iptv/artwork/posters/abc.jpg?access_token=tok</image>',
        '    <image type="still">https://images.example.com/still.jpg?w=1&amp;h=2</image>',
        "  </programme>",
      ].join("\n"),
    );
  });

  it("writes a movie with its year, Movie category and MPAA rating", () => {
    const movie: GuideItem = { start: T, finish: T + 90 * M, kind: "Movie", title: "Film", releaseDate: "1984", contentRating: "us:PG/de:12" };
    const xml = programmeXml({ start: movie.start, stop: movie.finish, item: movie }, { channelId: "c", timeZone: "UTC", urls: immediateUrlWriter({ baseUrl: "http://h" }) });
    expect(xml).toContain("<date>1984</date>");
    expect(xml).toContain('<category lang="en">Movie</category>');
    expect(xml).toContain('<rating system="MPAA">\n      <value>PG</value>');
    expect(xml).toContain("<rating>\n      <value>de:12</value>");
    expect(xml).not.toContain("sub-title");
    expect(xml).not.toContain("episode-num");
  });

  it("writes only the custom title, episode numbers and previously-shown for a custom-titled programme", () => {
    const xml = programmeXml(
      { start: T, stop: T + 60 * M, item: episode, customTitle: "Cartoons & More" },
      { channelId: "c", timeZone: "UTC", urls: immediateUrlWriter({ baseUrl: "http://h" }) },
    );
    const lines = xml.split("\n");
    expect(lines[1]).toBe('    <title lang="en">Cartoons &amp; More</title>');
    expect(xml).not.toMatch(/sub-title|desc|category|icon|image/);
    expect(xml).toContain("<previously-shown />");
  });
});

const channel: GuideChannel = {
  number: "4.5",
  name: "Kids & Family",
  uniqueId: "00000000-0000-0000-0000-000000000045",
  group: "Kids",
  categories: "Kids, Family ,Kids",
  logo: "logo-key",
  streamingMode: StreamingMode.TransportStreamHybrid,
};

const schedule: GuideItem[] = [
  { start: T - 5 * M, finish: T, kind: "OtherVideo", title: "leading filler", fillerKind: FillerKind.Fallback },
  { start: T, finish: T + 2 * M, kind: "OtherVideo", title: "pre", fillerKind: FillerKind.PreRoll, guideGroup: 1 },
  { ...episode, start: T + 2 * M, finish: T + 25 * M, guideGroup: 1 },
  { start: T + 25 * M, finish: T + 30 * M, kind: "OtherVideo", title: "post", fillerKind: FillerKind.PostRoll, guideGroup: 2 },
  { start: T + 30 * M, finish: T + 120 * M, kind: "Movie", title: "{RequestBase} literal \u0001BASE\u0001", guideGroup: 3 },
];

describe("channel fragments", () => {
  it("produces a <channel> with the M3U tvg-id, display names and a placeholder logo URL", () => {
    const fragment = buildChannelFragment(channel, schedule, { timeZone: "UTC" });
    expect(fragment.channelId).toBe(channelGuideId("4.5"));
    expect(writeM3u([channel], { baseUrl: "http://h" })).toContain(`tvg-id="${fragment.channelId}"`);
    expect(fragment.channelXml).toBe(
      [
        '  <channel id="C4.5.153.airwave">',
        "    <display-name>4.5 Kids &amp; Family</display-name>",
        "    <display-name>4.5</display-name>",
        "    <display-name>Kids &amp; Family</display-name>",
        '    <icon src="\u0001BASE\u0001/iptv/logos/logo-key.jpg\u0001TOKEN?\u0001" />',
        "  </channel>",
      ].join("\n"),
    );
  });

  it("merges filler into programmes and adds the channel categories", () => {
    const fragment = buildChannelFragment(channel, schedule, { timeZone: "UTC" });
    const starts = [...fragment.programmesXml.matchAll(/<programme start="(\d+) \+0000" stop="(\d+) \+0000"/g)].map((m) => [m[1], m[2]]);
    expect(starts).toEqual([
      ["20260115183000", "20260115190000"],
      ["20260115190000", "20260115203000"],
    ]);
    expect(fragment.programmesXml).toContain('<title lang="en">Show &amp; Tell</title>');
    expect(fragment.programmesXml).not.toContain("filler");
    expect(fragment.programmesXml.match(/<category lang="en">Kids<\/category>/g)).toHaveLength(2);
    expect(fragment.programmesXml.match(/<category lang="en">Family<\/category>/g)).toHaveLength(2);
  });

  it("shifts mirror channels by the offset and keeps only the window", () => {
    const shifted = buildChannelFragment(channel, schedule, { timeZone: "UTC", offsetMs: 60 * M });
    expect(shifted.programmesXml).toContain('start="20260115193000 +0000" stop="20260115200000 +0000"');
    const windowed = buildChannelFragment(channel, schedule, { timeZone: "UTC", window: { from: T + 40 * M, to: T + 50 * M } });
    expect(windowed.programmesXml.match(/<programme /g)).toHaveLength(1);
    expect(windowed.programmesXml).toContain('start="20260115190000 +0000"');
    const empty = buildChannelFragment(channel, schedule, { timeZone: "UTC", window: { from: T + 500 * M, to: T + 600 * M } });
    expect(empty.programmesXml).toBe("");
  });
});

describe("XMLTV document", () => {
  const fragments = [
    buildChannelFragment(channel, schedule, { timeZone: "Europe/Berlin" }),
    buildChannelFragment(lineup[3] as GuideChannel, [{ start: T, finish: T + 60 * M, kind: "Movie", title: "One's movie" }], { timeZone: "Europe/Berlin" }),
  ];

  it("puts every channel before every programme, in numeric channel order", () => {
    const doc = buildXmltvDocument(fragments, { baseUrl: "http://h:8409/" });
    expect(doc.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<tv generator-info-name="Airwave">\n')).toBe(true);
    expect(doc.endsWith("</tv>\n")).toBe(true);
    const order = [...doc.matchAll(/<(channel|programme) [^>]*?(?:id|channel)="([^"]+)"/g)].map((m) => `${m[1]}:${m[2]}`);
    expect(order).toEqual([
      "channel:C1.145.airwave",
      "channel:C4.5.153.airwave",
      "programme:C1.145.airwave",
      "programme:C4.5.153.airwave",
      "programme:C4.5.153.airwave",
    ]);
  });

  it("fills in the request's base URL and token, and nothing else", () => {
    const doc = buildXmltvDocument(fragments, { baseUrl: "http://h:8409", accessToken: "x.y&z" });
    expect(doc).toContain('<icon src="http://h:8409/iptv/logos/logo-key.jpg?access_token=x.y%26z" />');
    expect(doc).toContain('<icon src="http://h:8409/iptv/logos/gen?text=One&amp;access_token=x.y%26z" />');
    expect(doc).toContain("http://h:8409/iptv/artwork/posters/abc.jpg?access_token=x.y%26z");
    expect(doc).toContain("<title lang=\"en\">{RequestBase} literal BASE</title>");
    expect(doc).not.toContain("\u0001");
    const noToken = buildXmltvDocument(fragments, { baseUrl: "http://h:8409" });
    expect(noToken).toContain('<icon src="http://h:8409/iptv/logos/gen?text=One" />');
    expect(noToken).not.toContain("access_token");
  });
});
