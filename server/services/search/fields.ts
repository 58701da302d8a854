import type { DateField, GuidProvider, NumberField, RelativeDateField, TextField } from "../../db/search/ast";

/** What a field name stands for, and so which values it takes. */
export type FieldSpec =
  | { category: "text"; field: TextField }
  | { category: "number"; field: NumberField }
  | { category: "date"; field: DateField }
  | { category: "relative_date"; field: RelativeDateField }
  | { category: "on_this_day" }
  | { category: "kind" }
  | { category: "state" }
  | { category: "language"; field: "language" | "sub_language" }
  | { category: "guid"; provider: GuidProvider }
  | { category: "smart_collection" };

/**
 * Every field a query may name (lowercase; names are case-insensitive). The ErsatzTV names are kept
 * so that users' existing queries work; `language_tag`/`sub_language_tag` are accepted as synonyms of
 * `language`/`sub_language` (both take a code or an English language name).
 */
export const SEARCH_FIELDS: ReadonlyMap<string, FieldSpec> = new Map<string, FieldSpec>([
  ["title", { category: "text", field: "title" }],
  ["plot", { category: "text", field: "plot" }],
  ["show_title", { category: "text", field: "show_title" }],
  ["genre", { category: "text", field: "genre" }],
  ["tag", { category: "text", field: "tag" }],
  ["studio", { category: "text", field: "studio" }],
  ["actor", { category: "text", field: "actor" }],
  ["director", { category: "text", field: "director" }],
  ["writer", { category: "text", field: "writer" }],
  ["show_genre", { category: "text", field: "show_genre" }],
  ["show_tag", { category: "text", field: "show_tag" }],
  ["show_studio", { category: "text", field: "show_studio" }],
  ["content_rating", { category: "text", field: "content_rating" }],
  ["show_content_rating", { category: "text", field: "show_content_rating" }],
  ["video_codec", { category: "text", field: "video_codec" }],
  ["library_name", { category: "text", field: "library_name" }],
  ["artist", { category: "text", field: "artist" }],
  ["album", { category: "text", field: "album" }],
  ["year", { category: "number", field: "year" }],
  ["minutes", { category: "number", field: "minutes" }],
  ["seconds", { category: "number", field: "seconds" }],
  ["season_number", { category: "number", field: "season_number" }],
  ["episode_number", { category: "number", field: "episode_number" }],
  ["height", { category: "number", field: "height" }],
  ["width", { category: "number", field: "width" }],
  ["chapters", { category: "number", field: "chapters" }],
  ["library_id", { category: "number", field: "library_id" }],
  ["release_date", { category: "date", field: "release_date" }],
  ["added_date", { category: "date", field: "added_date" }],
  ["released_inthelast", { category: "relative_date", field: "released_inthelast" }],
  ["released_notinthelast", { category: "relative_date", field: "released_notinthelast" }],
  ["added_inthelast", { category: "relative_date", field: "added_inthelast" }],
  ["added_notinthelast", { category: "relative_date", field: "added_notinthelast" }],
  ["released_onthisday", { category: "on_this_day" }],
  ["type", { category: "kind" }],
  ["state", { category: "state" }],
  ["language", { category: "language", field: "language" }],
  ["language_tag", { category: "language", field: "language" }],
  ["sub_language", { category: "language", field: "sub_language" }],
  ["sub_language_tag", { category: "language", field: "sub_language" }],
  ["imdb", { category: "guid", provider: "imdb" }],
  ["tmdb", { category: "guid", provider: "tmdb" }],
  ["tvdb", { category: "guid", provider: "tvdb" }],
  ["smart_collection", { category: "smart_collection" }],
]);

/** The field names, for documentation and autocompletion. */
export const SEARCH_FIELD_NAMES: readonly string[] = [...SEARCH_FIELDS.keys()];

/** Edit distance counting an adjacent swap as one edit (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}

/** The closest candidate if it is close enough to be a likely typo (1 edit for short words, up to 3 for long ones). */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const word = input.toLowerCase();
  const allowed = word.length <= 4 ? 1 : word.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(word, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= allowed ? best : undefined;
}
