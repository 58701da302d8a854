/** Environment variables through which the server hands a scan to a scanner child process. */
export const SCANNER_ENV = {
  url: "AIRWAVE_SCAN_URL",
  force: "AIRWAVE_SCAN_FORCE",
  ffprobe: "AIRWAVE_SCAN_FFPROBE",
  ffmpeg: "AIRWAVE_SCAN_FFMPEG",
  dataDir: "AIRWAVE_SCAN_DATA_DIR",
  concurrency: "AIRWAVE_SCAN_CONCURRENCY",
} as const;
