import fc from "fast-check";
import { stringify } from "yaml";

/** Builders for definitions that follow the spec's forms, with every reference resolvable. */

const DURATIONS = ["30 minutes", "1h30m", "2 hours, 10 minutes 58 seconds", "1.5 hours", "0:30", "00:30:00", "45s", "1 day"];
const TIMES = ["18:30", "08:00", "8:00", "6:00 AM", "9:00 PM", "8:00am", "23:59:59", "6 pm"];
const REWINDS = ["00:05:30", "2", "1.02:00:00", "00:00:10.5"];
const SKIP_EXPRESSIONS = ["count / 2", "random", "random % 4 + 1", "2", "if(count > 3, 3, count)", "floor(count / 3)"];
const TOMORROW_EXPRESSIONS = ["now > 20", "true", "now >= 22 or now < 1", "not (now < 12)"];
const CHAPTER_EXPRESSIONS = [
  "true",
  "(point > 5 * 60) and (last_mid_filler > 5 * 60) and (matched_points < 2)",
  "title == 'here'",
  "total_progress >= 0.5",
];
const ORDERS = ["chronological", "shuffle"];
const FILLER_KINDS = ["none", "preroll", "postroll", "midroll"];

type Json = Record<string, unknown>;

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,12}$/);
const guid = fc.record({
  source: fc.constantFrom("tvdb", "imdb", "tmdb"),
  value: fc.oneof(fc.integer({ min: 1, max: 999999 }), fc.stringMatching(/^tt[0-9]{4,8}$/)),
});

