/**
 * Versions of one film in one folder, as Plex and Jellyfin name them: `Film (2001) - 1080p.mkv`,
 * `Film (2001) - Director's Cut.mkv`, `Film (2001) {edition-Director's Cut}.mkv` and the plain `Film (2001).mkv`
 * are versions of `Film (2001)`. Only names with a bracketed year take part: loose names never merge.
 */
import { isYear, stripMediaExtension } from "./release-tokens";
import type { NameOptions } from "./title-year";

export interface VersionName {
  /** `Title (Year)` as written, without the suffix and without id or edition tags. */
  base: string;
  /** What tells this version from the others (`1080p`, `Director's Cut`); null for the plain name. */
  label: string | null;
}

/** Id tags the servers read from names (`{imdb-tt0000001}`, `[tmdbid-101]`): not part of the base or the label. */
const ID_TAG = /\s*[[{](?:imdb|tmdb|tvdb|imdbid|tmdbid|tvdbid)-[^\]}]*[\]}]/gi;
const EDITION_TAG = /\s*\{edition-([^}]*)\}/i;

export function parseVersionName(fileName: string, options: NameOptions): VersionName | undefined {
  let name = stripMediaExtension(fileName).replace(ID_TAG, "");
  const edition = EDITION_TAG.exec(name);
  if (edition) name = name.replace(EDITION_TAG, "");
  const match = /^(.*\S)\s*[([]\s*(\d{4})\s*[)\]](.*)$/.exec(name);
  if (!match || !isYear(match[2], options.maxYear)) return undefined;
  const base = `${match[1].trim()} (${match[2]})`;
  const rest = match[3].trim();
  const editionLabel = edition?.[1]?.trim() || null;
  if (rest === "") return { base, label: editionLabel };
  const suffix = /^-\s*(.+)$/.exec(rest) ?? /^\[([^\]]+)\]$/.exec(rest);
  if (!suffix) return undefined;
  const label = suffix[1].trim();
  return { base, label: editionLabel && label ? `${label} (${editionLabel})` : label || editionLabel };
}

/** The group of a version-named file: its folder and base, case-insensitive (files of one group are one item). */
export function versionGroupKey(folder: string, version: VersionName): string {
  return `${folder}/${version.base.toLowerCase()}`;
}
