import DataLoader from "dataloader";
import type { FFmpegProfile } from "../../db/entities/ffmpeg-profile";
import type { Services } from "../../services";

/** Per-request state of a GraphQL operation. */
export interface GraphqlContext {
  services: Services;
  /** Scheme and host the client used, for absolute URLs. */
  baseUrl: string;
  /** The request carried the write key, or none is configured. */
  mayWrite: boolean;
  loaders: {
    ffmpegProfile: DataLoader<number, FFmpegProfile | undefined>;
    playoutIdByChannel: DataLoader<number, number | null>;
    defaultProfileId: () => Promise<number>;
  };
}

export function createGraphqlContext(services: Services, baseUrl: string, mayWrite: boolean): GraphqlContext {
  let defaultProfileId: Promise<number> | undefined;
  return {
    services,
    baseUrl,
    mayWrite,
    loaders: {
      // One query for every channel's profile in a response, not one per channel.
      ffmpegProfile: new DataLoader(async (ids) => {
        const profiles = await services.ffmpegProfiles.getMany(ids);
        const byId = new Map(profiles.map((p) => [p.id, p]));
        return ids.map((id) => byId.get(id));
      }),
      playoutIdByChannel: new DataLoader(async (ids) => {
        const playouts = await services.channels.playoutIds();
        return ids.map((id) => playouts.get(id) ?? null);
      }),
      defaultProfileId: () => (defaultProfileId ??= services.ffmpegProfiles.getDefaultProfileId()),
    },
  };
}
