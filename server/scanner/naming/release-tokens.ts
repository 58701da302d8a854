/**
 * Shared helpers for file and folder names: release-name tokens (resolution, source, codec, audio)
 * that end a title, bracket groups, separators and year checks.
 */
import { AUDIO_EXTENSIONS, VIDEO_EXTENSIONS, extensionOf, stripExtension } from "../media-files";

/** Tokens that can only be release tags: a title is cut at the first one. Lowercase. */
const STRONG_TAGS = new Set([
  "4k", "8k", "uhd",
  "bluray", "blu-ray", "bdrip", "brrip", "bdremux", "remux", "bd25", "bd50",
  "webrip", "web-rip", "web-dl", "webdl", "hdtv", "pdtv", "dvdrip", "dvdr", "dvd-r", "dvdscr", "hdrip", "hdcam", "hdtc", "telesync",
  "x264", "x265", "h264", "h265", "x.264", "h.264", "h.265", "hevc", "avc", "xvid", "divx", "vp9",
  "10bit", "10-bit", "8bit", "hdr", "hdr10", "hdr10+", "dovi",
  "dts", "dts-hd", "dts-x", "truehd", "atmos", "ac3", "eac3", "e-ac3", "ddp", "ddp5", "dd5", "aac", "aac2", "flac",
]);

/** Edition and release words dropped from the end of a title that was cut at a strong tag. Lowercase. */
const WEAK_TAGS = new Set(["proper", "repack", "rerip", "extended", "unrated", "remastered", "limited", "internal", "imax", "uncut", "multi", "subbed", "dubbed"]);

const RESOLUTION = /^\d{3,4}[pi]$/;
const DEFAULT_MIN_YEAR = 1880;

export function isStrongTag(token: string): boolean {
  const lower = token.toLowerCase();
  return RESOLUTION.test(lower) || STRONG_TAGS.has(lower) || STRONG_TAGS.has(lower.replace(/-[a-z0-9]+$/, ""));
}

export function isWeakTag(token: string): boolean {
  return WEAK_TAGS.has(token.toLowerCase());
}

/** Latest year accepted as a release year at `now` (epoch ms): a few years past it, so `Blade Runner 2049` stays a title. */
export function maxReleaseYear(now: number): number {
  return new Date(now).getUTCFullYear() + 2;
}

export function isYear(token: string, maxYear: number): boolean {
  if (!/^\d{4}$/.test(token)) return false;
  const year = Number(token);
  return year >= DEFAULT_MIN_YEAR && year <= maxYear;
}

/** Removes a known media (or `.nfo`) extension; other dots stay (`Mr. Bean`, `Part.2`). */
export function stripMediaExtension(name: string): string {
  const ext = extensionOf(name);
  return VIDEO_EXTENSIONS.has(ext) || AUDIO_EXTENSIONS.has(ext) || ext === ".nfo" ? stripExtension(name) : lastSegment(name);
}

/** Last segment of a path, so callers may pass a name or a path. */
export function lastSegment(name: string): string {
  const trimmed = name.replace(/[\\/]+$/, "");
  const slash = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}

/** Removes `{imdb-tt…}`/`{edition-…}` groups and `[…]` groups (release groups, tags), collapsing whitespace. */
export function removeBracketGroups(value: string): string {
  return value
    .replace(/\{[^{}]*\}/g, " ")
    .replace(/\[[^[\]]*\]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Strips separators (spaces, dashes, underscores, dots, commas) from both ends. Keeps a trailing dot after a letter (`S.W.A.T.`). */
export function trimSeparators(value: string): string {
  let out = value.replace(/^[\s\-–—_.,:;]+/, "");
  for (;;) {
    const next = out.replace(/[\s\-–—_,:;]+$/, "").replace(/(?<!\p{L})\.+$/u, "");
    if (next === out) return next;
    out = next;
  }
}

export interface Tokens {
  tokens: string[];
  /** True when words were separated by dots/underscores (`The.Movie.2019`), false for spaces. */
  dotted: boolean;
}

/** Splits a name into words: on whitespace when it has any, else on dots and underscores. */
export function tokenize(value: string): Tokens {
  const trimmed = value.trim();
  if (/\s/.test(trimmed)) return { tokens: trimmed.split(/\s+/).filter((t) => t !== ""), dotted: false };
  return { tokens: trimmed.split(/[._]+/).filter((t) => t !== ""), dotted: true };
}

/**
 * Joins title words back. Dotted names get spaces, and runs of single letters become an acronym
 * (`S.W.A.T` → `S.W.A.T.`, `A.I.Artificial` → `A.I. Artificial`).
 */
export function joinTokens(tokens: string[], dotted: boolean): string {
  if (!dotted) return tokens.join(" ");
  const words: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    let j = i;
    while (j < tokens.length && /^\p{L}$/u.test(tokens[j])) j++;
    if (j - i >= 2) {
      words.push(tokens.slice(i, j).join(".") + ".");
      i = j;
    } else {
      words.push(tokens[i]);
      i++;
    }
  }
  return words.join(" ");
}

/** Index of the first strong release tag, or the token count when there is none. */
export function firstStrongTag(tokens: string[]): number {
  const index = tokens.findIndex((t) => isStrongTag(stripPunctuation(t)));
  return index === -1 ? tokens.length : index;
}

/** Drops weak release words (and lone dashes) from the end of a token list. */
export function dropTrailingWeakTags(tokens: string[]): string[] {
  let end = tokens.length;
  while (end > 0 && (isWeakTag(stripPunctuation(tokens[end - 1])) || /^[-–—]+$/.test(tokens[end - 1]))) end--;
  return tokens.slice(0, end);
}

/** `(1080p)` → `1080p`, `1080p,` → `1080p`: brackets/commas around a token do not hide a tag. */
function stripPunctuation(token: string): string {
  return token.replace(/^[([{]+|[)\]},]+$/g, "");
}

/**
 * Cleans a free-text fragment (an episode title, a title without a year): removes bracket groups and
 * parenthesised release tags, cuts at the first strong release tag, and re-joins dotted words.
 */
export function cleanFragment(value: string): string {
  const withoutGroups = removeBracketGroups(value).replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    const words = inner.trim().split(/[\s._]+/).filter((w) => w !== "");
    return words.length > 0 && words.every((w) => isStrongTag(w) || isWeakTag(w)) ? " " : whole;
  });
  const { tokens, dotted } = tokenize(trimSeparators(withoutGroups));
  return trimSeparators(joinTokens(dropTrailingWeakTags(tokens.slice(0, firstStrongTag(tokens))), dotted));
}
