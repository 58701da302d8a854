import type { FillerKind } from "../domain/enums";

/**
 * One item of a channel's timeline as every playout builder produces it (or an offline gap,
 * `mediaItemId: null`). Times are epoch ms. Builders fill the optional fields they know about.
 */
export interface TimelineItem {
  start: number;
  finish: number;
  mediaItemId: number | null;
  inPointMs: number;
  outPointMs: number;
  fillerKind: FillerKind;
  /** Items sharing a number form one guide entry; 0 for offline gaps. */
  guideGroup: number;
  customTitle?: string;
  disableWatermarks: boolean;
  /** Where the item came from (content key, schedule item, block item), for diagnostics; null for gaps. */
  contentKey: string | null;
  watermarkIds?: number[];
  /** The schedule or block item's graphics elements, and whether they add to (`Add`) or replace (`Replace`) the channel's. */
  graphicsIds?: number[];
  graphicsMode?: string;
  hiddenFromGuide?: boolean;
  /** Guide times when they differ from the item's own (e.g. a guide entry spanning several items). */
  guideStart?: number;
  guideFinish?: number;
  preferredAudioLanguageCode?: string;
  preferredSubtitleLanguageCode?: string;
  subtitleMode?: string;
  /** A file outside the library played directly (ExternalJson); `mediaItemId` is then null. */
  externalPath?: string;
  externalMetadata?: ExternalMetadata;
}

/** Guide metadata an external programme brings with it. */
export interface ExternalMetadata {
  title: string;
  showTitle?: string;
  season?: number;
  episode?: number;
  year?: number;
  icon?: string;
  type?: string;
}
