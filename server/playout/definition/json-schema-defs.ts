/**
 * The `$defs` shared by the YAML Playout schema and its import schema, transcribed from the spec's
 * tables (spec §2.2-2.5). Every object form has `additionalProperties: false`.
 */

export type JsonSchema = { readonly [keyword: string]: unknown };

const STRING = { type: "string" } as const;
const INTEGER = { type: "integer" } as const;
const BOOLEAN = { type: "boolean" } as const;
/** A marker key written with no value (`show:`), which YAML reads as null. */
const EMPTY_MARKER = { type: "null" } as const;

export function ref(defName: string): JsonSchema {
  return { $ref: `#/$defs/${defName}` };
}

function form(description: string, properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: "object", description, properties, required, additionalProperties: false };
}

/** Properties every content-scheduling instruction accepts. */
const CONTENT_TARGET = {
  content: STRING,
  custom_title: STRING,
  filler_kind: ref("fillerKind"),
  disable_watermarks: BOOLEAN,
};

export const CONTENT_DEFS: Record<string, JsonSchema> = {
  order: { type: "string", enum: ["chronological", "shuffle"] },
  groupBy: { type: "string", enum: ["show", "season", "artist", "album"] },
  guid: form(
    "A guid that identifies a show, e.g. source tvdb, value 79168.",
    { source: STRING, value: { type: ["integer", "string"] } },
    ["source", "value"],
  ),
  showContent: form(
    "All episodes of the first show matching one of the guids.",
    { show: EMPTY_MARKER, key: STRING, guids: { type: "array", minItems: 1, items: ref("guid") }, order: ref("order") },
    ["show", "key", "guids", "order"],
  ),
  searchContent: form(
    "The results of a search query.",
    { search: EMPTY_MARKER, key: STRING, query: STRING, order: ref("order") },
    ["search", "key", "query", "order"],
  ),
  collectionContent: form(
    "A collection, by name.",
    { collection: STRING, key: STRING, order: ref("order") },
    ["collection", "key", "order"],
  ),
  multiCollectionContent: form(
    "A multi collection, by name.",
    { multi_collection: STRING, key: STRING, order: ref("order") },
    ["multi_collection", "key", "order"],
  ),
  smartCollectionContent: form(
    "A smart collection, by name.",
    { smart_collection: STRING, key: STRING, order: ref("order") },
    ["smart_collection", "key", "order"],
  ),
  playlistContent: form(
    "A playlist, by group and name; the playlist's own item settings decide the order.",
    { playlist: STRING, playlist_group: STRING, key: STRING },
    ["playlist", "playlist_group", "key"],
  ),
  marathonContent: form(
    "Shows and search results grouped by show, season, artist or album.",
    {
      marathon: EMPTY_MARKER,
      key: STRING,
      guids: { type: "array", minItems: 1, items: ref("guid") },
      searches: { type: "array", items: STRING },
      group_by: ref("groupBy"),
      item_order: ref("order"),
      play_all_items: BOOLEAN,
      shuffle_groups: BOOLEAN,
    },
    ["marathon", "key"],
  ),
  content: {
    description: "One content definition; its form is chosen by its marker key.",
    oneOf: [
      ref("showContent"),
      ref("searchContent"),
      ref("collectionContent"),
      ref("multiCollectionContent"),
      ref("smartCollectionContent"),
      ref("playlistContent"),
      ref("marathonContent"),
    ],
  },
};

