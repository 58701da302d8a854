/**
 * Which version of an item with several a channel plays (pure; the caller has probed each version):
 * `MatchProfile` the first whose video (then audio) the profile copies as it is, else the smallest picture at or
 * above the profile's height, else the largest below it; `HighestResolution` / `LowestResolution` by pixels.
 * Ties keep the item's order (the server's default first). The reason says why, for the troubleshooter.
 */
import { VersionPreference } from "../../domain/enums";
import { decideCopy, type PieceEffects } from "./copy-decision";
import type { FFmpegProfile, ProbedSource } from "./types";

export interface VersionCandidate {
  label: string | null;
  path: string;
  source: ProbedSource;
}

export interface VersionChoice {
  /** Index of the chosen candidate. */
  index: number;
  reason: string;
  /** Each candidate as the choice saw it: `1080p 1920x1080: video copy` / `…: video transcode (scaling …)`. */
  candidates: string[];
}

export function chooseVersion(profile: FFmpegProfile, candidates: readonly VersionCandidate[], preference: VersionPreference, effects: PieceEffects): VersionChoice {
  const seen = candidates.map((c) => {
    const decision = decideCopy(profile, c.source.video, c.source.audio[0], { ...effects, generatedVideo: effects.generatedVideo || !c.source.video });
    const width = c.source.video?.width ?? 0;
    const height = c.source.video?.height ?? 0;
    return { name: nameOf(c, width, height), width, height, decision };
  });
  const described = seen.map((s) => `${s.name}: video ${s.decision.video.mode}${s.decision.video.mode === "copy" ? "" : ` (${s.decision.video.reason})`}, audio ${s.decision.audio.mode}`);
  const pick = (index: number, reason: string): VersionChoice => ({ index, reason: `${seen[index]!.name}: ${reason}`, candidates: described });
  const pixels = seen.map((s) => s.width * s.height);
  if (preference === VersionPreference.HighestResolution) return pick(indexOfBest(pixels, (a, b) => a > b), "the highest resolution (the channel prefers it)");
  if (preference === VersionPreference.LowestResolution) return pick(indexOfBest(pixels, (a, b) => a < b), "the lowest resolution (the channel prefers it)");
  const both = seen.findIndex((s) => s.decision.video.mode === "copy" && s.decision.audio.mode === "copy");
  if (both !== -1) return pick(both, "the profile copies its video and audio without transcoding");
  const video = seen.findIndex((s) => s.decision.video.mode === "copy");
  if (video !== -1) return pick(video, "the profile copies its video without transcoding");
  const target = profile.resolution.height;
  const above = seen.map((s, i) => ({ s, i })).filter(({ s }) => s.height >= target);
  if (above.length) {
    const best = above.reduce((a, b) => (b.s.height < a.s.height ? b : a));
    return pick(best.i, `no version copies; the smallest at or above the profile's ${profile.resolution.width}x${target}`);
  }
  const known = seen.map((s, i) => ({ s, i })).filter(({ s }) => s.height > 0);
  if (known.length) {
    const best = known.reduce((a, b) => (b.s.height > a.s.height ? b : a));
    return pick(best.i, `no version copies or reaches ${profile.resolution.width}x${target}; the largest below it`);
  }
  return pick(0, "no version's picture is known; the first");
}

function nameOf(c: VersionCandidate, width: number, height: number): string {
  const size = width && height ? `${width}x${height}` : "no video";
  return c.label ? `${c.label} (${size})` : size;
}

function indexOfBest(values: readonly number[], better: (a: number, b: number) => boolean): number {
  let best = 0;
  values.forEach((v, i) => {
    if (better(v, values[best]!)) best = i;
  });
  return best;
}
