import { cleanFragment, stripMediaExtension } from "./release-tokens";

export interface EpisodeName {
  /** Undefined when the name only numbers the episode (`Show - E05`). */
  season?: number;
  /** Ascending, without duplicates; empty when the name carries no episode number. */
  episodes: number[];
  /** Text after the episode marker, without release tags (`Show - S01E02 - The Title` → "The Title"). */
  title?: string;
}

/** A hyphenated range (`E02-E05`) longer than this keeps only its two ends. */
const MAX_RANGE = 50;

const NOT_AFTER_WORD = "(?<![\\p{L}\\d])";
const SXXEYY = new RegExp(`${NOT_AFTER_WORD}s(\\d{1,4})[ ._x-]{0,3}e(\\d{1,4})(?!\\d)`, "iu");
const SEASON_EPISODE_WORDS = new RegExp(`${NOT_AFTER_WORD}season[\\s._-]*(\\d{1,4})[\\s._,-]*episode[\\s._-]*(\\d{1,4})(?!\\d)`, "iu");
const NXNN = new RegExp(`${NOT_AFTER_WORD}(\\d{1,2})x(\\d{2,3})(?!\\d)`, "iu");
const EPISODE_ONLY = new RegExp(`${NOT_AFTER_WORD}(?:episode|ep|e)[\\s._-]?(\\d{1,4})(?!\\d)`, "iu");

/** `-s01e03`, `s01e03`, ` - S01E03` after a first SxxEyy marker (same season only). */
const NEXT_SXXEYY = /^\s*(-)?\s*s(\d{1,4})[ ._x-]{0,3}e(\d{1,4})(?!\d)/i;
/** `-e03`, ` - E03`, `e03`, `_e03` after a marker. */
const NEXT_E = /^(?:\s*(-)\s*|[._]?)e(\d{1,4})(?!\d)/i;
/** `-03` directly after a marker (no spaces, not `-1080p`). */
const NEXT_NUMBER = /^(-)(\d{1,4})(?![\d\p{L}])/iu;
/** `-1x03`, ` - 1x03` after a first NxNN marker (same season only). */
const NEXT_NXNN = /^\s*(-)?\s*(\d{1,2})x(\d{2,3})(?!\d)/i;
/** `x03` or `-03` after a first NxNN marker. */
const NEXT_X_OR_NUMBER = /^(-|x)(\d{2,3})(?![\d\p{L}])/iu;

/**
 * Season, episode numbers and episode title from an episode file name. Understood markers:
 * `S01E02`, `s1e2`, `s01.e02`, `s01_e02`, `s01xe02`, `S01 E02`, `Season 1 Episode 2`, `1x02`, and as a last resort
 * `E02`/`Ep 2`/`Episode 2` (no season). Multi-episode files: `S01E02E03` and `1x02x03` list episodes;
 * hyphenated forms are inclusive ranges: `S01E02-E03`, `s01e02-03`, `s01e02-s01e03`, `1x02-03`, `1x02-1x03`
 * (`S01E02-E04` → [2, 3, 4]). Resolutions (`1080p`) and `1920x1080` are never read as episodes.
 */
export function parseEpisodeFile(name: string): EpisodeName {
  const stem = stripMediaExtension(name);
  return (
    matchSxxEyy(stem) ??
    matchMarker(stem, SEASON_EPISODE_WORDS, true, []) ??
    matchNxNN(stem) ??
    matchMarker(stem, EPISODE_ONLY, false, [NEXT_E, NEXT_NUMBER]) ?? { episodes: [] }
  );
}

function matchSxxEyy(stem: string): EpisodeName | undefined {
  const match = SXXEYY.exec(stem);
  if (!match) return undefined;
  const season = Number(match[1]);
  const episodes = [Number(match[2])];
  let rest = stem.slice(match.index + match[0].length);
  for (;;) {
    const se = NEXT_SXXEYY.exec(rest);
    if (se) {
      // A marker of another season (`S01E02-S02E01`) is not an episode of this file's season; skip it.
      if (Number(se[2]) === season) addEpisode(episodes, Number(se[3]), se[1] !== undefined);
      rest = rest.slice(se[0].length);
      continue;
    }
    const next = NEXT_E.exec(rest) ?? NEXT_NUMBER.exec(rest);
    if (!next) break;
    addEpisode(episodes, Number(next[2]), next[1] !== undefined);
    rest = rest.slice(next[0].length);
  }
  return result(season, episodes, rest);
}

function matchNxNN(stem: string): EpisodeName | undefined {
  const match = NXNN.exec(stem);
  if (!match) return undefined;
  const season = Number(match[1]);
  const episodes = [Number(match[2])];
  let rest = stem.slice(match.index + match[0].length);
  for (;;) {
    const nx = NEXT_NXNN.exec(rest);
    if (nx) {
      if (Number(nx[2]) === season) addEpisode(episodes, Number(nx[3]), nx[1] !== undefined);
      rest = rest.slice(nx[0].length);
      continue;
    }
    const next = NEXT_X_OR_NUMBER.exec(rest);
    if (!next) break;
    addEpisode(episodes, Number(next[2]), next[1] === "-");
    rest = rest.slice(next[0].length);
  }
  return result(season, episodes, rest);
}

/** One marker whose last group is the episode (and, with `hasSeason`, whose first group is the season). */
function matchMarker(stem: string, marker: RegExp, hasSeason: boolean, continuations: RegExp[]): EpisodeName | undefined {
  const match = marker.exec(stem);
  if (!match) return undefined;
  const episodes = [Number(match[hasSeason ? 2 : 1])];
  let rest = stem.slice(match.index + match[0].length);
  for (;;) {
    const next = continuations.map((c) => c.exec(rest)).find((m) => m !== null);
    if (!next) break;
    addEpisode(episodes, Number(next[2]), next[1] !== undefined);
    rest = rest.slice(next[0].length);
  }
  return result(hasSeason ? Number(match[1]) : undefined, episodes, rest);
}

function addEpisode(episodes: number[], episode: number, isRange: boolean): void {
  const last = episodes[episodes.length - 1];
  if (isRange && episode > last && episode - last <= MAX_RANGE) {
    for (let e = last + 1; e <= episode; e++) episodes.push(e);
  } else {
    episodes.push(episode);
  }
}

function result(season: number | undefined, episodes: number[], rest: string): EpisodeName {
  const sorted = [...new Set(episodes)].sort((a, b) => a - b);
  const title = cleanFragment(rest);
  const out: EpisodeName = { episodes: sorted };
  if (season !== undefined) out.season = season;
  if (title !== "") out.title = title;
  return out;
}
