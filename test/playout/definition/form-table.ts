/**
 * The spec's form tables (spec §2.2-2.5), written out independently of the schema code so that
 * the tests check the schema against the spec rather than against itself.
 */
export type TypeTag = "null" | "string" | "integer" | "boolean" | "integer|string" | "boolean|string" | "list";

export interface FormCase {
  /** The identifying key. */
  form: string;
  list: "content" | "instruction" | "reset";
  /** A valid element using every property, keys in the spec's order. */
  example: Record<string, unknown>;
  types: Record<string, TypeTag>;
  required: string[];
  enums?: Record<string, string[]>;
  /** Lists that need at least one element. */
  minOne?: string[];
}

const ORDER = ["chronological", "shuffle"];
const FILLER_KIND = ["none", "preroll", "postroll", "midroll"];
const GUIDS = [{ source: "tvdb", value: 71663 }, { source: "imdb", value: "tt0096697" }];

const CONTENT_TARGET_TYPES: Record<string, TypeTag> = {
  content: "string",
  custom_title: "string",
  filler_kind: "string",
  disable_watermarks: "boolean",
};
const CONTENT_TARGET = { content: "movies", custom_title: "Movie Night", filler_kind: "none", disable_watermarks: false };

export const FORM_CASES: FormCase[] = [
  // ----- content (spec §2.2) -----
  {
    form: "show",
    list: "content",
    example: { show: null, key: "simpsons", guids: GUIDS, order: "chronological" },
    types: { show: "null", key: "string", guids: "list", order: "string" },
    required: ["show", "key", "guids", "order"],
    enums: { order: ORDER },
    minOne: ["guids"],
  },
  {
    form: "search",
    list: "content",
    example: { search: null, key: "cartoons", query: "genre:animation", order: "shuffle" },
    types: { search: "null", key: "string", query: "string", order: "string" },
    required: ["search", "key", "query", "order"],
    enums: { order: ORDER },
  },
  {
    form: "collection",
    list: "content",
    example: { collection: "Christmas", key: "xmas", order: "shuffle" },
    types: { collection: "string", key: "string", order: "string" },
    required: ["collection", "key", "order"],
    enums: { order: ORDER },
  },
  {
    form: "multi_collection",
    list: "content",
    example: { multi_collection: "Sitcoms", key: "sitcoms", order: "chronological" },
    types: { multi_collection: "string", key: "string", order: "string" },
    required: ["multi_collection", "key", "order"],
    enums: { order: ORDER },
  },
  {
    form: "smart_collection",
    list: "content",
    example: { smart_collection: "Recent", key: "recent", order: "shuffle" },
    types: { smart_collection: "string", key: "string", order: "string" },
    required: ["smart_collection", "key", "order"],
    enums: { order: ORDER },
  },
  {
    form: "playlist",
    list: "content",
    example: { playlist: "Saturday", playlist_group: "Kids", key: "saturday" },
    types: { playlist: "string", playlist_group: "string", key: "string" },
    required: ["playlist", "playlist_group", "key"],
  },
  {
    form: "marathon",
    list: "content",
    example: {
      marathon: null,
      key: "marathon",
      guids: GUIDS,
      searches: ["show_title:Frasier"],
      group_by: "season",
      item_order: "chronological",
      play_all_items: true,
      shuffle_groups: false,
    },
    types: {
      marathon: "null",
      key: "string",
      guids: "list",
      searches: "list",
      group_by: "string",
      item_order: "string",
      play_all_items: "boolean",
      shuffle_groups: "boolean",
    },
    required: ["marathon", "key"],
    enums: { group_by: ["show", "season", "artist", "album"], item_order: ORDER },
    minOne: ["guids"],
  },
  // ----- instructions (spec §2.4) -----
  {
    form: "all",
    list: "instruction",
    example: { all: null, ...CONTENT_TARGET },
    types: { all: "null", ...CONTENT_TARGET_TYPES },
    required: ["all", "content"],
    enums: { filler_kind: FILLER_KIND },
  },
  {
    form: "count",
    list: "instruction",
    example: { count: 3, ...CONTENT_TARGET },
    types: { count: "integer", ...CONTENT_TARGET_TYPES },
    required: ["count", "content"],
    enums: { filler_kind: FILLER_KIND },
  },
  {
    form: "duration",
    list: "instruction",
    example: {
      duration: "2 hours",
      content: "movies",
      trim: true,
      fallback: "movies",
      discard_attempts: 2,
      offline_tail: true,
      stop_before_end: true,
      filler_kind: "postroll",
      custom_title: "Block",
      disable_watermarks: true,
    },
    types: {
      duration: "string",
      content: "string",
      trim: "boolean",
      fallback: "string",
      discard_attempts: "integer",
      offline_tail: "boolean",
      stop_before_end: "boolean",
      filler_kind: "string",
      custom_title: "string",
      disable_watermarks: "boolean",
    },
    required: ["duration", "content"],
    enums: { filler_kind: FILLER_KIND },
  },
  {
    form: "pad_to_next",
    list: "instruction",
    example: {
      pad_to_next: 30,
      content: "movies",
      trim: false,
      fallback: "movies",
      discard_attempts: 0,
      filler_kind: "midroll",
      custom_title: "Filler",
      disable_watermarks: false,
    },
    types: {
      pad_to_next: "integer",
      content: "string",
      trim: "boolean",
      fallback: "string",
      discard_attempts: "integer",
      filler_kind: "string",
      custom_title: "string",
      disable_watermarks: "boolean",
    },
    required: ["pad_to_next", "content"],
    enums: { filler_kind: FILLER_KIND },
  },
  {
    form: "pad_until",
    list: "instruction",
    example: {
      pad_until: "18:30",
      content: "movies",
      tomorrow: "now > 20",
      offline_tail: false,
      trim: true,
      fallback: "movies",
      discard_attempts: 1,
      stop_before_end: true,
      filler_kind: "preroll",
      custom_title: "Evening",
      disable_watermarks: false,
    },
    types: {
      pad_until: "string",
      content: "string",
      tomorrow: "boolean|string",
      offline_tail: "boolean",
      trim: "boolean",
      fallback: "string",
      discard_attempts: "integer",
      stop_before_end: "boolean",
      filler_kind: "string",
      custom_title: "string",
      disable_watermarks: "boolean",
    },
    required: ["pad_until", "content"],
    enums: { filler_kind: FILLER_KIND },
  },
  {
    form: "sequence",
    list: "instruction",
    example: { sequence: "ads", repeat: 2 },
    types: { sequence: "string", repeat: "integer" },
    required: ["sequence"],
  },
  {
    form: "epg_group",
    list: "instruction",
    example: { epg_group: true, advance: false },
    types: { epg_group: "boolean", advance: "boolean" },
    required: ["epg_group"],
  },
  {
    form: "pre_roll",
    list: "instruction",
    example: { pre_roll: true, sequence: "ads" },
    types: { pre_roll: "boolean", sequence: "string" },
    required: ["pre_roll"],
  },
  {
    form: "post_roll",
    list: "instruction",
    example: { post_roll: true, sequence: "ads" },
    types: { post_roll: "boolean", sequence: "string" },
    required: ["post_roll"],
  },
  {
    form: "mid_roll",
    list: "instruction",
    example: { mid_roll: true, sequence: "ads", expression: "total_progress >= 0.5 and matched_points = 0" },
    types: { mid_roll: "boolean", sequence: "string", expression: "string" },
    required: ["mid_roll"],
  },
  {
    form: "repeat",
    list: "instruction",
    example: { repeat: true },
    types: { repeat: "boolean" },
    required: ["repeat"],
  },
  {
    form: "shuffle_sequence",
    list: "instruction",
    example: { shuffle_sequence: "ads" },
    types: { shuffle_sequence: "string" },
    required: ["shuffle_sequence"],
  },
  {
    form: "skip_items",
    list: "instruction",
    example: { skip_items: "random % 4 + 1", content: "movies" },
    types: { skip_items: "integer|string", content: "string" },
    required: ["skip_items", "content"],
  },
  {
    form: "skip_to_item",
    list: "instruction",
    example: { skip_to_item: null, content: "movies", season: 2, episode: 5 },
    types: { skip_to_item: "null", content: "string", season: "integer", episode: "integer" },
    required: ["skip_to_item", "content", "season", "episode"],
  },
  {
    form: "wait_until",
    list: "instruction",
    example: { wait_until: "6:00 AM", tomorrow: true, rewind_on_reset: false },
    types: { wait_until: "string", tomorrow: "boolean", rewind_on_reset: "boolean" },
    required: ["wait_until"],
  },
  {
    form: "watermark",
    list: "instruction",
    example: { watermark: true, name: "Logo" },
    types: { watermark: "boolean", name: "string" },
    required: ["watermark"],
  },
  // ----- reset (spec §2.5) -----
  {
    form: "rewind",
    list: "reset",
    example: { rewind: "00:05:30" },
    types: { rewind: "string" },
    required: ["rewind"],
  },
  {
    form: "skip_items",
    list: "reset",
    example: { skip_items: 3, content: "movies" },
    types: { skip_items: "integer|string", content: "string" },
    required: ["skip_items", "content"],
  },
  {
    form: "skip_to_item",
    list: "reset",
    example: { skip_to_item: null, content: "movies", season: 0, episode: 1 },
    types: { skip_to_item: "null", content: "string", season: "integer", episode: "integer" },
    required: ["skip_to_item", "content", "season", "episode"],
  },
  {
    form: "wait_until",
    list: "reset",
    example: { wait_until: "8:00am", tomorrow: false, rewind_on_reset: true },
    types: { wait_until: "string", tomorrow: "boolean", rewind_on_reset: "boolean" },
    required: ["wait_until"],
  },
];

/** A value of the wrong type for each tag, and the message it must produce. */
export function wrongTypeFor(tag: TypeTag, property: string): { value: unknown; message: string } {
  switch (tag) {
    case "null":
      return { value: "x", message: `"${property}" takes no value; write "${property}:" with nothing after it` };
    case "string":
      return { value: [1], message: "expected a string, got a list" };
    case "integer":
      return { value: "x", message: `expected an integer, got a string ("x")` };
    case "boolean":
      return { value: 3, message: "expected true or false, got an integer (3)" };
    case "integer|string":
      return { value: true, message: "expected an integer or a string, got true" };
    case "boolean|string":
      return { value: 3, message: "expected a boolean or a string, got an integer (3)" };
    case "list":
      return { value: "x", message: `expected a list, got a string ("x")` };
  }
}
