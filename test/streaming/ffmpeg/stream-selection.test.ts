import { describe, expect, it } from "vitest";
import { SubtitleMode } from "../../../server/domain/enums";
import {
  buildPlayoutArgs,
  isoLanguageEquivalents,
  sameLanguage,
  selectAudioStream,
  selectSubtitleStream,
  subtitleKindOfCodec,
  type ProbedAudioStream,
  type ProbedSubtitleStream,
} from "../../../server/streaming/ffmpeg";
import { caps, profile, request, source } from "./fixtures";

describe("ISO 639 language equivalence", () => {
  it("treats 639-1, 639-2/T and 639-2/B codes of one language as equal", () => {
    expect(sameLanguage("pt", "por")).toBe(true);
    expect(sameLanguage("por", "pt")).toBe(true);
    expect(sameLanguage("de", "ger")).toBe(true);
    expect(sameLanguage("ger", "deu")).toBe(true);
    expect(sameLanguage("DEU", "de")).toBe(true);
    expect(sameLanguage("fr", "fre")).toBe(true);
    expect(sameLanguage("zh", "chi")).toBe(true);
  });

  it("keeps different languages apart", () => {
    expect(sameLanguage("de", "dan")).toBe(false);
    expect(sameLanguage("pt", "spa")).toBe(false);
    expect(sameLanguage("en", undefined)).toBe(false);
  });

  it("lists the equivalents of a code, and only the code itself when unknown", () => {
    expect([...isoLanguageEquivalents("ger")].sort()).toEqual(["de", "deu", "ger"]);
    expect(isoLanguageEquivalents("qaa")).toEqual(["qaa"]);
  });
});

describe("audio stream selection", () => {
  const streams: ProbedAudioStream[] = [
    { index: 1, codec: "ac3", channels: 6, language: "eng", isDefault: true },
    { index: 2, codec: "aac", channels: 2, language: "ger" },
    { index: 3, codec: "ac3", channels: 6, language: "deu" },
    { index: 4, codec: "aac", channels: 2, language: "por" },
  ];

  it("picks the preferred language whatever code the file uses", () => {
    expect(selectAudioStream(streams, ["pt"])?.index).toBe(4);
  });

  it("prefers more channels among streams of the preferred language", () => {
    expect(selectAudioStream(streams, ["de"])?.index).toBe(3);
  });

  it("walks the preference list in order", () => {
    expect(selectAudioStream(streams, ["ja", "por", "de"])?.index).toBe(4);
  });

  it("falls back to the default stream, then the first", () => {
    expect(selectAudioStream(streams, ["ja"])?.index).toBe(1);
    expect(selectAudioStream(streams.slice(1), [])?.index).toBe(2);
    expect(selectAudioStream([], ["en"])).toBeUndefined();
  });

  it("accepts an equivalence function from the caller", () => {
    const onlyExact = (code: string) => [code];
    expect(selectAudioStream(streams, ["de"], onlyExact)?.index).toBe(1);
    expect(selectAudioStream(streams, ["ger"], onlyExact)?.index).toBe(2);
  });

  it("maps the chosen stream and tags its language in the output", () => {
    const command = buildPlayoutArgs(profile(), source({ audio: streams }), request({ preferredAudioLanguages: ["pt"] }), caps());
    expect(command.audioStream?.index).toBe(4);
    expect(command.args.join(" ")).toContain("[0:4]aresample=");
    expect(command.args).toEqual(expect.arrayContaining(["-metadata:s:a:0", "language=por"]));
  });
});

describe("subtitle stream selection", () => {
  const streams: ProbedSubtitleStream[] = [
    { index: 5, codec: "subrip", language: "eng", forced: false, isDefault: false, kind: "Text" },
    { index: 6, codec: "subrip", language: "eng", forced: true, isDefault: false, kind: "Text" },
    { index: 7, codec: "hdmv_pgs_subtitle", language: "spa", forced: false, isDefault: true, kind: "Picture" },
    { index: 8, codec: "ass", language: "spa", forced: true, isDefault: false, kind: "Text" },
  ];

  it("None never selects", () => {
    expect(selectSubtitleStream(streams, SubtitleMode.None, "en")).toBeUndefined();
  });

  it("Forced selects only forced streams in the preferred language", () => {
    expect(selectSubtitleStream(streams, SubtitleMode.Forced, "en")?.index).toBe(6);
    expect(selectSubtitleStream(streams, SubtitleMode.Forced, "es")?.index).toBe(8);
    expect(selectSubtitleStream(streams, SubtitleMode.Forced, "fr")).toBeUndefined();
  });

  it("Default selects only default-flagged streams", () => {
    expect(selectSubtitleStream(streams, SubtitleMode.Default, "spa")?.index).toBe(7);
    expect(selectSubtitleStream(streams, SubtitleMode.Default, "en")).toBeUndefined();
  });

  it("Any prefers default, then forced streams of the language", () => {
    expect(selectSubtitleStream(streams, SubtitleMode.Any, "es")?.index).toBe(7);
    expect(selectSubtitleStream(streams, SubtitleMode.Any, "en")?.index).toBe(6);
    expect(selectSubtitleStream(streams, SubtitleMode.Any)?.index).toBe(7);
  });

  it("classifies subtitle codecs as text or picture", () => {
    expect(subtitleKindOfCodec("hdmv_pgs_subtitle")).toBe("Picture");
    expect(subtitleKindOfCodec("dvd_subtitle")).toBe("Picture");
    expect(subtitleKindOfCodec("subrip")).toBe("Text");
    expect(subtitleKindOfCodec("ass")).toBe("Text");
  });
});
