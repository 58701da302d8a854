/** Bodies of the scripted-build API (camelCase; each maps onto one YAML playout form). */

export type ContentOrder = "chronological" | "shuffle";

export interface AddCollectionInput {
  key: string;
  collection: string;
  order?: ContentOrder;
}
export interface AddSmartCollectionInput {
  key: string;
  smartCollection: string;
  order?: ContentOrder;
}
export interface AddMultiCollectionInput {
  key: string;
  multiCollection: string;
  order?: ContentOrder;
}
export interface AddSearchInput {
  key: string;
  query: string;
  order?: ContentOrder;
}
export interface AddShowInput {
  key: string;
  /** Provider → id, e.g. `{ "imdb": "tt0096697" }`. */
  guids: Record<string, string>;
  order?: ContentOrder;
}
export interface AddPlaylistInput {
  key: string;
  playlist: string;
  playlistGroup: string;
}
export interface AddMarathonInput {
  key: string;
  groupBy: "show" | "season" | "artist" | "album";
  itemOrder?: ContentOrder;
  guids?: Record<string, string>;
  searches?: string[];
  playAllItems?: boolean;
  shuffleGroups?: boolean;
}

export type ScriptFillerKind = "none" | "preroll" | "postroll" | "midroll";

interface ItemOptions {
  content: string;
  customTitle?: string;
  fillerKind?: ScriptFillerKind;
  disableWatermarks?: boolean;
}
export type AddAllInput = ItemOptions;
export interface AddCountInput extends ItemOptions {
  /** @isInt */
  count: number;
}
interface PadOptions extends ItemOptions {
  fallback?: string;
  trim?: boolean;
  /** @isInt */
  discardAttempts?: number;
}
export interface AddDurationInput extends PadOptions {
  /** `hh:mm:ss` or a duration like `90 minutes`. */
  duration: string;
  stopBeforeEnd?: boolean;
  offlineTail?: boolean;
}
export interface PadToNextInput extends PadOptions {
  /** @isInt */
  minutes: number;
}
export interface PadUntilInput extends PadOptions {
  /** Local time of day, `HH:mm` or `HH:mm:ss`. */
  when: string;
  tomorrow?: boolean;
  stopBeforeEnd?: boolean;
  offlineTail?: boolean;
}
export interface PadUntilExactInput extends PadOptions {
  /** ISO 8601 date-time, within a day after the current time. */
  when: string;
  stopBeforeEnd?: boolean;
  offlineTail?: boolean;
}
export interface WaitUntilInput {
  when: string;
  tomorrow?: boolean;
  rewindOnReset?: boolean;
}
export interface WaitUntilExactInput {
  /** ISO 8601 date-time, within a day after the current time. */
  when: string;
  rewindOnReset?: boolean;
}
export interface StartEpgGroupInput {
  advance?: boolean;
}
export interface WatermarkInput {
  name?: string;
}
export interface SkipItemsInput {
  content: string;
  /** @isInt */
  count: number;
}
export interface SkipToItemInput {
  content: string;
  /** @isInt */
  season: number;
  /** @isInt */
  episode: number;
}

/** Where the build stands. */
export interface ScriptedContext {
  /** Where the next item would start (ISO 8601). */
  currentTime: string;
  startTime: string;
  finishTime: string;
  isDone: boolean;
}

export interface PeekNext {
  content: string;
  /** Duration of the next item that content would play; null when it has none. */
  milliseconds: number | null;
}
