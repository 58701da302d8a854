/** Environment variables through which the server hands a scanner child process what stays the same for every scan. */
export const SCANNER_ENV = {
  ffprobe: "AIRWAVE_SCAN_FFPROBE",
  ffmpeg: "AIRWAVE_SCAN_FFMPEG",
  dataDir: "AIRWAVE_SCAN_DATA_DIR",
  concurrency: "AIRWAVE_SCAN_CONCURRENCY",
} as const;
