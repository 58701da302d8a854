import { randomUUID } from "node:crypto";
import type { Database } from "../db/database";
import type { ChannelService } from "./channel-service";
import type { FFmpegProfileService } from "./ffmpeg-profile-service";
import { SEEDED_RESOLUTIONS } from "./ffmpeg-profile-rules";

const SEED_VERSION_SETTING = "seed.version";
export const INSTALL_ID_SETTING = "install.id";

/**
 * First-start data: standard resolutions, the default profile and channel 1. Runs once per data
 * folder (a deleted channel 1 does not come back), in one transaction.
 */
export class SeedService {
  constructor(
    private readonly db: Database,
    private readonly profiles: FFmpegProfileService,
    private readonly channels: ChannelService,
  ) {}

  async seed(): Promise<void> {
    await this.db.write(async (repos) => {
      if (await repos.settings.get(SEED_VERSION_SETTING)) return;
      await repos.resolutions.seed(SEEDED_RESOLUTIONS);
      await this.profiles.seedDefaultProfile(repos, "1920x1080 x264 aac");
      await this.channels.seedFirstChannel(repos, "Airwave");
      await repos.settings.set(INSTALL_ID_SETTING, randomUUID());
      await repos.settings.set(SEED_VERSION_SETTING, "1");
    });
  }
}
