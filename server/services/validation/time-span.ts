/** Parses a signed `hh:mm:ss` (hours may exceed 23) into seconds; undefined when malformed. */
export function parseTimeSpan(value: string): number | undefined {
  const match = /^([+-])?(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(value.trim());
  if (!match) return undefined;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4]);
  return match[1] === "-" ? -seconds : seconds;
}

/** Formats seconds as a signed `hh:mm:ss` (`-01:30:00`). */
export function formatTimeSpan(totalSeconds: number): string {
  const sign = totalSeconds < 0 ? "-" : "";
  const abs = Math.abs(totalSeconds);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}:${pad(abs % 60)}`;
}