export const INSTRUCTION_DEFS: Record<string, JsonSchema> = {
  fillerKind: { type: "string", enum: ["none", "preroll", "postroll", "midroll"] },
  allInstruction: form("Play every item of the content once.", { all: EMPTY_MARKER, ...CONTENT_TARGET }, ["all", "content"]),
  countInstruction: form("Play a number of items.", { count: INTEGER, ...CONTENT_TARGET }, ["count", "content"]),
  durationInstruction: form(
    "Fill a length of time, e.g. \"30 minutes\".",
    {
      duration: STRING,
      content: STRING,
      trim: BOOLEAN,
      fallback: STRING,
      discard_attempts: INTEGER,
      offline_tail: BOOLEAN,
      stop_before_end: BOOLEAN,
      filler_kind: ref("fillerKind"),
      custom_title: STRING,
      disable_watermarks: BOOLEAN,
    },
    ["duration", "content"],
  ),
  padToNextInstruction: form(
    "Fill up to the next boundary of this many minutes past the hour.",
    {
      pad_to_next: INTEGER,
      content: STRING,
      trim: BOOLEAN,
      fallback: STRING,
      discard_attempts: INTEGER,
      filler_kind: ref("fillerKind"),
      custom_title: STRING,
      disable_watermarks: BOOLEAN,
    },
    ["pad_to_next", "content"],
  ),
  padUntilInstruction: form(
    "Fill until a time of day, e.g. \"18:30\".",
    {
      pad_until: STRING,
      content: STRING,
      tomorrow: { type: ["boolean", "string"] },
      offline_tail: BOOLEAN,
      trim: BOOLEAN,
      fallback: STRING,
      discard_attempts: INTEGER,
      stop_before_end: BOOLEAN,
      filler_kind: ref("fillerKind"),
      custom_title: STRING,
      disable_watermarks: BOOLEAN,
    },
    ["pad_until", "content"],
  ),
  sequenceInstruction: form(
    "Insert the items of a sequence, repeat times.",
    { sequence: STRING, repeat: INTEGER },
    ["sequence"],
  ),
  epgGroupInstruction: form("Start (true) or end (false) one guide entry.", { epg_group: BOOLEAN, advance: BOOLEAN }, [
    "epg_group",
  ]),
  preRollInstruction: form("Play a sequence before each item (true) or stop (false).", { pre_roll: BOOLEAN, sequence: STRING }, [
    "pre_roll",
  ]),
  postRollInstruction: form("Play a sequence after each item (true) or stop (false).", { post_roll: BOOLEAN, sequence: STRING }, [
    "post_roll",
  ]),
  midRollInstruction: form(
    "Play a sequence at chapter breaks (true) or stop (false).",
    { mid_roll: BOOLEAN, sequence: STRING, expression: STRING },
    ["mid_roll"],
  ),
  repeatInstruction: form("Go back to the first playout instruction.", { repeat: BOOLEAN }, ["repeat"]),
  shuffleSequenceInstruction: form("Shuffle the instructions inserted from a sequence.", { shuffle_sequence: STRING }, [
    "shuffle_sequence",
  ]),
  skipItemsInstruction: form(
    "Skip a number of items of the content.",
    { skip_items: { type: ["integer", "string"] }, content: STRING },
    ["skip_items", "content"],
  ),
  skipToItemInstruction: form(
    "Make an episode the next item of the content.",
    { skip_to_item: EMPTY_MARKER, content: STRING, season: INTEGER, episode: INTEGER },
    ["skip_to_item", "content", "season", "episode"],
  ),
  waitUntilInstruction: form(
    "Move the schedule to a time of day without playing anything.",
    { wait_until: STRING, tomorrow: BOOLEAN, rewind_on_reset: BOOLEAN },
    ["wait_until"],
  ),
  watermarkInstruction: form("Turn a watermark on (true) or off (false).", { watermark: BOOLEAN, name: STRING }, ["watermark"]),
  instruction: {
    description: "One playout instruction; its form is chosen by its leading key.",
    oneOf: [
      ref("allInstruction"),
      ref("countInstruction"),
      ref("durationInstruction"),
      ref("padToNextInstruction"),
      ref("padUntilInstruction"),
      ref("sequenceInstruction"),
      ref("epgGroupInstruction"),
      ref("preRollInstruction"),
      ref("postRollInstruction"),
      ref("midRollInstruction"),
      ref("repeatInstruction"),
      ref("shuffleSequenceInstruction"),
      ref("skipItemsInstruction"),
      ref("skipToItemInstruction"),
      ref("waitUntilInstruction"),
      ref("watermarkInstruction"),
    ],
  },
  sequenceDefinition: form(
    "A named, reusable list of instructions.",
    { key: STRING, items: { type: "array", minItems: 1, items: ref("instruction") } },
    ["key", "items"],
  ),
};

export const RESET_DEFS: Record<string, JsonSchema> = {
  rewindInstruction: form("Move the start of a reset build back by a time span, e.g. \"00:05:30\".", { rewind: STRING }, [
    "rewind",
  ]),
  resetInstruction: {
    description: "One instruction run only when the playout is reset.",
    oneOf: [ref("rewindInstruction"), ref("skipItemsInstruction"), ref("skipToItemInstruction"), ref("waitUntilInstruction")],
  },
};
