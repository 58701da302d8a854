/** One health check as every API shows it. */
export type HealthStatus = "ok" | "info" | "warning" | "failed";

export interface HealthCheck {
  /** Stable id, e.g. `ffmpeg`, `library-path-3`, `channel-playout-7`. */
  id: string;
  /** What was checked, e.g. "Library folder /media/films". */
  title: string;
  status: HealthStatus;
  /** One line saying what was found. */
  reason: string;
  /** What to do about it; absent when nothing needs doing. */
  action?: string;
}

export const GIB = 1024 ** 3;
export const HOUR_MS = 3_600_000;

/** "3 h 20 min", "45 min", "2 d 4 h": a duration for a reason text. */
export function humanDuration(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}
