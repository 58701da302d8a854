import { lastSegment } from "./release-tokens";

const SEASON_WORD = /(?:^|[^\p{L}\d])(?:season|series|staffel|saison|temporada|stagione|seizoen|s)[\s._-]*(\d{1,4})(?![\de])/iu;

/**
 * Season number from a season folder name, or undefined when the folder is not a season:
 * - a pure number: `1`, `01`, `2016`;
 * - a name ending in `Specials` → 0;
 * - `s`/`Season` (or Series, Staffel, Saison, Temporada, Stagione, Seizoen) followed by digits that are not
 *   followed by `e` or another digit: `Season 01`, `S02`, `Show S02`, `Season 7 (2016)` → 7;
 * - a trailing number after a space: `Staffel 02`, `Book 3`.
 */
export function parseSeasonFolder(name: string): number | undefined {
  const value = lastSegment(name).trim();
  if (/^\d{1,4}$/.test(value)) return Number(value);
  if (/specials$/i.test(value)) return 0;
  const word = SEASON_WORD.exec(value);
  if (word) return Number(word[1]);
  const trailing = /\s(\d{1,4})$/.exec(value);
  return trailing ? Number(trailing[1]) : undefined;
}
