export type { MediaItem, MediaItemId, MediaKind, Chapter, MediaGuid } from "./types";
export type { ContentEnumerator, EnumerationOrder } from "./enumerator";
export type {
  EnumeratorState,
  ItemAnchor,
  SortedState,
  ShuffleState,
  RandomState,
  RotationState,
  GroupedState,
} from "./state";
export { anchorOf } from "./state";
export { readState } from "./state-guards";
export { createEnumerator, type EnumeratorSpec, type EnumeratorStart } from "./factory";
export { createSimpleEnumerator, type SimpleOrder, type SimpleOrderOptions } from "./enumerators/simple";
export { classicMarathonItemOrder, type MarathonOptions, type MarathonItemOrder } from "./enumerators/marathon";
export { marathonGroupOf, type MarathonGroupBy } from "./enumerators/marathon-groups";
export type { PlaylistEntry, PlaylistOptions } from "./enumerators/playlist";
export { defaultOrderedGroups, type OrderedGroup } from "./enumerators/shuffle-in-order";
export type { MultiEpisodeTemplate } from "./enumerators/multi-episode-shuffle";
export { rotationGroupOf } from "./enumerators/random-rotation";
export { partNumberFromTitle, partNumberOf, groupMultiPartEpisodes } from "./multi-part";
export { compareChronological, compareSeasonEpisode } from "./sort-keys";
export { ContentHistory, historyKey, type HistoryEntry } from "./history";
export { SIMPLE_ORDER, multiCollectionOptions } from "./playback-order";
