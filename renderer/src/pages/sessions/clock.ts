/** Seconds as `hh:mm:ss` (positions in a file, offsets of a checkpoint). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
}
