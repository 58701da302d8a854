import { compileBooleanExpression, constantBoolean } from "../grammar/expression";
import { TOMORROW_VARIABLES } from "../grammar/expression-variables";
import { parseDuration } from "../grammar/duration";
import { parseTimeOfDay } from "../grammar/time-of-day";
import type { ElementReader } from "./element-reader";
import type {
  AllInstruction,
  CountInstruction,
  DurationInstruction,
  FillerKind,
  PadToNextInstruction,
  PadUntilInstruction,
} from "./model";
import { quote } from "./describe-value";

const FILLER_KINDS: readonly FillerKind[] = ["none", "preroll", "postroll", "midroll"];
const MIDNIGHT = { hour: 0, minute: 0, second: 0 };

/** Fields every content-scheduling instruction has (reference §4.0). */
function contentTarget(r: ElementReader) {
  const customTitle = r.optionalString("custom_title");
  return {
    location: r.location(),
    content: r.contentKey("content"),
    customTitle: customTitle === undefined || customTitle.trim() === "" ? undefined : customTitle,
    fillerKind: r.oneOf("filler_kind", FILLER_KINDS),
    disableWatermarks: r.boolean("disable_watermarks", false),
  };
}

/** Fields of the duration-family fill loop (reference §4.3). */
function fill(r: ElementReader) {
  const discardAttempts = r.integer("discard_attempts", 0);
  if (discardAttempts < 0) r.fail("discard_attempts", "discard_attempts must not be negative");
  return { ...contentTarget(r), trim: r.boolean("trim", false), fallback: r.optionalContentKey("fallback"), discardAttempts };
}

/** `stop_before_end: false` lets items overrun the target, so an offline tail cannot follow. */
function checkTail(r: ElementReader, offlineTail: boolean, stopBeforeEnd: boolean): void {
  if (offlineTail && !stopBeforeEnd) {
    r.failAtKey("offline_tail", "offline_tail: true cannot be combined with stop_before_end: false (items may run past the target)");
  }
}

export function normaliseAll(r: ElementReader): AllInstruction {
  return { kind: "all", ...contentTarget(r) };
}

export function normaliseCount(r: ElementReader): CountInstruction {
  const count = r.integer("count");
  if (count < 0) r.fail("count", "count must not be negative");
  return { kind: "count", ...contentTarget(r), count };
}

export function normaliseDuration(r: ElementReader): DurationInstruction {
  const text = r.optionalString("duration");
  const durationMs = r.parse("duration", `invalid duration ${quote(text ?? "")}`, parseDuration);
  if (durationMs !== undefined && durationMs <= 0) r.fail("duration", "duration must be longer than zero");
  const offlineTail = r.boolean("offline_tail", false);
  const stopBeforeEnd = r.boolean("stop_before_end", true);
  checkTail(r, offlineTail, stopBeforeEnd);
  return { kind: "duration", ...fill(r), durationMs: durationMs ?? 0, offlineTail, stopBeforeEnd };
}

export function normalisePadToNext(r: ElementReader): PadToNextInstruction {
  const minutes = r.integer("pad_to_next");
  if (Number.isSafeInteger(r.value("pad_to_next")) && (minutes < 1 || minutes > 1440)) {
    r.fail("pad_to_next", "pad_to_next must be between 1 and 1440 minutes");
  }
  return { kind: "padToNext", ...fill(r), minutes, offlineTail: true, stopBeforeEnd: true };
}

export function normalisePadUntil(r: ElementReader): PadUntilInstruction {
  const text = r.optionalString("pad_until");
  const time = r.parse("pad_until", `invalid time of day ${quote(text ?? "")}`, parseTimeOfDay);
  const offlineTail = r.boolean("offline_tail", false);
  const stopBeforeEnd = r.boolean("stop_before_end", true);
  checkTail(r, offlineTail, stopBeforeEnd);
  return {
    kind: "padUntil",
    ...fill(r),
    time: time ?? MIDNIGHT,
    tomorrow: tomorrow(r),
    offlineTail,
    stopBeforeEnd,
  };
}

/** Boolean, or an expression over `now`; omitted means false (reference §2.3, §10 item 4). */
function tomorrow(r: ElementReader): PadUntilInstruction["tomorrow"] {
  const value = r.value("tomorrow");
  if (typeof value === "boolean") return constantBoolean(value);
  if (typeof value !== "string") {
    if (value !== undefined) r.failed = true;
    return constantBoolean(false);
  }
  const compiled = compileBooleanExpression(value, TOMORROW_VARIABLES);
  if (compiled.ok) return compiled.value;
  r.fail("tomorrow", `invalid tomorrow expression: ${compiled.message}`, compiled.offset);
  return constantBoolean(false);
}