function optional(record: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<Json> {
  return fc.record(record, { requiredKeys: [] }) as fc.Arbitrary<Json>;
}

function contentForm(key: string): fc.Arbitrary<Json> {
  const order = fc.constantFrom(...ORDERS);
  return fc.oneof(
    fc.record({ show: fc.constant(null), key: fc.constant(key), guids: fc.array(guid, { minLength: 1, maxLength: 3 }), order }),
    fc.record({ search: fc.constant(null), key: fc.constant(key), query: name, order }),
    fc.record({ collection: name, key: fc.constant(key), order }),
    fc.record({ multi_collection: name, key: fc.constant(key), order }),
    fc.record({ smart_collection: name, key: fc.constant(key), order }),
    fc.record({ playlist: name, playlist_group: name, key: fc.constant(key) }),
    fc
      .tuple(
        fc.record({ marathon: fc.constant(null), key: fc.constant(key), group_by: fc.constantFrom("show", "season", "artist", "album") }),
        fc.oneof(fc.record({ guids: fc.array(guid, { minLength: 1, maxLength: 2 }) }), fc.record({ searches: fc.array(name, { minLength: 1, maxLength: 2 }) })),
        optional({ item_order: order, play_all_items: fc.boolean(), shuffle_groups: fc.boolean() }),
      )
      .map(([base, source, extra]) => ({ ...base, ...source, ...extra })),
  );
}

interface Context {
  contentKeys: string[];
  /** Sequences this instruction may inline without making a cycle. */
  inlinable: string[];
  /** A sequence that holds only roll-safe instructions, if any. */
  rollSafe?: string;
  inReset: boolean;
}

function contentTarget(ctx: Context): fc.Arbitrary<Json> {
  return fc
    .tuple(
      fc.record({ content: fc.constantFrom(...ctx.contentKeys) }),
      optional({ custom_title: name, filler_kind: fc.constantFrom(...FILLER_KINDS), disable_watermarks: fc.boolean() }),
    )
    .map(([a, b]) => ({ ...a, ...b }));
}

function fillFields(ctx: Context): fc.Arbitrary<Json> {
  return optional({ trim: fc.boolean(), fallback: fc.constantFrom(...ctx.contentKeys), discard_attempts: fc.integer({ min: 0, max: 3 }) });
}

function withExtras(base: fc.Arbitrary<Json>, ...extras: Array<fc.Arbitrary<Json>>): fc.Arbitrary<Json> {
  return fc.tuple(base, ...extras).map((parts) => Object.assign({}, ...parts) as Json);
}

/** Content instructions only: safe inside roll sequences. */
function scheduling(ctx: Context): fc.Arbitrary<Json> {
  const tail = fc.constantFrom<Json>({}, { offline_tail: false }, { stop_before_end: false }, { offline_tail: true, stop_before_end: true });
  return fc.oneof(
    withExtras(fc.constant({ all: null }), contentTarget(ctx)),
    withExtras(fc.record({ count: fc.integer({ min: 0, max: 5 }) }), contentTarget(ctx)),
    withExtras(fc.record({ duration: fc.constantFrom(...DURATIONS) }), contentTarget(ctx), fillFields(ctx), tail),
    withExtras(fc.record({ pad_to_next: fc.integer({ min: 1, max: 1440 }) }), contentTarget(ctx), fillFields(ctx)),
    withExtras(
      fc.record({ pad_until: fc.constantFrom(...TIMES) }),
      contentTarget(ctx),
      fillFields(ctx),
      tail,
      optional({ tomorrow: fc.oneof(fc.boolean(), fc.constantFrom(...TOMORROW_EXPRESSIONS)) }),
    ),
    withExtras(fc.record({ epg_group: fc.boolean() }), optional({ advance: fc.boolean() })),
    fc.oneof(fc.record({ watermark: fc.constant(true), name }), withExtras(fc.record({ watermark: fc.constant(false) }), optional({ name }))),
  );
}

function skipping(ctx: Context): fc.Arbitrary<Json> {
  return fc.oneof(
    fc.record({
      skip_items: fc.oneof(fc.integer({ min: 0, max: 10 }), fc.constantFrom(...SKIP_EXPRESSIONS)),
      content: fc.constantFrom(...ctx.contentKeys),
    }),
    fc.record({
      skip_to_item: fc.constant(null),
      content: fc.constantFrom(...ctx.contentKeys),
      season: fc.integer({ min: 0, max: 20 }),
      episode: fc.integer({ min: 1, max: 30 }),
    }),
    withExtras(
      fc.record({ wait_until: fc.constantFrom(...TIMES) }),
      optional({ tomorrow: fc.boolean(), rewind_on_reset: ctx.inReset ? fc.boolean() : fc.constant(false) }),
    ),
  );
}

function control(ctx: Context): fc.Arbitrary<Json> {
  const options: Array<fc.Arbitrary<Json>> = [
    skipping(ctx),
    fc.record({ repeat: fc.boolean() }),
    fc.constantFrom<Json>({ pre_roll: false }, { post_roll: false }, { mid_roll: false }),
  ];
  if (ctx.inlinable.length > 0) {
    options.push(
      withExtras(fc.record({ sequence: fc.constantFrom(...ctx.inlinable) }), optional({ repeat: fc.integer({ min: 1, max: 3 }) })),
      fc.record({ shuffle_sequence: fc.constantFrom(...ctx.inlinable) }),
    );
  }
  if (ctx.rollSafe) {
    const sequence = fc.constant(ctx.rollSafe);
    options.push(
      fc.record({ pre_roll: fc.constant(true), sequence }),
      fc.record({ post_roll: fc.constant(true), sequence }),
      withExtras(fc.record({ mid_roll: fc.constant(true), sequence }), optional({ expression: fc.constantFrom(...CHAPTER_EXPRESSIONS) })),
    );
  }
  return fc.oneof(...options);
}

function instruction(ctx: Context): fc.Arbitrary<Json> {
  return fc.oneof(scheduling(ctx), control(ctx));
}

function resetInstruction(ctx: Context): fc.Arbitrary<Json> {
  return fc.oneof(fc.record({ rewind: fc.constantFrom(...REWINDS) }), skipping({ ...ctx, inReset: true }));
}

/** Reorders an object's keys; the form must not depend on key order. */
function shuffledKeys(value: Json, priorities: number[]): Json {
  const keys = Object.keys(value);
  const order = keys.map((key, i) => ({ key, p: priorities[i % priorities.length] ?? i })).sort((a, b) => a.p - b.p);
  return Object.fromEntries(order.map(({ key }) => [key, value[key]]));
}

export const validDefinition: fc.Arbitrary<Json> = fc
  .record({ contentCount: fc.integer({ min: 1, max: 4 }), sequenceCount: fc.integer({ min: 0, max: 3 }) })
  .chain(({ contentCount, sequenceCount }) => {
    const contentKeys = Array.from({ length: contentCount }, (_, i) => `c${i}`);
    const sequenceKeys = Array.from({ length: sequenceCount }, (_, i) => `s${i}`);
    const base: Context = { contentKeys, inlinable: [], inReset: false, rollSafe: undefined };
    const rollSafe = sequenceKeys[0];
    const sequences = sequenceKeys.map((key, i) =>
      fc.record({
        key: fc.constant(key),
        // s0 only holds roll-safe instructions; later sequences may inline earlier ones (never a cycle).
        items: fc.array(i === 0 ? scheduling(base) : instruction({ ...base, inlinable: sequenceKeys.slice(0, i), rollSafe }), {
          minLength: 1,
          maxLength: 3,
        }),
      }),
    );
    const full: Context = { ...base, inlinable: sequenceKeys, rollSafe };
    return fc.record({
      content: fc.tuple(...contentKeys.map(contentForm)),
      sequence: sequences.length > 0 ? fc.tuple(...sequences) : fc.constant([]),
      reset: fc.array(resetInstruction(full), { maxLength: 3 }),
      playout: fc.array(instruction(full), { minLength: 1, maxLength: 6 }),
      priorities: fc.array(fc.integer(), { minLength: 1, maxLength: 8 }),
    });
  })
  .map(({ priorities, ...definition }) => ({
    ...definition,
    playout: definition.playout.map((item) => shuffledKeys(item, priorities)),
  }));

export const validDefinitionText: fc.Arbitrary<string> = fc
  .tuple(validDefinition, fc.constantFrom<"block" | "flow" | "any">("block", "flow", "any"))
  .map(([definition, collectionStyle]) => stringify(definition, { collectionStyle }));

type Mutation = (text: string, position: number, extra: string) => string;

const MUTATIONS: Mutation[] = [
  (text, p) => text.slice(0, p) + text.slice(p + 1),
  (text, p, extra) => text.slice(0, p) + extra + text.slice(p),
  (text, p, extra) => text.slice(0, p) + extra + text.slice(p + extra.length),
  (text, p) => text.slice(0, p),
  (text, p) => {
    const lines = text.split("\n");
    const i = p % lines.length;
    lines.splice(i, 1);
    return lines.join("\n");
  },
  (text, p) => {
    const lines = text.split("\n");
    const i = p % lines.length;
    lines.splice(i, 0, lines[i]);
    return lines.join("\n");
  },
  (text, p) => {
    const lines = text.split("\n");
    const i = p % lines.length;
    lines[i] = "  " + lines[i];
    return lines.join("\n");
  },
];

const MUTATION_TEXT = fc.constantFrom(
  "x",
  ":",
  "- ",
  "\n",
  "  ",
  "'",
  '"',
  "[",
  "}",
  "&a ",
  "*a",
  "#",
  "null",
  "-1",
  "0",
  "\t",
  "conent",
  "sequence: s0",
  "repeat: 2",
  "all:",
  "!!binary",
  "? ",
);

/** Every path to a value inside a parsed document, the root included. */
function pathsIn(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== "object") return [prefix];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return [prefix, ...entries.flatMap(([key, child]) => pathsIn(child, [...prefix, key]))];
}

