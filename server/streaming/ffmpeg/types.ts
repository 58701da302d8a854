/**
 * Inputs and outputs of the FFmpeg argument builders. Everything here is plain data: the builders are
 * pure functions from these shapes to argument arrays (never a shell string).
 */
import type { SubtitleMode } from "../../domain/enums";
import type { StreamGraphic, StreamWatermark } from "../../domain/stream-plan";
import type { FFmpegProfile, Resolution } from "../../domain/ffmpeg-profile";

export type { FFmpegProfile, Resolution };

export type ScanKind = "Progressive" | "Interlaced" | "Unknown";

export interface ProbedVideoStream {
  /** Absolute stream index in the file (as ffprobe reports it), used as `0:{index}`. */
  index: number;
  codec: string;
  width: number;
  height: number;
  /** `num:den`, e.g. `32:27`; absent or `0:1` means square pixels. */
  sampleAspectRatio?: string;
  /** fps as a number or ffprobe's rational string (`24000/1001`). */
  frameRate?: number | string;
  scanKind: ScanKind;
  pixelFormat?: string;
  /** Lowercase codec profile (`high`, `constrained baseline`, `main 10`). */
  profile?: string;
  /** ffprobe's level (H.264 41 = 4.1; HEVC 123 = 4.1 × 30). */
  level?: number;
  bitDepth?: number;
  /** The stream reorders frames. */
  hasBFrames?: boolean;
  /** ffprobe's `color_transfer` (`bt709`, `smpte2084` = PQ, `arib-std-b67` = HLG). */
  colorTransfer?: string;
  /** ffprobe's `color_primaries` (`bt709`, `bt2020`). */
  colorPrimaries?: string;
  /** A Dolby Vision configuration record: profile and base-layer compatibility id (1 = HDR10, 4 = HLG, 2 = SDR). */
  dolbyVision?: { profile: number; compatibility: number };
  /** The brightest the picture gets (MaxCLL, else the mastering display's maximum), in nits. */
  maxLuminanceNits?: number;
}

export interface ProbedAudioStream {
  index: number;
  codec: string;
  channels: number;
  /** Hz. */
  sampleRate?: number;
  /** ISO 639-1 or 639-2 code as tagged in the file. */
  language?: string;
  title?: string;
  isDefault?: boolean;
}

export type SubtitleKind = "Text" | "Picture";

export interface ProbedSubtitleStream {
  index: number;
  codec: string;
  language?: string;
  forced: boolean;
  isDefault: boolean;
  kind: SubtitleKind;
  /** A sidecar subtitle file (e.g. `.srt`); when set the stream is not inside the media file. */
  externalPath?: string;
}

export interface ProbedSource {
  container?: string;
  durationMs?: number;
  video?: ProbedVideoStream;
  /** A picture attached to the file (a song's embedded cover), by absolute stream index. */
  coverArt?: { index: number };
  audio: ProbedAudioStream[];
  subtitles: ProbedSubtitleStream[];
}

/** Watermark image and placement (the stream plan's type: the plan hands it over as it is). */
export type Watermark = StreamWatermark;

/** What a song shows instead of a black frame (see song-visual.ts). */
export interface SongVisual {
  title: string;
  artist?: string;
  album?: string;
  /** A cover image file (album `cover.jpg`); else the file's embedded cover, else a generated background. */
  coverPath?: string;
  /** TrueType fonts shipped with the app. */
  fonts: { regular: string; bold: string };
}

export interface MpegTsOutput {
  kind: "mpegts";
  /** Where the muxer writes; `pipe:1` (stdout) when absent. */
  target?: string;
}

export interface HlsOutput {
  kind: "hls";
  /** Path of the media playlist FFmpeg maintains, e.g. `{dir}/live.m3u8`. */
  playlistPath: string;
  /** Segment file pattern, e.g. `{dir}/live%06d.ts`. */
  segmentFilenamePattern: string;
  /** Segment length in seconds; default 4. */
  segmentSeconds?: number;
  /** `-hls_list_size`; default 0 (keep every segment; the server trims the served playlist). */
  listSize?: number;
  /** True for every run after the first of a session: append to the playlist and mark a discontinuity. */
  continuesSession?: boolean;
  /** Let FFmpeg delete segments that fell out of the list (default false: the server cleans up). */
  deleteSegments?: boolean;
  /** Number of the run's first segment (`-start_number`), so a session's runs never reuse a file name. */
  startNumber?: number;
  /**
   * A session's first run: its first two segments are this long (`-hls_init_time`, with keyframes
   * forced at their ends), so a viewer's first segment comes sooner.
   */
  initialSegmentSeconds?: number;
}

export type OutputTarget = MpegTsOutput | HlsOutput;

/** Maps a language code to every code that names the same language (`de` → `de`,`deu`,`ger`). */
export type LanguageEquivalence = (code: string) => readonly string[];

/** What to play, from where, and how the output is delivered. */
export interface PlayRequest {
  inputPath: string;
  /** Seek into the input (ms); 0 = from the start. */
  seekMs: number;
  /** Stop after this much output (ms); the item's `finish − now`. */
  durationMs?: number;
  /** Preferred audio languages, most wanted first (the one audio track, or the default track's fallback). */
  preferredAudioLanguages?: readonly string[];
  /**
   * Several audio tracks: one per language, in this order (the first is the default track). A language the
   * source lacks carries the source's best match (by `preferredAudioLanguages`), so track numbers never
   * change. Absent or empty: one track, chosen by `preferredAudioLanguages`.
   */
  audioTracks?: readonly string[];
  /**
   * `soft`: text subtitles are left to the HLS WebVTT renditions (not burned); picture subtitles are still
   * burned in as `subtitleMode` selects. `burn` (default): the selected stream is burned in, text or picture.
   */
  subtitleDelivery?: "burn" | "soft";
  preferredSubtitleLanguage?: string;
  subtitleMode: SubtitleMode;
  watermark?: Watermark;
  /** Graphics elements drawn over the picture in order (text with `fontFile`). */
  graphics?: { elements: readonly StreamGraphic[]; fontFile: string };
  /** A song: when the input has no video, its cover and text are drawn instead of a black frame. */
  song?: SongVisual;
  /** Pace input reading at real time (`-readrate`, or `-re` on FFmpeg without it). */
  realtime: boolean;
  output: OutputTarget;
  /** Output timestamp offset (ms) so a run continues the previous run's timestamps. */
  ptsOffsetMs?: number;
  /** Written as MPEG-TS `service_name`. */
  channelName?: string;
  /** Replaces the built-in ISO 639 equivalence table. */
  languageEquivalence?: LanguageEquivalence;
  /** Why the video must be transcoded even if it fits (e.g. no keyframe to start a copy on). */
  videoCopyBlocked?: string;
  /** A remote stream: its input options (protocol whitelist, timeouts, headers); live inputs are not paced, fixed-length ones loop. */
  remoteInput?: { options: readonly string[]; live: boolean; loop: boolean };
}

/** What the installed FFmpeg can do (see capabilities-parser.ts). */
export interface EncoderCapabilities {
  encoders: ReadonlySet<string>;
  hwaccels: ReadonlySet<string>;
  filters: ReadonlySet<string>;
  /** `-readrate` exists (FFmpeg ≥ 5.0). */
  supportsReadrate: boolean;
}

/** Result of every builder: the argument vector plus anything the caller should log. */
export interface FFmpegCommand {
  args: string[];
  warnings: string[];
}
