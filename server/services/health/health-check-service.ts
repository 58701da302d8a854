/**
 * Health checks, each with a status, a one-line reason and what to do: the Health page,
 * `GET /api/v1/health/checks` and GraphQL `healthChecks` all read `run()`.
 */
import type { AppConfig } from "../../config/app-config";
import type { Database } from "../../db/database";
import { HardwareAcceleration, LibraryKind } from "../../domain/enums";
import type { FFmpegInfoSource, FFmpegTrialRunner } from "../../domain/ffmpeg-info";
import type { GuideService } from "../guide-service";
import { channelChecks, guideCheck, libraryPathChecks, remoteStreamChecks, scanChecks, type ChannelCoverage } from "./content-checks";
import type { HealthCheck } from "./health-types";
import { accelerationChecks, diskCheck, ffmpegChecks, writeKeyCheck } from "./system-checks";

export interface HealthDependencies {
  db: Database;
  dataDir: string;
  config: Pick<AppConfig, "server" | "api">;
  guide: Pick<GuideService, "lastBuiltAt">;
  ffmpegInfo?: FFmpegInfoSource;
  trials?: FFmpegTrialRunner;
  clock: () => number;
}

export class HealthCheckService {
  constructor(private readonly deps: HealthDependencies) {}

  async run(): Promise<HealthCheck[]> {
    const { db, clock } = this.deps;
    const now = clock();
    const [info, statuses, disk, lastGuide] = await Promise.all([
      this.deps.ffmpegInfo?.info(),
      this.deps.trials?.accelerations() ?? Promise.resolve([]),
      diskCheck(this.deps.dataDir),
      this.deps.guide.lastBuiltAt(),
    ]);
    const { libraries, coverage, profilesUsing, failedStreams } = await db.read(async (repos) => {
      const [libraries, channels, profiles] = await Promise.all([repos.libraries.list(), repos.channels.list(), repos.ffmpegProfiles.list()]);
      const coverage: ChannelCoverage[] = [];
      for (const channel of channels.filter((c) => c.isEnabled)) {
        const playout = await repos.playouts.findByChannel(channel.mirrorSourceChannelId ?? channel.id);
        const finish = playout ? await repos.playouts.lastFinish(playout.id) : null;
        // A mirror plays its source's timeline shifted by its offset.
        const offsetMs = channel.mirrorSourceChannelId ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0;
        coverage.push({ channel, playout, lastFinish: finish === null ? null : finish + offsetMs });
      }
      const profilesUsing = new Map<string, string[]>();
      for (const p of profiles.filter((p) => p.hardwareAcceleration !== HardwareAcceleration.None)) {
        profilesUsing.set(p.hardwareAcceleration, [...(profilesUsing.get(p.hardwareAcceleration) ?? []), p.name]);
      }
      const failedStreams = libraries.some((l) => l.kind === LibraryKind.RemoteStreams) ? await repos.mediaItems.failedStreamsSince(now - 24 * 3_600_000) : [];
      return { libraries, coverage, profilesUsing, failedStreams };
    });
    return [
      ...ffmpegChecks(info),
      ...accelerationChecks(statuses, profilesUsing),
      disk,
      writeKeyCheck(this.deps.config),
      ...(await libraryPathChecks(libraries)),
      ...scanChecks(libraries),
      ...remoteStreamChecks(libraries, failedStreams, now),
      ...channelChecks(coverage, now),
      guideCheck(lastGuide, now),
    ];
  }
}
