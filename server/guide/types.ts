/** Inputs of the M3U and XMLTV writers. Plain data; times are epoch milliseconds. */
import type { FillerKind, GuideMode, StreamingMode } from "../domain/enums";

export interface GuideChannel {
  /** `"1"`, `"1.1"`, `"12.25"` */
  number: string;
  name: string;
  /** The channel's GUID. */
  uniqueId: string;
  /** M3U `group-title`. */
  group?: string;
  /** XMLTV `<category>`s; a comma-separated string or a list (split, trimmed, de-duplicated). */
  categories?: string | readonly string[];
  /**
   * An absolute `http(s)` URL (an external logo, used as is) or a cached-artwork key served at
   * `/iptv/logos/{key}.jpg`. Absent: the generated logo `/iptv/logos/gen?text={name}`.
   */
  logo?: string;
  streamingMode: StreamingMode;
  /** Disabled channels are left out of the M3U. */
  isEnabled?: boolean;
  /** Lowercase codec names for `tvc-stream-vcodec` / `tvc-stream-acodec`, e.g. `h264`, `aac`. */
  videoCodec?: string;
  audioCodec?: string;
}

/** Kinds of filler, plus the two guide-only kinds (`GuideMode` = hidden from the guide). */
export type GuideFillerKind = FillerKind | "GuideMode" | "DecoDefault";

export type ProgrammeKind = "Movie" | "Episode" | "MusicVideo" | "OtherVideo" | "Song" | "RemoteStream";

/** One playout item as the guide sees it. */
export interface GuideItem {
  start: number;
  finish: number;
  /** Block playouts / Duration items: the span the guide shows for the item's block. */
  guideStart?: number;
  guideFinish?: number;
  kind: ProgrammeKind;
  /** Movie title, show title (for episodes), or item title. */
  title: string;
  /** Episode title. */
  subtitle?: string;
  description?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  releaseDate?: string;
  genres?: readonly string[];
  /** Poster (movie / show) and still (episode thumbnail): absolute URL, or a server path starting with `/`. */
  posterUrl?: string;
  thumbnailUrl?: string;
  /** The programme's `<icon>` when not the poster (else poster, else thumbnail). */
  iconUrl?: string;
  /** e.g. `us:PG-13`; several values separated by `/`. */
  contentRating?: string;
  fillerKind?: GuideFillerKind;
  /** `Filler` hides the item from the guide (it is merged like `GuideMode` filler). */
  guideMode?: GuideMode;
  /** Items of one guide group are shown as one programme. */
  guideGroup?: number;
  /** Shown instead of the item's own title (and groups items under it). */
  customTitle?: string;
  /**
   * Items with the same id show the same metadata (every field from `kind` to `contentRating`, e.g.
   * the media item's id): a writer may reuse the text it made for one. Absent: nothing is reused.
   */
  metadataId?: number;
}

/** One programme of the guide, after filler merging and grouping. */
export interface GuideProgramme {
  start: number;
  stop: number;
  /** The item whose metadata the programme shows. */
  item: GuideItem;
  /** Set when a custom title replaces the item's metadata. */
  customTitle?: string;
}

/** Where absolute URLs point and how requests are authorised. */
export interface UrlContext {
  /** `{scheme}://{host}{pathBase}`, no trailing slash needed. */
  baseUrl: string;
  /** JWT appended as `access_token` to the URLs this server serves. */
  accessToken?: string;
}
