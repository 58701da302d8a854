import { randomBytes, randomInt } from "node:crypto";
import type { AppConfig } from "../config/app-config";
import type { Database } from "../db/database";
import { BuildMode } from "../domain/enums";
import { ChannelGenerationService } from "./channel-generation/channel-generation-service";
import { ChannelService } from "./channel-service";
import { OwnerAccessService } from "./owner-access/owner-access-service";
import { CollectionService } from "./collection-service";
import type { MetricsPort } from "../metrics/metrics-port";
import type { FFmpegInfoSource, FFmpegTrialRunner } from "../domain/ffmpeg-info";
import { HealthCheckService } from "./health/health-check-service";
import type { LogSource } from "../domain/log-line";
import type { EventLog } from "../domain/event-log";
import type { SecretSink } from "../logging/secrets";
import { LogService } from "./log-service";
import type { StreamTroubleshooter } from "../domain/troubleshoot";
import { TroubleshootService } from "./troubleshoot-service";
import { FFmpegProfileService } from "./ffmpeg-profile-service";
import { playoutFolders } from "./files/playout-folders";
import { FillerPresetService } from "./filler-preset-service";
import { ArtworkService } from "./artwork-service";
import { imageInsideFolder } from "./stream-watermark";
import { ffprobeImageProbe, WatermarkImages } from "./files/watermark-images";
import type { WatermarkPreviewRenderer } from "../domain/watermark-preview";
import { songCoverFromArtwork } from "./song-cover";
import { GuideService, type GuideSettings } from "./guide-service";
import { IptvTokenService } from "./iptv-token-service";
import { LibraryService } from "./library-service";
import type { ScanLauncher } from "./library-scanning";
import { MaintenanceService } from "./maintenance-service";
import { MediaService } from "./media-service";
import { MediaSourceService, type MediaServerClientFor } from "./media-sources/media-source-service";
import { MediaSourceSync, type ArtworkStore } from "./media-sources/media-source-sync";
import { RemotePlayback } from "./media-sources/remote-playback";
import { createMediaServerClient } from "../media-servers/registry";
import { MultiCollectionService } from "./multi-collection-service";
import { OnDemandService } from "./on-demand-service";
import { PlaylistService } from "./playlist-service";
import { ReadinessService } from "./readiness-service";
import { PlayoutValidationService } from "./playout-validation-service";
import { PlayoutContentService } from "./playout-content-service";
import { PlayoutService, type PlayoutSettings } from "./playout-service";
import { SequentialKind } from "./playout-kinds/sequential-kind";
import { ExternalJsonKind } from "./playout-kinds/external-json-kind";
import { ClassicKind } from "./playout-kinds/classic-kind";
import { BlockKind } from "./playout-kinds/block-kind";
import { BackupService } from "./backup-service";
import { BlockService } from "./block-service";
import { BlockTemplateService } from "./block-template-service";
import { ScriptedKind } from "./playout-kinds/scripted-kind";
import { ScriptedBuildService } from "./scripted/scripted-build-service";
import type { ScriptLauncher } from "./scripted/script-launcher";
import { ScanCallbackService } from "./scan-callback-service";
import { ScheduleService } from "./schedule-service";
import { SeedService } from "./seed-service";
import { SettingsService } from "./settings-service";
import { SetupTransferService } from "./setup-transfer/setup-transfer-service";
import { SmartCollectionService } from "./smart-collection-service";
import type { StreamSessionOwner } from "../domain/stream-session";
import { StreamSessionService } from "./stream-session-service";
import { RemoteStreamService } from "./remote-streams/remote-stream-service";
import { StreamSourceService } from "./stream-source-service";
import { WatermarkService } from "./watermark-service";
import { GraphicService } from "./graphics/graphic-service";
import type { GraphicsPreviewRenderer } from "../domain/graphics-preview";

/** Every service, wired once per running server and shared by REST and GraphQL. */
export interface Services {
  artwork: ArtworkService;
  backups: BackupService;
  blocks: BlockService;
  blockTemplates: BlockTemplateService;
  channels: ChannelService;
  channelGeneration: ChannelGenerationService;
  collections: CollectionService;
  ffmpegProfiles: FFmpegProfileService;
  ffmpegInfo?: FFmpegInfoSource;
  /** Short test encodes (profile trials, hardware checks); absent when the server runs without streaming. */
  ffmpegTrials?: FFmpegTrialRunner;
  fillerPresets: FillerPresetService;
  health: HealthCheckService;
  logs: LogService;
  troubleshoot: TroubleshootService;
  guide: GuideService;
  iptvTokens: IptvTokenService;
  libraries: LibraryService;
  scanCallbacks: ScanCallbackService;
  media: MediaService;
  mediaSources: MediaSourceService;
  mediaSourceSync: MediaSourceSync;
  remotePlayback: RemotePlayback;
  multiCollections: MultiCollectionService;
  onDemand: OnDemandService;
  playlists: PlaylistService;
  readiness: ReadinessService;
  playoutValidation: PlayoutValidationService;
  playoutContent: PlayoutContentService;
  playouts: PlayoutService;
  scriptedBuilds: ScriptedBuildService;
  schedules: ScheduleService;
  maintenance: MaintenanceService;
  seed: SeedService;
  /** Present when the server runs with its loaded configuration. */
  settings?: SettingsService;
  /** The owner password and UI sessions; absent without a configuration (service tests). */
  ownerAccess?: OwnerAccessService;
  setupTransfer: SetupTransferService;
  smartCollections: SmartCollectionService;
  watermarks: WatermarkService;
  graphics: GraphicService;
  streamSources: StreamSourceService;
  remoteStreams: RemoteStreamService;
  streamSessions: StreamSessionService;
  /** The live-stream process owner; absent when the server runs without streaming. */
  streaming?: StreamSessionOwner;
}

