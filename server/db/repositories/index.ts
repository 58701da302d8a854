import { ArtworkRepository } from "./artwork-repository";
import { BlockRepository } from "./block-repository";
import { CatalogRepository } from "./catalog-repository";
import type { EntityManager } from "typeorm";
import { ChannelRepository } from "./channel-repository";
import { CollectionRepository } from "./collection-repository";
import { FFmpegProfileRepository, ResolutionRepository } from "./ffmpeg-profile-repository";
import { FillerPresetRepository } from "./filler-preset-repository";
import { GuideRepository } from "./guide-repository";
import { LibraryRepository } from "./library-repository";
import { MediaItemRepository } from "./media-item-repository";
import { MediaMatchRepository } from "./media-match-repository";
import { MediaSearchRepository } from "./media-search-repository";
import { MediaSourceRepository } from "./media-source-repository";
import { MultiCollectionRepository } from "./multi-collection-repository";
import { OwnerSessionRepository } from "./owner-session-repository";
import { PlaylistRepository } from "./playlist-repository";
import { PlayoutRepository } from "./playout-repository";
import { PlayoutContentRepository } from "./playout-content-repository";
import { ScheduleRepository } from "./schedule-repository";
import { SettingRepository } from "./setting-repository";
import { SetupRepository } from "./setup-repository";
import { SmartCollectionRepository } from "./smart-collection-repository";
import { WatermarkRepository } from "./watermark-repository";
import { GraphicRepository } from "./graphic-repository";

/** Every repository, bound to one entity manager (a transaction's, or the plain one for reads). */
export interface Repositories {
  artwork: ArtworkRepository;
  blocks: BlockRepository;
  catalog: CatalogRepository;
  channels: ChannelRepository;
  collections: CollectionRepository;
  ffmpegProfiles: FFmpegProfileRepository;
  fillerPresets: FillerPresetRepository;
  guide: GuideRepository;
  libraries: LibraryRepository;
  mediaItems: MediaItemRepository;
  mediaMatch: MediaMatchRepository;
  mediaSearch: MediaSearchRepository;
  mediaSources: MediaSourceRepository;
  multiCollections: MultiCollectionRepository;
  ownerSessions: OwnerSessionRepository;
  playlists: PlaylistRepository;
  playouts: PlayoutRepository;
  playoutContent: PlayoutContentRepository;
  resolutions: ResolutionRepository;
  schedules: ScheduleRepository;
  settings: SettingRepository;
  setup: SetupRepository;
  smartCollections: SmartCollectionRepository;
  watermarks: WatermarkRepository;
  graphics: GraphicRepository;
}

export function createRepositories(manager: EntityManager): Repositories {
  return {
    artwork: new ArtworkRepository(manager),
    blocks: new BlockRepository(manager),
    catalog: new CatalogRepository(manager),
    channels: new ChannelRepository(manager),
    collections: new CollectionRepository(manager),
    ffmpegProfiles: new FFmpegProfileRepository(manager),
    fillerPresets: new FillerPresetRepository(manager),
    guide: new GuideRepository(manager),
    libraries: new LibraryRepository(manager),
    mediaItems: new MediaItemRepository(manager),
    mediaMatch: new MediaMatchRepository(manager),
    mediaSearch: new MediaSearchRepository(manager),
    mediaSources: new MediaSourceRepository(manager),
    multiCollections: new MultiCollectionRepository(manager),
    ownerSessions: new OwnerSessionRepository(manager),
    playlists: new PlaylistRepository(manager),
    playouts: new PlayoutRepository(manager),
    playoutContent: new PlayoutContentRepository(manager),
    resolutions: new ResolutionRepository(manager),
    schedules: new ScheduleRepository(manager),
    settings: new SettingRepository(manager),
    setup: new SetupRepository(manager),
    smartCollections: new SmartCollectionRepository(manager),
    watermarks: new WatermarkRepository(manager),
    graphics: new GraphicRepository(manager),
  };
}

export { ChannelRepository, CollectionRepository, FFmpegProfileRepository, LibraryRepository, MediaItemRepository, ResolutionRepository, SettingRepository };
