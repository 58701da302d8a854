import type { FillerPreset } from "../../../db/entities/filler-preset";
import type { FillerKind, FillerMode } from "../../../domain/enums";
import type { FillerPresetInput } from "../../../services/filler-preset-input";
import { toContentTargetDto, type ContentTargetDto } from "./content-target-dto";
import { formatTimeSpan } from "../../../services/validation/time-span";

export type FillerPresetDto = ContentTargetDto & {
  /** @isInt */
  id: number;
  name: string;
  fillerKind: FillerKind;
  /** Absent for Tail and Fallback. */
  fillerMode?: FillerMode;
  /** Duration mode: `hh:mm:ss`. */
  duration?: string;
  /** Count and RandomCount modes. @isInt */
  count?: number;
  /** Pad mode. @isInt */
  padToNearestMinute?: number;
  allowWatermarks: boolean;
  /** MidRoll: which chapter breaks get filler. */
  expression?: string;
  useChaptersAsMediaItems: boolean;
};

/** Body of POST and PUT; PUT replaces every field. */
export type FillerPresetRequest = FillerPresetInput;

const opt = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

export function toFillerPresetDto(f: FillerPreset): FillerPresetDto {
  return {
    id: f.id,
    name: f.name,
    fillerKind: f.kind,
    fillerMode: opt(f.mode),
    duration: f.durationSeconds === null ? undefined : formatTimeSpan(f.durationSeconds),
    count: opt(f.count),
    padToNearestMinute: opt(f.padToNearestMinute),
    allowWatermarks: f.allowWatermarks,
    ...toContentTargetDto(f.target),
    expression: opt(f.expression),
    useChaptersAsMediaItems: f.useChaptersAsMediaItems,
  };
}
