/** What the installed FFmpeg is and can do, for the API and the UI's settings page. */
export interface FFmpegInfo {
  ffmpegPath: string;
  ffprobePath: string;
  /** configured, path, bundled (from the npm registry) or missing. */
  ffmpegSource: string;
  ffprobeSource: string;
  available: boolean;
  /** First line of `ffmpeg -version`. */
  version?: string;
  /** Why FFmpeg could not be asked. */
  error?: string;
  supportsReadrate: boolean;
  videoEncoders: string[];
  audioEncoders: string[];
  hardwareAccelerations: string[];
}

/** Implemented by the process owner that runs FFmpeg (server/streaming). */
export interface FFmpegInfoSource {
  info(): Promise<FFmpegInfo>;
}