/** A copy of `root` with the value at `path` replaced, or removed when `replacement` is undefined. */
function replaceAt(root: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement ?? null;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement !== undefined) parent[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
}

const KEY_NAMES = fc.constantFrom("x", "content", "sequence", "repeat", "key", "all", "name", "contnet", "items");

/** One value somewhere in the definition replaced by arbitrary JSON, deleted, or given a sibling key. */
function structuralMutation(pool: Json[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...pool), fc.nat(), fc.option(fc.jsonValue({ maxDepth: 2 }), { nil: undefined }), fc.option(KEY_NAMES, { nil: undefined }))
    .map(([definition, which, replacement, siblingKey]) => {
      const paths = pathsIn(definition);
      const path = paths[which % paths.length];
      const mutated =
        siblingKey !== undefined && path.length > 0
          ? replaceAt(definition, [...path.slice(0, -1), siblingKey], replacement ?? null)
          : replaceAt(definition, path, replacement);
      return stringify(mutated);
    });
}

/** Characters and lines inserted, deleted, duplicated or re-indented in the YAML text. */
function textMutation(pool: string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...pool), fc.array(fc.tuple(fc.nat(), fc.nat({ max: MUTATIONS.length - 1 }), MUTATION_TEXT), { minLength: 1, maxLength: 4 }))
    .map(([text, mutations]) =>
      mutations.reduce((current, [position, which, extra]) => MUTATIONS[which](current, position % (current.length + 1), extra), text),
    );
}

/**
 * Mutations of valid definitions. The valid starting points come from a pool drawn once, since
 * building a definition costs far more than mutating and validating it.
 */
export function mutatedDefinitionText(poolSize: number): fc.Arbitrary<string> {
  const pool = fc.sample(validDefinition, poolSize);
  return fc.oneof(structuralMutation(pool), textMutation(pool.map((definition) => stringify(definition))));
}

const TOKENS = [
  "playout:", "content:", "sequence:", "reset:", "import:", "- ", "  ", "\n", ": ", "all:", "count: 3", "duration: '1h'",
  "key: k", "collection: c", "order: shuffle", "[", "]", "{", "}", ",", "&a", "*a", "'", "\"", "#", "|", ">", "!", "?",
  "~", "null", "true", "0x1F", ".inf", "---", "...", "%YAML 1.2", "\t", "\\", "pad_until: 25:00", "items:", "<<: *a",
];

export const randomYamlishText: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((parts) => parts.join("")),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
);
