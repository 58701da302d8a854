/** On-demand states and skip results as both transports return them. */
import type { OnDemandStateView, SkipSummary } from "../../services/on-demand-service";
import { toPlayoutItemDto, type PlayoutItemDto } from "./playout-view";

export interface OnDemandCheckpointDto {
  /** The item the channel resumes in; absent when it paused in a gap. @isInt */
  itemId?: number;
  title?: string;
  /** Seconds into the item. */
  offsetSeconds: number;
}

export interface OnDemandStateDto {
  /** @isInt */
  channelId: number;
  channelNumber: string;
  channelName: string;
  /** True while someone watches (the timeline runs). */
  playing: boolean;
  /** When the last viewer left; absent while playing. */
  pausedSince?: string;
  /** Where the channel resumes; absent while playing. */
  checkpoint?: OnDemandCheckpointDto;
}

export interface SkipResultDto {
  /** @isInt */
  channelId: number;
  /** When the next item starts: now, or a paused channel's checkpoint. */
  at: string;
  /** How much was skipped: every later item moved this much earlier. */
  skippedSeconds: number;
  /** The item that plays from `at`. */
  next?: PlayoutItemDto;
}

export function toOnDemandStateDto(s: OnDemandStateView): OnDemandStateDto {
  return {
    channelId: s.channelId,
    channelNumber: s.channelNumber,
    channelName: s.channelName,
    playing: s.playing,
    pausedSince: s.pausedSince === null ? undefined : new Date(s.pausedSince).toISOString(),
    checkpoint: s.checkpoint ? toCheckpointDto(s.checkpoint) : undefined,
  };
}

export function toCheckpointDto(c: NonNullable<OnDemandStateView["checkpoint"]>): OnDemandCheckpointDto {
  return { itemId: c.itemId ?? undefined, title: c.title ?? undefined, offsetSeconds: c.offsetMs / 1000 };
}

export function toSkipResultDto(s: SkipSummary): SkipResultDto {
  return { channelId: s.channelId, at: new Date(s.at).toISOString(), skippedSeconds: s.skippedMs / 1000, next: s.next ? toPlayoutItemDto(s.next) : undefined };
}
