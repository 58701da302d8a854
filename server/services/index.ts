import type { Database } from "../db/database";
import { ChannelService } from "./channel-service";
import { FFmpegProfileService } from "./ffmpeg-profile-service";
import { SeedService } from "./seed-service";

/** Every service, wired once per running server and shared by REST and GraphQL. */
export interface Services {
  channels: ChannelService;
  ffmpegProfiles: FFmpegProfileService;
  seed: SeedService;
}

export function createServices(db: Database): Services {
  const ffmpegProfiles = new FFmpegProfileService(db);
  const channels = new ChannelService(db, ffmpegProfiles);
  return { channels, ffmpegProfiles, seed: new SeedService(db, ffmpegProfiles, channels) };
}
