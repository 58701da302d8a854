import type { EntityManager } from "typeorm";
import { ChannelRepository } from "./channel-repository";
import { FFmpegProfileRepository, ResolutionRepository } from "./ffmpeg-profile-repository";
import { SettingRepository } from "./setting-repository";

/** Every repository, bound to one entity manager (a transaction's, or the plain one for reads). */
export interface Repositories {
  channels: ChannelRepository;
  ffmpegProfiles: FFmpegProfileRepository;
  resolutions: ResolutionRepository;
  settings: SettingRepository;
}

export function createRepositories(manager: EntityManager): Repositories {
  return {
    channels: new ChannelRepository(manager),
    ffmpegProfiles: new FFmpegProfileRepository(manager),
    resolutions: new ResolutionRepository(manager),
    settings: new SettingRepository(manager),
  };
}

export { ChannelRepository, FFmpegProfileRepository, ResolutionRepository, SettingRepository };
