import type { EnumeratorState, ItemAnchor } from "./state";

/**
 * Saved states come back from storage as untyped JSON. These guards accept a state only when it has the
 * expected order and well-formed fields; anything else is treated as "no saved state" (start fresh),
 * never as an error, so a corrupt row cannot break a build.
 */
type StateFor<O extends EnumeratorState["order"]> = EnumeratorState extends infer S
  ? S extends { order: infer Orders }
    ? O extends Orders
      ? S
      : never
    : never
  : never;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function isUint32(value: unknown): value is number {
  return isCount(value) && value <= 0xffffffff;
}

function isOptional(value: unknown, check: (v: unknown) => boolean): boolean {
  return value === undefined || check(value);
}

function isAnchor(value: unknown): value is ItemAnchor {
  return isRecord(value) && typeof value.id === "number" && typeof value.kind === "string";
}

function isSorted(s: Record<string, unknown>): boolean {
  return isCount(s.index) && isOptional(s.last, isAnchor);
}

function isShuffle(s: Record<string, unknown>): boolean {
  return (
    isUint32(s.seed) &&
    isCount(s.pass) &&
    isCount(s.index) &&
    isUint32(s.signature) &&
    isOptional(s.avoid, (v) => typeof v === "number") &&
    isOptional(s.last, (v) => typeof v === "number") &&
    isOptional(s.randomStart, (v) => typeof v === "boolean")
  );
}

function isPositional(s: Record<string, unknown>): boolean {
  return isUint32(s.seed) && isCount(s.position);
}

function isRotation(s: Record<string, unknown>): boolean {
  return isPositional(s) && isOptional(s.previousGroup, (v) => typeof v === "string");
}

function isGrouped(s: Record<string, unknown>): boolean {
  return (
    isUint32(s.seed) &&
    isCount(s.round) &&
    isCount(s.slot) &&
    isCount(s.taken) &&
    isOptional(s.current, (v) => typeof v === "string") &&
    isOptional(s.avoid, (v) => typeof v === "string") &&
    isRecord(s.children)
  );
}

const CHECKS: Record<EnumeratorState["order"], (s: Record<string, unknown>) => boolean> = {
  chronological: isSorted,
  seasonEpisode: isSorted,
  shuffle: isShuffle,
  shuffleInOrder: isShuffle,
  multiEpisodeShuffle: isShuffle,
  random: isPositional,
  randomRotation: isRotation,
  marathon: isGrouped,
  playlist: isGrouped,
};

export function readState<O extends EnumeratorState["order"]>(state: unknown, order: O): StateFor<O> | undefined {
  if (!isRecord(state) || state.v !== 1 || state.order !== order) return undefined;
  return CHECKS[order](state) ? (state as unknown as StateFor<O>) : undefined;
}
