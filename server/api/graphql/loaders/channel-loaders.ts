import DataLoader from "dataloader";
import type { FFmpegProfile } from "../../../db/entities/ffmpeg-profile";
import type { Playout } from "../../../db/entities/playout";
import type { Services } from "../../../services";

/** Batched loads behind channels: one query per field per response, not one per channel. */
export interface ChannelLoaders {
  ffmpegProfile: DataLoader<number, FFmpegProfile | undefined>;
  playoutIdByChannel: DataLoader<number, number | null>;
  playoutByChannel: DataLoader<number, Playout | null>;
  defaultProfileId: () => Promise<number>;
}

export function createChannelLoaders(services: Services): ChannelLoaders {
  let defaultProfileId: Promise<number> | undefined;
  return {
    ffmpegProfile: new DataLoader(async (ids) => {
      const profiles = await services.ffmpegProfiles.getMany(ids);
      const byId = new Map(profiles.map((p) => [p.id, p]));
      return ids.map((id) => byId.get(id));
    }),
    playoutIdByChannel: new DataLoader(async (ids) => {
      const playouts = await services.channels.playoutIds();
      return ids.map((id) => playouts.get(id) ?? null);
    }),
    playoutByChannel: new DataLoader(async (channelIds) => {
      const byChannel = new Map((await services.playouts.list()).map((p) => [p.channelId, p]));
      return channelIds.map((id) => byChannel.get(id) ?? null);
    }),
    defaultProfileId: () => (defaultProfileId ??= services.ffmpegProfiles.getDefaultProfileId()),
  };
}
