/**
 * What a channel plays from a moment on, as the stream source service plans it and the stream
 * process owner (server/streaming) plays it.
 */
import type { StreamingMode, SubtitleMode, WatermarkPosition } from "./enums";
import type { FFmpegProfile } from "./ffmpeg-profile";

export interface StreamChannel {
  id: number;
  number: string;
  name: string;
  streamingMode: StreamingMode;
  profile: FFmpegProfile;
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
      /** A song: what its picture shows. */
      song?: SongDisplay;
      /** The watermark burned into the piece (forces a transcode). */
      watermark?: StreamWatermark;
    }
  | { kind: "offline"; limitMs: number }
  | { kind: "error"; reason: string; limitMs: number; /** The file that could not be played, when there is one. */ path?: string };

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

export interface StreamPlan {
  channel: StreamChannel;
  /** The wall-clock time the plan starts at. */
  at: number;
  content: StreamContent;
}
