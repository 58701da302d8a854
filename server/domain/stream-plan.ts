/**
 * What a channel plays from a moment on, as the stream source service plans it and the stream
 * process owner (server/streaming) plays it.
 */
import type { GraphicPosition, StreamingMode, SubtitleMode, VersionPreference, WatermarkPosition } from "./enums";
import type { FFmpegProfile } from "./ffmpeg-profile";
import type { RemoteScheme } from "./remote-stream";

export interface StreamChannel {
  id: number;
  number: string;
  name: string;
  streamingMode: StreamingMode;
  profile: FFmpegProfile;
  /** Several audio tracks: their languages in order (slates carry as many silent tracks). */
  audioTracks?: string[];
  /** Soft subtitles: the WebVTT rendition languages (MPEG-TS viewers get burn-in instead). */
  softSubtitles?: string[];
}

export type StreamContent =
  | {
      kind: "media";
      /** The file; for a media-source item without a local copy, its `media-source://` name (shown, never read). */
      path: string;
      /** What FFmpeg reads instead of `path`: the server's loopback proxy of a media-source item's stream. */
      inputUrl?: string;
      seekMs: number;
      limitMs: number;
      filler: boolean;
      preferredAudioLanguages: string[];
      preferredSubtitleLanguage?: string;
      subtitleMode: SubtitleMode;
      /** The channel's audio tracks, one per language (absent: one track by `preferredAudioLanguages`). */
      audioTracks?: string[];
      /** Soft subtitles: text subtitles are HLS WebVTT renditions in these languages (not burned in). */
      softSubtitles?: string[];
      /** A song: what its picture shows. */
      song?: SongDisplay;
      /** The watermark burned into the piece (forces a transcode). */
      watermark?: StreamWatermark;
      /** Graphics elements drawn over the piece, in order (force a transcode). */
      graphics?: StreamGraphic[];
      /** A remote stream item: FFmpeg reads this source (`path` is the item's file, shown, never read). */
      remote?: StreamRemoteSource;
      /**
       * An item with several readable versions: each one (`path`/`inputUrl` above are the first's); the stream
       * process owner plays the one `versionPreference` picks for the channel's profile.
       */
      versions?: StreamVersion[];
      versionPreference?: VersionPreference;
    }
  | { kind: "offline"; limitMs: number }
  | { kind: "error"; reason: string; limitMs: number; /** The file that could not be played, when there is one. */ path?: string };

/** One version of an item: where FFmpeg reads it and what tells it from the others. */
export interface StreamVersion {
  path: string;
  inputUrl?: string;
  label: string | null;
}

/** A remote stream as a piece plays it (URL and headers already checked against the remote stream rules). */
export interface StreamRemoteSource {
  mediaItemId: number;
  url: string;
  scheme: RemoteScheme;
  headers: Record<string, string>;
  /** Live: read from now on for the piece's time; otherwise a fixed-length item looped from `seekMs`. */
  live: boolean;
}

/** Title, artist and album of a song, and its cover image (a file of the artwork cache) when it has one. */
export interface SongDisplay {
  title: string;
  artist?: string;
  album?: string;
  coverPath?: string;
}

/** A watermark as the argument builder draws it; the image is a file inside the data folder. */
export interface StreamWatermark {
  imagePath: string;
  position: WatermarkPosition;
  /** Share of the output width (%). */
  widthPercent: number;
  /** 0..100 */
  opacityPercent: number;
  horizontalMarginPercent: number;
  verticalMarginPercent: number;
  /** Drawn at the image's own pixel size; `widthPercent` is then not used. */
  actualSize?: boolean;
  /** Shown only for the first `durationSeconds` of every `frequencySeconds`; absent: shown all the time. */
  intermittent?: WatermarkCycle;
}

/**
 * When an intermittent watermark shows. Cycles are counted on the wall clock, so each piece of a stream
 * continues the same rhythm: `phaseSeconds` is how far into a cycle the piece starts.
 */
export interface WatermarkCycle {
  frequencySeconds: number;
  durationSeconds: number;
  phaseSeconds: number;
}

/**
 * A graphics element as the argument builder draws it over one piece of a stream. Everything that depends
 * on the programme (placeholders, when it shows) is already resolved for the piece: times count in ms from
 * the piece's first frame, so each piece of an HLS session draws its own programme's text and the session's
 * segment numbering runs on.
 */
export interface StreamGraphic {
  draw: GraphicText | GraphicImage;
  position: GraphicPosition;
  /** Margins as a share of the frame width and height (%). */
  horizontalMarginPercent: number;
  verticalMarginPercent: number;
  /** Share of the frame height (%): the font size of text, the height of an image. */
  sizePercent: number;
  /** 0..100 */
  opacityPercent: number;
  /** Fade in and out over this long (0: none). */
  fadeMs: number;
  when: GraphicTiming;
}

export interface GraphicText {
  kind: "text";
  /** Lines of text; a line is literal runs and clock runs (drawn live by FFmpeg). */
  lines: TextRun[][];
  /** `0xRRGGBB`. */
  color: string;
  /** A background box behind the text. */
  box?: { color: string; opacityPercent: number };
}

export type TextRun = { text: string } | { clock: ClockRun };

/** The wall clock, written with a strftime format; `offsetSeconds` is the zone's local time (as UTC seconds) at the piece's first frame. */
export interface ClockRun {
  format: string;
  offsetSeconds: number;
}

/** An image file inside the data folder. */
export interface GraphicImage {
  kind: "image";
  imagePath: string;
}

/** When the element shows during a piece: always, one window (ms from the piece's start), or a wall-clock cycle. */
export type GraphicTiming =
  | { kind: "always" }
  | { kind: "window"; fromMs: number; toMs: number }
  | { kind: "cycle"; periodMs: number; showMs: number; phaseMs: number };

export interface StreamPlan {
  channel: StreamChannel;
  /** The wall-clock time the plan starts at. */
  at: number;
  content: StreamContent;
}
