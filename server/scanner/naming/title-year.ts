/**
 * Title and year from movie file/folder names and show folder names: `Title (Year)`, release names
 * (`Title.Year.1080p.x264-GRP`), and loose names.
 */
import {
  dropTrailingWeakTags,
  firstStrongTag,
  isWeakTag,
  isYear,
  joinTokens,
  lastSegment,
  removeBracketGroups,
  stripMediaExtension,
  tokenize,
  trimSeparators,
} from "./release-tokens";

export interface TitleYear {
  title: string;
  year?: number;
}

export interface NameOptions {
  /**
   * Latest number read as a release year (`maxReleaseYear(now)`: the caller's year + 2; the parser reads
   * no clock). A larger four-digit number stays part of the title (`Blade.Runner.2049.1080p` → "Blade Runner 2049").
   */
  maxYear: number;
}

/**
 * Movie title and year from a file name (a known media extension is removed) or a folder name.
 * - `Title (Year)` / `Title [Year]`: the last bracketed year with text before it wins, anything after it
 *   (`- 1080p`, `{imdb-tt…}`, edition) is dropped: `2001 A Space Odyssey (1968)`.
 * - dotted release names: the last year before the first release tag (`1080p`, `BluRay`, `x264`, …)
 *   ends the title: `Blade.Runner.2049.2017.1080p` → "Blade Runner 2049" (2017). A year is never the
 *   first word (`1917.1080p` → "1917").
 * - names with spaces: a bare year counts only when release tags follow it (`Movie 2019 1080p`);
 *   `Wonder Woman 1984` stays a title.
 * - otherwise the title is cut at the first release tag and bracket groups are dropped.
 */
export function parseMovieName(name: string, options: NameOptions): TitleYear {
  return parseTitleYear(stripMediaExtension(name), options);
}

/** Show title and year from a show folder name (`Show (1999)`, `Show [2005] {tvdb-123}`, `Show`). */
export function parseShowFolder(name: string, options: NameOptions): TitleYear {
  return parseTitleYear(lastSegment(name), options);
}

function parseTitleYear(raw: string, options: NameOptions): TitleYear {
  const maxYear = options.maxYear;
  const value = raw.trim();
  if (value === "") return { title: "" };

  const bracketed = bracketedYear(value, maxYear);
  if (bracketed) return bracketed;

  const { tokens, dotted } = tokenize(removeBracketGroups(value));
  const cut = firstStrongTag(tokens);
  const yearIndex = findYearIndex(tokens, cut, dotted, maxYear);
  if (yearIndex !== -1) {
    const title = trimSeparators(joinTokens(dropTrailingWeakTags(tokens.slice(0, yearIndex)), dotted));
    if (title !== "") return { title, year: Number(tokens[yearIndex]) };
  }
  const titleTokens = cut < tokens.length ? dropTrailingWeakTags(tokens.slice(0, cut)) : tokens;
  const title = trimSeparators(joinTokens(titleTokens, dotted));
  if (title !== "") return { title };
  const whole = trimSeparators(joinTokens(tokens, dotted));
  return { title: whole !== "" ? whole : value };
}

/** `Title (1999)` or `Title [1999]`: the last bracketed year that has a title before it. */
function bracketedYear(value: string, maxYear: number): TitleYear | undefined {
  const matches = [...value.matchAll(/[([]\s*(\d{4})\s*[)\]]/g)];
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    if (!isYear(match[1], maxYear)) continue;
    const prefix = removeBracketGroups(value.slice(0, match.index));
    const { tokens, dotted } = tokenize(prefix);
    const title = trimSeparators(joinTokens(tokens, dotted));
    if (title !== "") return { title, year: Number(match[1]) };
  }
  return undefined;
}

function findYearIndex(tokens: string[], cut: number, dotted: boolean, maxYear: number): number {
  for (let i = cut - 1; i >= 1; i--) {
    if (!isYear(tokens[i], maxYear)) continue;
    if (dotted) return i;
    // With spaces, a bare year must be followed by release tags (fillers in between are fine).
    if (cut < tokens.length && tokens.slice(i + 1, cut).every((t) => isWeakTag(t) || /^[-–—]+$/.test(t))) return i;
  }
  return -1;
}
