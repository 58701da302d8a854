/** Chooses which audio and subtitle streams of a source are played. */
import { SubtitleMode } from "../../domain/enums";
import { isoLanguageEquivalents, sameLanguage } from "./language-codes";
import type { LanguageEquivalence, ProbedAudioStream, ProbedSubtitleStream } from "./types";

/**
 * The audio stream to play: the first preferred language that any stream carries wins; among the
 * streams in that language the default-flagged one, then the one with most channels, then the
 * lowest index. Without a language match: the default-flagged stream, else the first stream.
 */
export function selectAudioStream(
  streams: readonly ProbedAudioStream[],
  preferredLanguages: readonly string[] = [],
  equivalence: LanguageEquivalence = isoLanguageEquivalents,
): ProbedAudioStream | undefined {
  for (const language of preferredLanguages) {
    const matching = streams.filter((s) => sameLanguage(language, s.language, equivalence));
    if (matching.length > 0) return [...matching].sort(byAudioPreference)[0];
  }
  return streams.find((s) => s.isDefault === true) ?? streams[0];
}

/** One audio track of a channel that carries several: its language slot and the stream that fills it. */
export interface AudioTrack {
  /** The channel's language for this track (what the PMT and the HLS rendition say). */
  language: string;
  /** The source stream in that language, else the source's best match; undefined when the source has no audio. */
  stream?: ProbedAudioStream;
  /** True when the source has no stream in `language` and the track carries the best match instead. */
  substitute: boolean;
}

/**
 * The streams for a channel's audio tracks, one per language in order. A language the source lacks is
 * filled with the source's best match (`selectAudioStream` with `preferredLanguages`), so the number and
 * order of tracks never depend on the programme.
 */
export function selectAudioTracks(
  streams: readonly ProbedAudioStream[],
  trackLanguages: readonly string[],
  preferredLanguages: readonly string[] = [],
  equivalence: LanguageEquivalence = isoLanguageEquivalents,
): AudioTrack[] {
  const best = selectAudioStream(streams, preferredLanguages, equivalence);
  return trackLanguages.map((language) => {
    const has = streams.some((s) => sameLanguage(language, s.language, equivalence));
    return has ? { language, stream: selectAudioStream(streams, [language], equivalence), substitute: false } : { language, stream: best, substitute: true };
  });
}

function byAudioPreference(a: ProbedAudioStream, b: ProbedAudioStream): number {
  const byDefault = Number(b.isDefault === true) - Number(a.isDefault === true);
  if (byDefault !== 0) return byDefault;
  return b.channels - a.channels || a.index - b.index;
}

/**
 * The subtitle stream to burn in, or undefined.
 * - `None`: never. `Forced`: only forced streams. `Default`: only default-flagged streams.
 *   `Any`: any stream, preferring default-flagged, then forced ones.
 * - With a preferred language only streams in that language qualify (no surprise languages);
 *   without one the first qualifying stream (by the order above, then index) is used.
 */
export function selectSubtitleStream(
  streams: readonly ProbedSubtitleStream[],
  mode: SubtitleMode,
  preferredLanguage?: string,
  equivalence: LanguageEquivalence = isoLanguageEquivalents,
): ProbedSubtitleStream | undefined {
  if (mode === SubtitleMode.None) return undefined;
  const byMode = streams.filter((s) => {
    switch (mode) {
      case SubtitleMode.Forced:
        return s.forced;
      case SubtitleMode.Default:
        return s.isDefault;
      case SubtitleMode.Any:
        return true;
    }
  });
  const candidates = preferredLanguage
    ? byMode.filter((s) => sameLanguage(preferredLanguage, s.language, equivalence))
    : byMode;
  return [...candidates].sort(bySubtitlePreference)[0];
}

function bySubtitlePreference(a: ProbedSubtitleStream, b: ProbedSubtitleStream): number {
  return (
    Number(b.isDefault) - Number(a.isDefault) || Number(b.forced) - Number(a.forced) || a.index - b.index
  );
}

/**
 * Soft subtitles: the text stream shown in each language's rendition (default-flagged first, then not forced,
 * then by index), or none when the programme has no text subtitle in that language.
 */
export function selectSoftSubtitles(
  streams: readonly ProbedSubtitleStream[],
  languages: readonly string[],
  equivalence: LanguageEquivalence = isoLanguageEquivalents,
): Array<{ language: string; stream?: ProbedSubtitleStream }> {
  const text = streams.filter((s) => s.kind === "Text");
  return languages.map((language) => {
    const matching = text.filter((s) => sameLanguage(language, s.language, equivalence));
    const stream = [...matching].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || Number(a.forced) - Number(b.forced) || a.index - b.index)[0];
    return stream ? { language, stream } : { language };
  });
}

const PICTURE_SUBTITLE_CODECS = new Set(["hdmv_pgs_subtitle", "pgssub", "dvd_subtitle", "dvdsub", "dvb_subtitle", "dvbsub", "xsub", "vobsub"]);

/** Picture (bitmap) vs text subtitles, from an ffprobe codec name. */
export function subtitleKindOfCodec(codec: string): "Text" | "Picture" {
  return PICTURE_SUBTITLE_CODECS.has(codec.toLowerCase()) ? "Picture" : "Text";
}
