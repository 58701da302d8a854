/**
 * Validates generated XMLTV against the XMLTV DTD with xmllint. Needs the Debian packages
 * `libxml2-utils` (xmllint) and `xmltv-util` (installs /usr/share/xmltv/xmltv.dtd); fails, rather
 * than skips, when either is missing.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FillerKind, StreamingMode } from "../../server/domain/enums";
import { buildChannelFragment, buildXmltvDocument, type GuideChannel, type GuideItem } from "../../server/guide";

const DTD = "/usr/share/xmltv/xmltv.dtd";
const dir = mkdtempSync(join(tmpdir(), "airwave-xmltv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(xml: string): { ok: boolean; output: string } {
  const file = join(dir, `doc-${Math.abs(hash(xml))}.xml`);
  writeFileSync(file, xml, "utf8");
  try {
    execFileSync("xmllint", ["--noout", "--dtdvalid", DTD, file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { ok: true, output: "" };
  } catch (error) {
    const e = error as { code?: string; stderr?: string; status?: number };
    if (e.code === "ENOENT") throw new Error("xmllint is not installed (Debian package libxml2-utils)");
    return { ok: false, output: String(e.stderr ?? "") };
  }
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0;
  return h;
}

const T = Date.UTC(2026, 2, 29, 0, 0, 0); // the night Europe switches to summer time
const M = 60_000;

const channels: GuideChannel[] = [
  { number: "2", name: "Movies <HD> & \"More\"", uniqueId: "00000000-0000-0000-0000-000000000002", categories: "Film, Drama", streamingMode: StreamingMode.HttpLiveStreamingSegmenter, logo: "https://x.example/logo.png?a=1&b=2" },
  { number: "1", name: "Cartoons\u0002", uniqueId: "00000000-0000-0000-0000-000000000001", streamingMode: StreamingMode.TransportStreamHybrid },
  { number: "3", name: "Empty", uniqueId: "00000000-0000-0000-0000-000000000003", streamingMode: StreamingMode.TransportStream, logo: "k3" },
];

const movies: GuideItem[] = [
  { start: T, finish: T + 2 * M, kind: "OtherVideo", title: "trailer", fillerKind: FillerKind.PreRoll },
  { start: T + 2 * M, finish: T + 120 * M, kind: "Movie", title: "Amélie & Co. <uncut> 🎬", description: "Line one\nLine two\u000b", releaseDate: "2001-04-25", genres: ["Comedy", "Romance"], posterUrl: "/iptv/artwork/posters/p1.jpg", contentRating: "us:R" },
  { start: T + 120 * M, finish: T + 125 * M, kind: "OtherVideo", title: "outro", fillerKind: FillerKind.PostRoll },
  { start: T + 125 * M, finish: T + 240 * M, kind: "Movie", title: "Second" },
];

const cartoons: GuideItem[] = [
  { start: T, finish: T + 11 * M, kind: "Episode", title: "Toon", subtitle: "A", seasonNumber: 1, episodeNumber: 1, customTitle: "Morning Toons", guideGroup: 5 },
  { start: T + 11 * M, finish: T + 22 * M, kind: "Episode", title: "Toon", subtitle: "B", seasonNumber: 1, episodeNumber: 2, customTitle: "Morning Toons", guideGroup: 5 },
  { start: T + 22 * M, finish: T + 52 * M, kind: "Episode", title: "Other Show", subtitle: "Pilot", episodeNumber: 7, posterUrl: "/iptv/artwork/posters/s.jpg", thumbnailUrl: "/iptv/artwork/thumbnails/t.jpg", contentRating: "us:TV-Y7/TV-G", guideGroup: 6 },
  { start: T + 52 * M, finish: T + 60 * M, kind: "OtherVideo", title: "hidden", fillerKind: "GuideMode", guideGroup: 7 },
  { start: T + 60 * M, finish: T + 64 * M, kind: "MusicVideo", title: "Song", genres: ["Pop"], releaseDate: "1999" },
];

describe("XMLTV DTD validation (xmllint)", () => {
  it("has the XMLTV DTD installed", () => {
    expect(existsSync(DTD), `${DTD} missing: install the Debian package xmltv-util`).toBe(true);
  });

  it("the validator rejects a document that breaks the DTD", () => {
    const bad = '<?xml version="1.0"?>\n<tv><programme start="x" channel="c"><title>t</title></programme><channel id="c"><display-name>c</display-name></channel></tv>\n';
    const result = validate(bad);
    expect(result.ok).toBe(false);
    expect(result.output).toContain("validity error");
  });

  it("accepts a full generated guide (movies, episodes, custom titles, filler, escaping, empty channel)", () => {
    const fragments = [
      buildChannelFragment(channels[0] as GuideChannel, movies, { timeZone: "Europe/Berlin" }),
      buildChannelFragment(channels[1] as GuideChannel, cartoons, { timeZone: "Europe/Berlin", instanceId: "test" }),
      buildChannelFragment(channels[2] as GuideChannel, [], { timeZone: "Europe/Berlin" }),
    ];
    const doc = buildXmltvDocument(fragments, { baseUrl: "http://192.168.1.2:8409", accessToken: "eyJ.a&b" });
    const result = validate(doc);
    expect(result.output).toBe("");
    expect(result.ok).toBe(true);
    expect(doc.match(/<programme /g)).toHaveLength(5);
  });
});
