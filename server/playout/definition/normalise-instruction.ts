import type { ElementReader } from "./element-reader";
import type { FormSpec } from "./forms";
import type { Instruction, InstructionKind, ResetInstruction } from "./model";
import {
  normaliseEpgGroup,
  normaliseMidRoll,
  normalisePostRoll,
  normalisePreRoll,
  normaliseRepeat,
  normaliseRewind,
  normaliseSequence,
  normaliseShuffleSequence,
  normaliseSkipItems,
  normaliseSkipToItem,
  normaliseWaitUntil,
  normaliseWatermark,
} from "./normalise-control";
import {
  normaliseAll,
  normaliseCount,
  normaliseDuration,
  normalisePadToNext,
  normalisePadUntil,
} from "./normalise-scheduling";

const INSTRUCTION_NORMALISERS: Readonly<Record<InstructionKind, (r: ElementReader) => Instruction>> = {
  all: normaliseAll,
  count: normaliseCount,
  duration: normaliseDuration,
  padToNext: normalisePadToNext,
  padUntil: normalisePadUntil,
  sequence: normaliseSequence,
  epgGroup: normaliseEpgGroup,
  preRoll: normalisePreRoll,
  postRoll: normalisePostRoll,
  midRoll: normaliseMidRoll,
  repeat: normaliseRepeat,
  shuffleSequence: normaliseShuffleSequence,
  skipItems: normaliseSkipItems,
  skipToItem: normaliseSkipToItem,
  waitUntil: normaliseWaitUntil,
  watermark: normaliseWatermark,
};

const RESET_NORMALISERS: Readonly<Record<ResetInstruction["kind"], (r: ElementReader) => ResetInstruction>> = {
  rewind: normaliseRewind,
  skipItems: normaliseSkipItems,
  skipToItem: normaliseSkipToItem,
  waitUntil: normaliseWaitUntil,
};

/** The model of one `playout`/`sequence` item; undefined when unusable (already reported). */
export function normaliseInstruction(form: FormSpec, r: ElementReader): Instruction | undefined {
  const instruction = INSTRUCTION_NORMALISERS[form.kind as InstructionKind](r);
  return r.failed ? undefined : instruction;
}

/** The model of one `reset` item; undefined when unusable (already reported). */
export function normaliseResetInstruction(form: FormSpec, r: ElementReader): ResetInstruction | undefined {
  const instruction = RESET_NORMALISERS[form.kind as ResetInstruction["kind"]](r);
  return r.failed ? undefined : instruction;
}
