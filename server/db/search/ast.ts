import type { MediaItemKind, MediaItemState } from "../../domain/enums";

/**
 * The query model of media search: what `server/services/search` parses a query string into and what
 * `compileSearchQuery` turns into SQL. It lives in the db layer (like a repository filter) so that the
 * parser (a service) may depend on it without the db layer depending on services.
 *
 * Every node carries `position`: the 1-based character column in the query text it came from (for a
 * node expanded from a smart collection, in that collection's query).
 */
export type SearchNode =
  | AndNode
  | OrNode
  | NotNode
  | MatchAllNode
  | TextNode
  | NumberNode
  | DateNode
  | RelativeDateNode
  | OnThisDayNode
  | KindNode
  | StateNode
  | LanguageNode
  | GuidNode
  | SmartCollectionNode;

export interface AndNode {
  type: "and";
  position: number;
  children: SearchNode[];
}

export interface OrNode {
  type: "or";
  position: number;
  children: SearchNode[];
}

export interface NotNode {
  type: "not";
  position: number;
  child: SearchNode;
}

/** `*` or `*:*`: every item. */
export interface MatchAllNode {
  type: "all";
  position: number;
}

/** A run of literal text, or a wildcard: `*` any run of characters (also none), `?` exactly one. */
export type PatternPart = string | { wildcard: "*" | "?" };

/**
 * The value of a text field.
 * - `exact`: a word or a quoted phrase. Full-text fields match it as words in order (case- and
 *   accent-insensitive); keyword fields (content rating, codec, library name, guids) match the whole value.
 * - `pattern`: a value with wildcards (`sci*`, `*man`, `"star wa*"`).
 * - `present`: `field:*`, the item has any value for the field.
 */
export type TextValue =
  | { kind: "exact"; text: string; quoted: boolean }
  | { kind: "pattern"; parts: PatternPart[]; quoted: boolean }
  | { kind: "present" };

/** Full-text fields, served by FTS5 (`default` is free text: title, original title and plot). */
export const FULL_TEXT_FIELDS = ["default", "title", "plot", "show_title"] as const;
/** Names attached through `media_tag` (full text over the name); `show_*` ones are the parent show's. */
export const TAG_FIELDS = ["genre", "tag", "studio", "actor", "director", "writer", "show_genre", "show_tag", "show_studio"] as const;
/** Whole-value, case-insensitive fields. */
export const KEYWORD_FIELDS = ["content_rating", "show_content_rating", "video_codec", "library_name", "artist", "album"] as const;
export const TEXT_FIELDS = [...FULL_TEXT_FIELDS, ...TAG_FIELDS, ...KEYWORD_FIELDS] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export interface TextNode {
  type: "text";
  position: number;
  field: TextField;
  value: TextValue;
}

export const NUMBER_FIELDS = ["year", "minutes", "seconds", "season_number", "episode_number", "height", "width", "chapters", "library_id"] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** Whole numbers; `min`/`max` are inclusive, null for an open end. Both null: the item has a value. */
export interface NumberNode {
  type: "number";
  position: number;
  field: NumberField;
  min: number | null;
  max: number | null;
}

export const DATE_FIELDS = ["release_date", "added_date"] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** Calendar days `yyyy-mm-dd`; `from`/`to` are inclusive, null for an open end. Both null: the item has a value. */
export interface DateNode {
  type: "date";
  position: number;
  field: DateField;
  from: string | null;
  to: string | null;
}

export const RELATIVE_DATE_FIELDS = ["released_inthelast", "released_notinthelast", "added_inthelast", "added_notinthelast"] as const;
export type RelativeDateField = (typeof RELATIVE_DATE_FIELDS)[number];
export type PeriodUnit = "day" | "week" | "month" | "year";

/** `added_inthelast:"2 weeks"`: compared with the clock passed to the compiler. */
export interface RelativeDateNode {
  type: "relative_date";
  position: number;
  field: RelativeDateField;
  amount: number;
  unit: PeriodUnit;
}

/** `released_onthisday:x`: released on today's month and day, in any year. */
export interface OnThisDayNode {
  type: "on_this_day";
  position: number;
}

export interface KindNode {
  type: "kind";
  position: number;
  kind: MediaItemKind;
}

export interface StateNode {
  type: "state";
  position: number;
  state: MediaItemState;
}

/** Audio (`language`) or subtitle (`sub_language`) stream language; `code` is ISO 639-2/B, null for any. */
export interface LanguageNode {
  type: "language";
  position: number;
  field: "language" | "sub_language";
  code: string | null;
}

export const GUID_PROVIDERS = ["imdb", "tmdb", "tvdb"] as const;
export type GuidProvider = (typeof GUID_PROVIDERS)[number];

/** `imdb:tt0123456`: an external id, matched whole and case-insensitively. */
export interface GuidNode {
  type: "guid";
  position: number;
  provider: GuidProvider;
  value: TextValue;
}

/** `smart_collection:"Name"` before expansion; the compiler refuses it (expand it first). */
export interface SmartCollectionNode {
  type: "smart_collection";
  position: number;
  name: string;
}
