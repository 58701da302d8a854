import type { FillerPreset } from "../../../db/entities/filler-preset";
import type { CollectionType, FillerKind, FillerMode } from "../../../domain/enums";
import type { FillerPresetInput } from "../../../services/filler-preset-input";
import { formatTimeSpan } from "../../../services/validation/time-span";

export interface FillerPresetDto {
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
  collectionType: CollectionType;
  /** @isInt */
  collectionId?: number;
  /** @isInt */
  mediaItemId?: number;
  /** @isInt */
  multiCollectionId?: number;
  /** @isInt */
  smartCollectionId?: number;
  /** @isInt */
  playlistId?: number;
  /** MidRoll: which chapter breaks get filler. */
  expression?: string;
  useChaptersAsMediaItems: boolean;
}

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
    collectionType: f.collectionType,
    collectionId: opt(f.collectionId),
    mediaItemId: opt(f.mediaItemId),
    multiCollectionId: opt(f.multiCollectionId),
    smartCollectionId: opt(f.smartCollectionId),
    playlistId: opt(f.playlistId),
    expression: opt(f.expression),
    useChaptersAsMediaItems: f.useChaptersAsMediaItems,
  };
}
