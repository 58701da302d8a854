/** Checks of what the user set up: library folders, failed scans, channels' playouts, the guide. */
import fs from "node:fs";
import type { Channel } from "../../db/entities/channel";
import type { Library } from "../../db/entities/library";
import type { Playout } from "../../db/entities/playout";
import { HOUR_MS, humanDuration, type HealthCheck } from "./health-types";

const COVERAGE_MS = 24 * HOUR_MS;

export async function libraryPathChecks(libraries: readonly Library[]): Promise<HealthCheck[]> {
  const checks: HealthCheck[] = [];
  for (const library of libraries) {
    for (const entry of library.paths ?? []) {
      const id = `library-path-${entry.id}`;
      const title = `Library folder ${entry.path}`;
      try {
        const stat = await fs.promises.stat(entry.path);
        if (!stat.isDirectory()) throw Object.assign(new Error("it is not a folder"), { code: "ENOTDIR" });
        await fs.promises.access(entry.path, fs.constants.R_OK | fs.constants.X_OK);
        checks.push({ id, title, status: "ok", reason: `Reachable (library "${library.name}")` });
      } catch (error) {
        checks.push({ id, title, status: "failed", reason: `Library "${library.name}": ${unreachable(error)}`, action: "Reconnect the drive or network share, or remove the folder from the library" });
      }
    }
  }
  return checks;
}

function unreachable(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "the folder does not exist (removed, renamed, or its drive is not connected)";
  if (code === "EACCES" || code === "EPERM") return "Airwave may not read the folder";
  if (code === "ENOTDIR") return "the path is a file, not a folder";
  return `the folder cannot be read (${(error as Error).message})`;
}

export function scanChecks(libraries: readonly Library[]): HealthCheck[] {
  const failed = libraries.filter((l) => l.lastScanSuccess === false);
  if (failed.length === 0) return [{ id: "scans", title: "Library scans", status: "ok", reason: libraries.length ? "No library's last scan failed" : "No libraries yet" }];
  return failed.map((l) => ({
    id: `scan-${l.id}`,
    title: `Scan of library "${l.name}"`,
    status: "failed" as const,
    reason: `The last scan${l.lastScan ? ` (${new Date(l.lastScan).toISOString()})` : ""} failed: ${l.lastScanMessage ?? "no reason recorded"}`,
    action: "Fix the cause, then scan the library again",
  }));
}

/** Remote stream items whose source failed in the last 24 h (scan or play), with the reason; only when remote libraries exist. */
export function remoteStreamChecks(libraries: readonly Library[], failed: ReadonlyArray<{ id: number; title: string; error: string; failedAt: number }>, now: number): HealthCheck[] {
  if (!libraries.some((l) => l.kind === "RemoteStreams")) return [];
  const title = "Remote streams";
  if (failed.length === 0) return [{ id: "remote-streams", title, status: "ok", reason: "No remote stream failed in the last 24 hours" }];
  return failed.map((f) => ({
    id: `remote-stream-${f.id}`,
    title: `Remote stream "${f.title}"`,
    status: "warning" as const,
    reason: `Failed ${humanDuration(now - f.failedAt)} ago (${new Date(f.failedAt).toISOString()}): ${f.error}`,
    action: "Check that the stream's URL still answers (open it in VLC); the channel shows its offline slate and retries while it fails",
  }));
}

export interface ChannelCoverage {
  channel: Channel;
  /** The playout the channel plays (its mirror source's, for a mirror); null when it has none. */
  playout: Playout | null;
  /** End of the playout's last item (epoch ms); null when it has none. */
  lastFinish: number | null;
}

export function channelChecks(coverage: readonly ChannelCoverage[], now: number): HealthCheck[] {
  return coverage.map(({ channel, playout, lastFinish }) => {
    const id = `channel-playout-${channel.id}`;
    const title = `Channel ${channel.number} "${channel.name}"`;
    const open = `Open the channel's playout page and build it`;
    if (!playout) return { id, title, status: "failed", reason: "Has no playout: it shows the offline slate", action: "Give the channel a playout" };
    if (playout.lastBuildSuccess === false) return { id, title, status: "failed", reason: `The last playout build failed: ${playout.lastBuildMessage ?? "no reason recorded"}`, action: open };
    if (lastFinish === null) return { id, title, status: "failed", reason: "The playout has nothing scheduled", action: "Add content to the playout, then build it" };
    if (lastFinish < now) return { id, title, status: "failed", reason: `The schedule ended ${humanDuration(now - lastFinish)} ago`, action: open };
    if (lastFinish < now + COVERAGE_MS) return { id, title, status: "failed", reason: `The schedule ends in ${humanDuration(lastFinish - now)}, less than the next 24 h`, action: open };
    return { id, title, status: "ok", reason: `Scheduled for the next ${humanDuration(lastFinish - now)}` };
  });
}

export function guideCheck(lastBuiltAt: number | null, now: number): HealthCheck {
  const title = "Programme guide";
  if (lastBuiltAt === null) return { id: "guide", title, status: "info", reason: "No media player has fetched the guide (XMLTV) yet" };
  return { id: "guide", title, status: "ok", reason: `Last built ${humanDuration(now - lastBuiltAt)} ago (${new Date(lastBuiltAt).toISOString()})` };
}
