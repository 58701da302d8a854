/** Duration formatting for FFmpeg time options (`-ss`, `-t`). */

/** `hh:mm:ss.mmm` for a non-negative millisecond count (FFmpeg's duration syntax). */
export function formatFfmpegDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const millis = total % 1000;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(millis, 3)}`;
}

/** Seconds with up to millisecond precision and no trailing zeros (`1.5`, `90`). */
export function formatSeconds(ms: number): string {
  return String(Math.round(ms) / 1000);
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}
