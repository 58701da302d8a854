/** Checks of the machine the server runs on: FFmpeg, hardware encoders, disk space, the write key. */
import fs from "node:fs";
import type { AppConfig } from "../../config/app-config";
import type { FFmpegInfo, AccelerationStatus } from "../../domain/ffmpeg-info";
import { isLoopbackHost } from "../settings-service";
import { GIB, type HealthCheck } from "./health-types";

export function ffmpegChecks(info: FFmpegInfo | undefined): HealthCheck[] {
  if (!info || !info.available) {
    const reason = info?.error ?? "FFmpeg is not configured";
    const action = "Install FFmpeg, or set its path under Settings (FFmpeg path), then restart Airwave";
    return [
      { id: "ffmpeg", title: "FFmpeg", status: "failed", reason: `FFmpeg cannot be run: ${reason}`, action },
      { id: "ffprobe", title: "ffprobe", status: info?.ffprobeVersion ? "ok" : "failed", reason: info?.ffprobeVersion ?? `ffprobe cannot be run: ${info?.ffprobeError ?? reason}`, action: info?.ffprobeVersion ? undefined : action },
    ];
  }
  const found = `${info.version ?? "found"} (${info.ffmpegSource}: ${info.ffmpegPath})`;
  const checks: HealthCheck[] = [
    info.missingFeatures.length
      ? {
          id: "ffmpeg",
          title: "FFmpeg",
          status: "warning",
          reason: `${found} lacks ${info.missingFeatures.join("; ")}`,
          action: "Install a current FFmpeg (5 or newer, with these filters) on PATH, or set its path under Settings (FFmpeg path), then restart Airwave",
        }
      : { id: "ffmpeg", title: "FFmpeg", status: "ok", reason: found },
  ];
  if (info.ffprobeVersion) checks.push({ id: "ffprobe", title: "ffprobe", status: "ok", reason: `${info.ffprobeVersion} (${info.ffprobeSource}: ${info.ffprobePath})` });
  else checks.push({ id: "ffprobe", title: "ffprobe", status: "failed", reason: `ffprobe cannot be run: ${info.ffprobeError ?? "not found"}`, action: "Install ffprobe (it comes with FFmpeg), or set its path under Settings (ffprobe path); scans fail without it" });
  return checks;
}

/** Each hardware acceleration: usable, or why not; a failure only when a profile asks for one that is not usable. */
export function accelerationChecks(statuses: readonly AccelerationStatus[], profilesUsing: ReadonlyMap<string, string[]>): HealthCheck[] {
  return statuses.map((s) => {
    const users = profilesUsing.get(s.acceleration) ?? [];
    const id = `hardware-${s.acceleration.toLowerCase()}`;
    const title = `Hardware acceleration ${s.acceleration}`;
    if (s.usable) return { id, title, status: "ok", reason: "Encodes on this machine" };
    if (users.length) {
      return { id, title, status: "failed", reason: `Not usable: ${s.reason ?? "unknown"}; used by ${users.map((n) => `"${n}"`).join(", ")}, which fall back to software encoding`, action: "Pick another hardware acceleration (or None) in those FFmpeg profiles, or install the driver" };
    }
    return { id, title, status: "info", reason: `Not usable: ${s.reason ?? "unknown"}` };
  });
}

export async function diskCheck(dataDir: string): Promise<HealthCheck> {
  const title = "Free disk space in the data folder";
  try {
    const stats = await fs.promises.statfs(dataDir);
    const free = stats.bavail * stats.bsize;
    const shown = `${(free / GIB).toFixed(1)} GiB free in ${dataDir}`;
    if (free < GIB) return { id: "disk", title, status: "failed", reason: shown, action: "Free some space: live streams and the guide cache need room to write" };
    if (free < 5 * GIB) return { id: "disk", title, status: "warning", reason: shown, action: "Free some space soon" };
    return { id: "disk", title, status: "ok", reason: shown };
  } catch (error) {
    return { id: "disk", title, status: "failed", reason: `The data folder cannot be read: ${(error as Error).message}`, action: "Check that the data folder exists and Airwave may write to it" };
  }
}

export function writeKeyCheck(config: Pick<AppConfig, "server" | "api">): HealthCheck {
  const title = "Write key";
  if (isLoopbackHost(config.server.host)) return { id: "write-key", title, status: "ok", reason: `Only this computer can reach the server (${config.server.host})` };
  if (config.api.writeKey) return { id: "write-key", title, status: "ok", reason: "Set: other machines on the network can watch but not change anything without it" };
  return {
    id: "write-key",
    title,
    status: "failed",
    reason: `The server listens beyond this computer (${config.server.host}) and no write key is set: anyone on the network may change or delete channels`,
    action: "Set a write key (Settings, or the banner at the top of the page)",
  };
}