export interface ServiceDependencies {
  dataDir: string;
  scans: ScanLauncher;
  ffmpegInfo?: FFmpegInfoSource;
  ffmpegTrials?: FFmpegTrialRunner;
  /** Runs a channel's pipeline for the troubleshooter (server/streaming). */
  troubleshooter?: StreamTroubleshooter;
  /** The server's log (the Logs page); absent in service tests. */
  logs?: LogSource;
  /** Where services tell what happened (builds); the server's redacting logger. */
  events?: EventLog;
  playout?: PlayoutSettings;
  /** `JWT:IssuerSigningKey`: when set, /iptv/ routes need a token. */
  jwtSigningKey?: string;
  guide?: GuideSettings;
  /** Runs scripted playouts' commands; without it Scripted playouts are not available. */
  scripts?: ScriptLauncher;
  /** `Playout:ScriptTimeoutSeconds`; default 30. */
  scriptTimeoutSeconds?: number;
  /** `Playout:ScriptsFolder`; default `<dataDir>/scripts`. */
  scriptsFolder?: string;
  clock?: () => number;
  /** Uniform in [0, 1); default the operating system's secure source. */
  random?: () => number;
  /** The running configuration (Settings reads and changes it) and the environment it came from. */
  config?: AppConfig;
  environment?: NodeJS.ProcessEnv;
  /** Runs the channels' FFmpeg streams (server/streaming). */
  streaming?: StreamSessionOwner;
  /** Stores fetched media-source artwork in the artwork cache (the server passes the scanner's `ArtworkCache`). */
  storeArtwork?: ArtworkStore;
  /** Builds the client for a media source's server; default: the registry's client of its kind. */
  mediaServerClient?: MediaServerClientFor;
  /** Draws watermark previews with FFmpeg (server/streaming); without it there are none. */
  watermarkPreviews?: WatermarkPreviewRenderer;
  /** Draws graphics previews with FFmpeg (server/streaming); without it there are none. */
  graphicsPreviews?: GraphicsPreviewRenderer;
  /** ffprobe, which judges the images watermarks are given; default `ffprobe` on the PATH. */
  ffprobePath?: string;
  /** The server's log, for what people do that others should see (sign-ins, password changes). */
  auditLog?: { info(message: string): void; warn(message: string): void };
  /** Where build and guide timings go (GET /metrics). */
  metrics?: MetricsPort;
  /** Told every secret the moment it exists (credentials given, keys set, the stream capability), for redaction. */
  secrets?: SecretSink;
}

/** Uniform in [0, 1) from the operating system's secure source (seeds, device ids). */
function secureRandom(): number {
  return randomInt(0, 2 ** 32) / 2 ** 32;
}

