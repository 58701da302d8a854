/**
 * The artwork file names Airwave reads next to media (the Kodi, Jellyfin and Plex conventions). Pure:
 * callers pass the names of a folder's files and get, per kind, the file to use and every file that
 * could count (a rescan compares those). Comparisons are case-insensitive.
 */
import { ArtworkKind } from "../../domain/enums";

/** Image types read as artwork, in the order used when one name exists with several extensions. */
export const ARTWORK_EXTENSIONS: readonly string[] = [".jpg", ".jpeg", ".png", ".webp"];

/** For each kind, the file stems (lower case, no extension) that give it, best first. */
export type ArtworkRules = ReadonlyArray<{ kind: ArtworkKind; stems: readonly string[] }>;

export interface ArtworkMatch {
  kind: ArtworkKind;
  /** The file name as found in the folder. */
  name: string;
}

export const SHOW_RULES: ArtworkRules = [
  { kind: ArtworkKind.Poster, stems: ["poster", "folder", "cover"] },
  { kind: ArtworkKind.Fanart, stems: ["fanart", "backdrop"] },
  { kind: ArtworkKind.Banner, stems: ["banner"] },
  { kind: ArtworkKind.Logo, stems: ["logo", "clearlogo"] },
];

/** Season art kept in the show folder: `season01-poster`, `season-specials-poster` for season 0. */
export function seasonRulesInShowFolder(seasonNumber: number): ArtworkRules {
  const names = seasonNumber === 0 ? ["season-specials", "season00", "season0"] : [`season${String(seasonNumber).padStart(2, "0")}`, `season${seasonNumber}`];
  const unique = [...new Set(names)];
  return [
    { kind: ArtworkKind.Poster, stems: unique.map((n) => `${n}-poster`) },
    { kind: ArtworkKind.Fanart, stems: unique.map((n) => `${n}-fanart`) },
    { kind: ArtworkKind.Banner, stems: unique.map((n) => `${n}-banner`) },
  ];
}

/** Season art inside the season's own folder. */
export const SEASON_FOLDER_RULES: ArtworkRules = [
  { kind: ArtworkKind.Poster, stems: ["poster", "folder"] },
  { kind: ArtworkKind.Fanart, stems: ["fanart"] },
  { kind: ArtworkKind.Banner, stems: ["banner"] },
];

export function episodeRules(fileStem: string): ArtworkRules {
  const base = fileStem.toLowerCase();
  return [{ kind: ArtworkKind.Thumbnail, stems: [`${base}-thumb`, base] }];
}

export function movieRules(fileStem: string): ArtworkRules {
  const base = fileStem.toLowerCase();
  return [
    { kind: ArtworkKind.Poster, stems: [`${base}-poster`, "poster", "folder", "cover"] },
    { kind: ArtworkKind.Fanart, stems: [`${base}-fanart`, "fanart", "backdrop"] },
    { kind: ArtworkKind.Banner, stems: [`${base}-banner`, "banner"] },
    { kind: ArtworkKind.Logo, stems: [`${base}-clearlogo`, `${base}-logo`, "clearlogo", "logo"] },
  ];
}

export function otherVideoRules(fileStem: string): ArtworkRules {
  return [{ kind: ArtworkKind.Thumbnail, stems: [`${fileStem.toLowerCase()}-thumb`] }];
}

export const ALBUM_RULES: ArtworkRules = [{ kind: ArtworkKind.Cover, stems: ["cover", "folder", "front"] }];

export const ARTIST_RULES: ArtworkRules = [{ kind: ArtworkKind.Poster, stems: ["artist", "folder"] }];

/** The image extension of a name (lower case, with the dot) when it is one Airwave reads as artwork. */
export function artworkExtension(name: string): string | undefined {
  const dot = name.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const extension = name.slice(dot).toLowerCase();
  return ARTWORK_EXTENSIONS.includes(extension) ? extension : undefined;
}

/** A folder's images by lower-case stem (the form the rules are matched against). */
export type StemIndex = ReadonlyMap<string, readonly string[]>;

export function stemIndex(names: readonly string[]): StemIndex {
  const index = new Map<string, string[]>();
  for (const name of names) {
    const extension = artworkExtension(name);
    if (!extension) continue;
    const stem = name.slice(0, -extension.length).toLowerCase();
    const list = index.get(stem);
    if (list) list.push(name);
    else index.set(stem, [name]);
  }
  return index;
}

/** Every image of the folder that one of the rules names (what a rescan compares). */
export function matchingArtwork(index: StemIndex, rules: ArtworkRules): ArtworkMatch[] {
  const matches: ArtworkMatch[] = [];
  for (const rule of rules) {
    for (const stem of rule.stems) for (const name of index.get(stem) ?? []) matches.push({ kind: rule.kind, name });
  }
  return matches;
}

/** For each kind of the rules, the best file: the earliest stem, then the earliest extension, then the name. */
export function pickArtwork(index: StemIndex, rules: ArtworkRules): ArtworkMatch[] {
  const picked: ArtworkMatch[] = [];
  for (const rule of rules) {
    const stem = rule.stems.find((s) => index.has(s));
    if (stem === undefined) continue;
    const [best] = [...index.get(stem)!].sort((a, b) => ARTWORK_EXTENSIONS.indexOf(artworkExtension(a)!) - ARTWORK_EXTENSIONS.indexOf(artworkExtension(b)!) || a.localeCompare(b));
    picked.push({ kind: rule.kind, name: best });
  }
  return picked;
}
