/**
 * Subtitle files next to a media file (pure name rules): `Movie.srt`, `Movie.es.srt`, `Movie.eng.forced.ass`,
 * `Movie.en.default.vtt`, `Movie.es.sdh.srt`. The language is the first part after the media file's name that
 * is an ISO 639 code; `forced` and `default` set those flags.
 */
import { normalizeLanguageCode } from "../../domain/language-code";
import type { ProbedSubtitleStream } from "../ffmpeg/types";

export const SIDECAR_SUBTITLE_EXTENSIONS = ["srt", "ass", "ssa", "vtt"] as const;

const CODEC: Record<string, string> = { srt: "subrip", ass: "ass", ssa: "ass", vtt: "webvtt" };

/** Index given to sidecar streams (never an index inside the media file): 10000 + position. */
export const SIDECAR_INDEX_BASE = 10_000;

/**
 * The sidecar subtitle streams among `names` (files in the media file's folder) for the media file named
 * `mediaName`, in name order; `join` makes a path of a name.
 */
export function sidecarSubtitles(mediaName: string, names: readonly string[], join: (name: string) => string): ProbedSubtitleStream[] {
  const stem = mediaName.replace(/\.[^.]+$/, "");
  const found: ProbedSubtitleStream[] = [];
  for (const name of [...names].sort()) {
    if (!name.startsWith(`${stem}.`)) continue;
    const parts = name.slice(stem.length + 1).split(".");
    const extension = parts.pop()?.toLowerCase() ?? "";
    if (!(SIDECAR_SUBTITLE_EXTENSIONS as readonly string[]).includes(extension)) continue;
    const flags = parts.map((p) => p.toLowerCase());
    const language = flags.map((p) => normalizeLanguageCode(p)).find((c) => c !== undefined);
    found.push({
      index: SIDECAR_INDEX_BASE + found.length,
      codec: CODEC[extension]!,
      ...(language ? { language } : {}),
      forced: flags.includes("forced"),
      isDefault: flags.includes("default"),
      kind: "Text",
      externalPath: join(name),
    });
  }
  return found;
}
