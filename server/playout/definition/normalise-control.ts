import { compileBooleanExpression, compileIntegerExpression, constantBoolean, constantInteger } from "../grammar/expression";
import { CHAPTER_VARIABLES, SKIP_ITEMS_VARIABLES, type ChapterVariables } from "../grammar/expression-variables";
import { parseRewind } from "../grammar/rewind";
import { parseTimeOfDay } from "../grammar/time-of-day";
import { quote } from "./describe-value";
import type { ElementReader } from "./element-reader";
import type {
  EpgGroupInstruction,
  MidRollInstruction,
  PostRollInstruction,
  PreRollInstruction,
  RepeatInstruction,
  RewindInstruction,
  SequenceInstruction,
  ShuffleSequenceInstruction,
  SkipItemsInstruction,
  SkipToItemInstruction,
  WaitUntilInstruction,
  WatermarkInstruction,
} from "./model";
import type { RollKind } from "./references";

const MIDNIGHT = { hour: 0, minute: 0, second: 0 };

export function normaliseSequence(r: ElementReader): SequenceInstruction {
  const repeat = r.integer("repeat", 1);
  if (Number.isSafeInteger(r.value("repeat")) && repeat < 1) r.fail("repeat", "repeat must be at least 1 (it is the number of times the sequence is inserted)");
  return { kind: "sequence", location: r.location(), sequence: r.sequenceKey("sequence", { inlines: true }) ?? "", repeat };
}

export function normaliseEpgGroup(r: ElementReader): EpgGroupInstruction {
  return { kind: "epgGroup", location: r.location(), enabled: r.boolean("epg_group", false), advance: r.boolean("advance", true) };
}

/** `<roll>: true` needs a sequence; upstream silently turns the roll off instead (reference §4.9). */
function rollSequence(r: ElementReader, roll: RollKind): string | null {
  const enabled = r.boolean(roll, false);
  const sequence = r.sequenceKey("sequence", enabled ? { roll } : {});
  if (enabled && !r.has("sequence")) {
    r.failAtKey(roll, `${roll}: true needs a "sequence" to play; write ${roll}: false to turn it off`);
  }
  return enabled ? (sequence ?? null) : null;
}

export function normalisePreRoll(r: ElementReader): PreRollInstruction {
  return { kind: "preRoll", location: r.location(), sequence: rollSequence(r, "pre_roll") };
}

export function normalisePostRoll(r: ElementReader): PostRollInstruction {
  return { kind: "postRoll", location: r.location(), sequence: rollSequence(r, "post_roll") };
}

export function normaliseMidRoll(r: ElementReader): MidRollInstruction {
  const sequence = rollSequence(r, "mid_roll");
  const source = r.optionalString("expression");
  let filter = constantBoolean<ChapterVariables>(true);
  if (source !== undefined) {
    const compiled = compileBooleanExpression(source, CHAPTER_VARIABLES);
    if (compiled.ok) filter = compiled.value;
    else r.fail("expression", `invalid mid-roll expression: ${compiled.message}`, compiled.offset);
  }
  return { kind: "midRoll", location: r.location(), sequence, filter };
}

export function normaliseRepeat(r: ElementReader): RepeatInstruction {
  return { kind: "repeat", location: r.location(), enabled: r.boolean("repeat", true) };
}

export function normaliseShuffleSequence(r: ElementReader): ShuffleSequenceInstruction {
  return { kind: "shuffleSequence", location: r.location(), sequence: r.sequenceKey("shuffle_sequence") ?? "" };
}

export function normaliseSkipItems(r: ElementReader): SkipItemsInstruction {
  const value = r.value("skip_items");
  const content = r.contentKey("content");
  const base = { kind: "skipItems" as const, location: r.location(), content };
  if (typeof value === "string") {
    const compiled = compileIntegerExpression(value, SKIP_ITEMS_VARIABLES);
    if (compiled.ok) return { ...base, items: compiled.value };
    r.fail("skip_items", `invalid skip_items expression: ${compiled.message}`, compiled.offset);
    return { ...base, items: constantInteger(0) };
  }
  const items = r.integer("skip_items");
  if (items < 0) r.fail("skip_items", "skip_items must not be negative");
  return { ...base, items: constantInteger(items) };
}

export function normaliseSkipToItem(r: ElementReader): SkipToItemInstruction {
  const season = r.integer("season");
  const episode = r.integer("episode");
  if (season < 0) r.fail("season", "season must be 0 or more");
  if (r.has("episode") && Number.isSafeInteger(r.value("episode")) && episode < 1) r.fail("episode", "episode must be 1 or more");
  return { kind: "skipToItem", location: r.location(), content: r.contentKey("content"), season, episode };
}

/**
 * `rewind_on_reset` is honoured only in the reset list (reference §4.16, §10 item 7); in playout
 * upstream would move the cursor back on every pass of a Reset build and never finish.
 */
export function normaliseWaitUntil(r: ElementReader): WaitUntilInstruction {
  const text = r.optionalString("wait_until");
  const time = r.parse("wait_until", `invalid time of day ${quote(text ?? "")}`, parseTimeOfDay);
  const rewindOnReset = r.boolean("rewind_on_reset", false);
  if (rewindOnReset && r.owner.section !== "reset") {
    r.failAtKey("rewind_on_reset", "rewind_on_reset only works in the reset list; remove it here or move this wait_until to reset");
  }
  return { kind: "waitUntil", location: r.location(), time: time ?? MIDNIGHT, tomorrow: r.boolean("tomorrow", false), rewindOnReset };
}

/** Upstream's `watermark: true` without a name clears all watermarks (reference §4.17); we ask for intent. */
export function normaliseWatermark(r: ElementReader): WatermarkInstruction {
  const enabled = r.boolean("watermark", false);
  const name = r.optionalString("name");
  if (enabled && !r.has("name")) {
    r.failAtKey("watermark", `watermark: true needs a "name"; write watermark: false to remove all watermarks`);
  }
  return { kind: "watermark", location: r.location(), enabled, name: name ?? null };
}

export function normaliseRewind(r: ElementReader): RewindInstruction {
  const text = r.optionalString("rewind");
  const ms = r.parse("rewind", `invalid rewind ${quote(text ?? "")}`, parseRewind);
  if (ms !== undefined && ms < 0) r.fail("rewind", "rewind must not be negative; use wait_until to move forward");
  return { kind: "rewind", location: r.location(), ms: ms ?? 0 };
}
