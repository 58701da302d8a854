import type { Database } from "../db/database";
import { BuildMode } from "../domain/enums";
import { ChannelService } from "./channel-service";
import { CollectionService } from "./collection-service";
import type { FFmpegInfoSource } from "./ffmpeg-info";
import { FFmpegProfileService } from "./ffmpeg-profile-service";
import { GuideService, type GuideSettings } from "./guide-service";
import { IptvTokenService } from "./iptv-token-service";
import { LibraryService } from "./library-service";
import type { ScanLauncher } from "./library-scanning";
import { MaintenanceService } from "./maintenance-service";
import { MediaService } from "./media-service";
import { MultiCollectionService } from "./multi-collection-service";
import { PlaylistService } from "./playlist-service";
import { PlayoutValidationService } from "./playout-validation-service";
import { PlayoutContentService } from "./playout-content-service";
import { PlayoutService, type PlayoutSettings } from "./playout-service";
import { SequentialKind } from "./playout-kinds/sequential-kind";
import { ExternalJsonKind } from "./playout-kinds/external-json-kind";
import { ScanCallbackService } from "./scan-callback-service";
import { ScheduleService } from "./schedule-service";
import { SeedService } from "./seed-service";
import { SmartCollectionService } from "./smart-collection-service";

/** Every service, wired once per running server and shared by REST and GraphQL. */
export interface Services {
  channels: ChannelService;
  collections: CollectionService;
  ffmpegProfiles: FFmpegProfileService;
  ffmpegInfo?: FFmpegInfoSource;
  guide: GuideService;
  iptvTokens: IptvTokenService;
  libraries: LibraryService;
  scanCallbacks: ScanCallbackService;
  media: MediaService;
  multiCollections: MultiCollectionService;
  playlists: PlaylistService;
  playoutValidation: PlayoutValidationService;
  playoutContent: PlayoutContentService;
  playouts: PlayoutService;
  schedules: ScheduleService;
  maintenance: MaintenanceService;
  seed: SeedService;
  smartCollections: SmartCollectionService;
}

export interface ServiceDependencies {
  dataDir: string;
  scans: ScanLauncher;
  ffmpegInfo?: FFmpegInfoSource;
  playout?: PlayoutSettings;
  /** `JWT:IssuerSigningKey`: when set, /iptv/ routes need a token. */
  jwtSigningKey?: string;
  guide?: GuideSettings;
  clock?: () => number;
}

export function createServices(db: Database, deps: ServiceDependencies): Services {
  const clock = deps.clock ?? Date.now;
  const ffmpegProfiles = new FFmpegProfileService(db);
  const channels = new ChannelService(db, ffmpegProfiles);
  const smartCollections = new SmartCollectionService(db, clock);
  const playoutValidation = new PlayoutValidationService(deps.dataDir);
  const playoutContent = new PlayoutContentService(db, smartCollections, clock);
  const playoutSettings = deps.playout ?? { daysToBuild: 2, timeZone: "UTC" };
  const playouts = new PlayoutService(db, new SequentialKind(playoutValidation, playoutContent, clock), playoutSettings, clock);
  playouts.register(new ExternalJsonKind(db));
  return {
    channels,
    collections: new CollectionService(db),
    ffmpegProfiles,
    ffmpegInfo: deps.ffmpegInfo,
    guide: new GuideService(db, deps.dataDir, deps.guide ?? { daysToBuild: 2, timeZone: playoutSettings.timeZone }, clock),
    iptvTokens: new IptvTokenService(deps.jwtSigningKey, clock),
    libraries: new LibraryService(db, deps.scans),
    scanCallbacks: new ScanCallbackService(db, deps.scans, clock),
    media: new MediaService(db),
    multiCollections: new MultiCollectionService(db),
    playlists: new PlaylistService(db),
    playoutValidation,
    playoutContent,
    playouts,
    schedules: new ScheduleService(db, async (ids) => { for (const id of ids) await playouts.build(id, BuildMode.Refresh); }),
    maintenance: new MaintenanceService(db, deps.dataDir),
    seed: new SeedService(db, ffmpegProfiles, channels),
    smartCollections,
  };
}