export function createServices(db: Database, deps: ServiceDependencies): Services {
  const clock = deps.clock ?? Date.now;
  const random = deps.random ?? secureRandom;
  const folders = playoutFolders(deps.dataDir, deps.scriptsFolder);
  const ffmpegProfiles = new FFmpegProfileService(db, deps.ffmpegTrials, () => deps.streaming);
  const channels = new ChannelService(db, ffmpegProfiles);
  const smartCollections = new SmartCollectionService(db, clock);
  const playoutValidation = new PlayoutValidationService(deps.dataDir, folders);
  const playoutContent = new PlayoutContentService(db, smartCollections, clock);
  const playoutSettings = deps.playout ?? { daysToBuild: 2, timeZone: "UTC" };
  const playouts = new PlayoutService(db, new SequentialKind(playoutValidation, playoutContent, clock), playoutSettings, clock, random, deps.metrics, deps.events);
  playouts.register(new ExternalJsonKind(db, folders));
  playouts.register(new ClassicKind(db, playoutContent));
  playouts.register(new BlockKind(db, playoutContent));
  const refresh = async (ids: number[]) => {
    for (const id of ids) await playouts.build(id, BuildMode.Refresh);
  };
  const scriptedBuilds = new ScriptedBuildService(playoutValidation, playoutContent);
  if (deps.scripts) playouts.register(new ScriptedKind(scriptedBuilds, deps.scripts, { timeoutSeconds: deps.scriptTimeoutSeconds ?? 30, scriptsFolder: folders.scripts }));
  const onDemand = new OnDemandService(db, playouts, clock, () => deps.streaming);
  channels.useTimeShifts((kind) => playouts.timeShift(kind), clock, (channelId) => onDemand.pauseIfUnwatched(channelId));
  playouts.whenCreated((channelId) => onDemand.pauseIfUnwatched(channelId));
  const artwork = new ArtworkService(db, deps.dataDir);
  const clientFor: MediaServerClientFor = deps.mediaServerClient ?? ((connection) => createMediaServerClient(connection));
  const remotePlayback = new RemotePlayback(db, clientFor, random, deps.secrets);
  const mediaSourceSync = new MediaSourceSync(db, clientFor, deps.scans, clock, deps.storeArtwork);
  const watermarkImages = new WatermarkImages(deps.dataDir, ffprobeImageProbe(deps.ffprobePath ?? "ffprobe"));
  const watermarkSource = { check: imageInsideFolder(deps.dataDir), channelLogo: (channel: { name: string; logoUrl: string | null }) => watermarkImages.channelLogo(channel) };
  const graphicImages = new WatermarkImages(deps.dataDir, ffprobeImageProbe(deps.ffprobePath ?? "ffprobe"), "graphics");
  const graphicsTimeZone = () => playoutSettings.timeZone;
  const streamSources = new StreamSourceService(db, clock, songCoverFromArtwork(artwork), watermarkSource, remotePlayback, { check: watermarkSource.check, timeZone: graphicsTimeZone });
  const guide = new GuideService(db, deps.dataDir, deps.guide ?? { daysToBuild: 2, timeZone: playoutSettings.timeZone }, clock, random, deps.metrics, deps.events);
  const schedules = new ScheduleService(db, refresh);
  const ownerAccess = deps.config
    ? new OwnerAccessService({ db, config: deps.config, environment: deps.environment ?? {}, clock, secretBytes: (count) => randomBytes(count), secrets: deps.secrets, log: deps.auditLog })
    : undefined;
  const settings = deps.config ? new SettingsService(deps.config, deps.environment, deps.secrets, (password, address) => ownerAccess!.passwordGiven(password, address), deps.events) : undefined;
  return {
    artwork,
    backups: new BackupService(deps.dataDir, deps.config?.backup ?? { intervalHours: 0, keep: 7 }, clock, db.kind, deps.events),
    blocks: new BlockService(db, refresh),
    blockTemplates: new BlockTemplateService(db, refresh),
    channels,
    channelGeneration: new ChannelGenerationService(db, channels, smartCollections, schedules, playouts, playoutContent),
    collections: new CollectionService(db),
    ffmpegProfiles,
    ffmpegInfo: deps.ffmpegInfo,
    ffmpegTrials: deps.ffmpegTrials,
    fillerPresets: new FillerPresetService(db),
    guide,
    health: new HealthCheckService({ db, dataDir: deps.dataDir, config: deps.config ?? { server: { host: "127.0.0.1", port: 0, trustProxy: false, allowedHosts: [] }, api: { legacyDeprecation: new Date(0), legacySunset: new Date(0) } }, guide, ffmpegInfo: deps.ffmpegInfo, trials: deps.ffmpegTrials, clock }),
    logs: new LogService(deps.logs),
    troubleshoot: new TroubleshootService(streamSources, () => deps.troubleshooter, clock),
    iptvTokens: new IptvTokenService(deps.jwtSigningKey, clock),
    libraries: new LibraryService(db, deps.scans, deps.dataDir, mediaSourceSync),
    remoteStreams: new RemoteStreamService(db, deps.scans, deps.dataDir, clock),
    mediaSources: new MediaSourceService(db, clientFor, deps.secrets),
    mediaSourceSync,
    remotePlayback,
    scanCallbacks: new ScanCallbackService(db, deps.scans, clock),
    media: new MediaService(db, artwork),
    multiCollections: new MultiCollectionService(db),
    onDemand,
    playlists: new PlaylistService(db),
    readiness: new ReadinessService(db),
    playoutValidation,
    playoutContent,
    playouts,
    scriptedBuilds,
    schedules,
    maintenance: new MaintenanceService(db, deps.dataDir),
    seed: new SeedService(db, ffmpegProfiles, channels),
    settings,
    ownerAccess,
    setupTransfer: new SetupTransferService(db, playouts, settings, folders, clock),
    smartCollections,
    watermarks: new WatermarkService(db, watermarkImages, { renderer: () => deps.watermarkPreviews, files: watermarkSource }),
    graphics: new GraphicService(db, graphicImages, { renderer: () => deps.graphicsPreviews, check: watermarkSource.check, timeZone: graphicsTimeZone, clock }),
    streamSources,
    streamSessions: new StreamSessionService(() => deps.streaming, db, () => onDemand.states()),
    streaming: deps.streaming,
  };
}
