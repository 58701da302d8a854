import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { createApp } from "./app";
import { locateFFmpeg } from "./config/ffmpeg-binaries";
import { ffmpegIdentityProblem } from "./config/ffmpeg-identity";
import { FFmpegCapabilitiesProbe } from "./streaming/ffmpeg-capabilities-probe";
import { FFmpegTrials } from "./streaming/ffmpeg-trials";
import { MediaProbe } from "./streaming/media-probe";
import { Troubleshooter } from "./streaming/troubleshooter";
import { WatermarkPreviews } from "./streaming/watermark-preview";
import { GraphicsPreviews } from "./streaming/graphics-preview";
import { SessionManager } from "./streaming/session-manager";
import { SsdpResponder } from "./iptv/ssdp-responder";
import { HdhrUdpDiscovery } from "./iptv/hdhr-udp-discovery";
import type { AppConfig } from "./config/app-config";
import { Database } from "./db/database";
import { createLogger, type Logger } from "./logging/logger";
import { LOGS_FOLDER, LogStore, RESTORE_NOTE } from "./logging/log-store";
import { redactingLogger } from "./logging/redacting-logger";
import { Secrets } from "./logging/secrets";
import { BackupJob } from "./jobs/backup-job";
import { PlayoutRebuildJob } from "./jobs/playout-rebuild-job";
import { lockDataFolder } from "./db/data-folder-lock";
import { resolveScannerEntry, ScanCoordinator } from "./scanner/scan-coordinator";
import { ArtworkCache } from "./scanner/artwork/artwork-cache";
import { ARTWORK_FOLDER } from "./services/artwork-service";
import { ScriptRunner } from "./scripting/script-runner";
import { PrometheusMetrics, type StreamGauges } from "./metrics/prometheus-metrics";
import { createServices, type Services } from "./services";
import { PLAYOUTS_FOLDER } from "./services/files/playout-folders";
import type { GuideSettings } from "./services/guide-service";

export interface RunningServer {
  /** A URL a browser on this machine can open. */
  url: string;
  port: number;
  services: Services;
  scans: ScanCoordinator;
  /** The server's logger (secrets redacted; also kept for the Logs page and in `<data>/logs/airwave.log`). */
  log: Logger;
  /** Stops accepting, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

const DRAIN_TIMEOUT_MS = 10_000;
/** Where the server keeps its own log files, under the data folder. */
export { LOGS_FOLDER };

/** Guide settings read from the config object on every use, so Settings changes apply without a restart. */
function liveGuideSettings(config: AppConfig): GuideSettings {
  return {
    get daysToBuild() {
      return config.guide.daysToBuild;
    },
    get episodeArtwork() {
      return config.guide.episodeArtwork;
    },
    get timeZone() {
      return config.playout.timeZone;
    },
  };
}

/**
 * Starts the server on `config.dataDir`. The data folder is locked before anything in it is touched (the
 * log store moves the previous log aside on open), so a second server on a folder in use fails at once
 * and leaves the running one's files alone.
 */
export async function startServer(config: AppConfig, outerLog: Logger, environment: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const unlock = lockDataFolder(config.dataDir);
  try {
    return await startLocked(config, outerLog, unlock, environment);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function startLocked(config: AppConfig, outerLog: Logger, unlock: () => void, environment: NodeJS.ProcessEnv): Promise<RunningServer> {
  const logStore = new LogStore(path.join(config.dataDir, LOGS_FOLDER));
  // Every secret, from the moment it exists: the configuration's, then each one the services are given or make.
  const secrets = new Secrets();
  secrets.watch(() => [config.api.writeKey, config.jwt.issuerSigningKey, config.auth.passwordHash, config.database.url, config.database.password]);
  const log = redactingLogger([outerLog, createLogger(() => config.logging.level, (line) => logStore.append(line))], () => secrets.list());
  logRestore(path.join(config.dataDir, LOGS_FOLDER), log);
  const binaries = locateFFmpeg(await checkedFFmpegPaths(config.ffmpeg, log));
  if (binaries.source.ffprobe === "missing") log.warn("ffprobe was not found: set FFmpeg:ProbePath; scans will fail");
  const db = await Database.open(config.dataDir, config.database, (message) => log.warn(message));
  // The folders scripts and channel files are taken from exist from the start, so the UI can point at them.
  for (const folder of [config.playout.scriptsFolder, path.join(config.dataDir, PLAYOUTS_FOLDER)]) fs.mkdirSync(folder, { recursive: true });
  const metrics: PrometheusMetrics = new PrometheusMetrics((): StreamGauges => ({ sessions: () => streaming.sessions(), ffmpegProcesses: () => streaming.registry.countsByKind() }));
  const scans = new ScanCoordinator({
    entry: resolveScannerEntry(),
    ffprobePath: binaries.ffprobe,
    ffmpegPath: binaries.ffmpeg,
    dataDir: config.dataDir,
    keepAliveMs: config.scanner.keepAliveSeconds * 1000,
    log,
    onOutcome: (outcome) => {
      metrics.scanFinished(outcome.success, (outcome.finishedAt - outcome.startedAt) / 1000);
      const fields = { libraryId: outcome.libraryId, scanId: outcome.scanId, durationMs: outcome.finishedAt - outcome.startedAt, result: outcome.message };
      if (outcome.success) log.info("library scan finished", fields);
      else log.warn("library scan failed", fields);
      services.scanCallbacks.forget(outcome.scanId);
      return services.libraries.recordScanOutcome(outcome);
    },
    // The plan is read while the scanner child starts (a third of a no-change rescan was that boot).
    onStarted: (scanId) => services.scanCallbacks.preparePlan(scanId),
  });
  const scripts = new ScriptRunner();
  const remoteArtwork = new ArtworkCache(path.join(config.dataDir, ARTWORK_FOLDER), binaries.ffmpeg);
  const ffmpegProbe = new FFmpegCapabilitiesProbe(binaries);
  // Said once at start-up (the health page says it too): which FFmpeg runs, and what it cannot do.
  void ffmpegProbe.info().then((info) => {
    const which = `${info.ffmpegSource}: ${info.ffmpegPath}`;
    if (!info.available) log.warn(`FFmpeg cannot be run (${which}): ${info.error ?? "unknown error"}`);
    else if (info.missingFeatures.length) log.warn(`FFmpeg ${info.version ?? ""} (${which}) lacks ${info.missingFeatures.join("; ")}; install FFmpeg 5 or newer on PATH, or set FFmpeg:Path`);
    else log.info(`FFmpeg: ${info.version ?? "found"} (${which})`);
  });
  const streaming: SessionManager = new SessionManager({
    dataDir: config.dataDir,
    ffmpegPath: binaries.ffmpeg,
    ffprobePath: binaries.ffprobe,
    idleTimeoutMs: config.streaming.idleTimeoutSeconds * 1000,
    plan: (channelNumber, at) => services.streamSources.planAt(channelNumber, at),
    tuneIn: (channelNumber) => services.onDemand.tuneIn(channelNumber),
    leave: (channelNumber, lastWatchedAt) => services.onDemand.leave(channelNumber, lastWatchedAt),
    capabilities: () => ffmpegProbe.capabilities(),
    log: (message) => log.info(message),
    warn: (message) => log.warn(message),
    events: log,
    metrics,
    redact: (text) => secrets.redact(text),
    remoteOutcome: (mediaItemId, error) => void services.remoteStreams.recordOutcome(mediaItemId, error),
  });
  streaming.start();
  const services: Services = createServices(db, { dataDir: config.dataDir, scans, scripts, streaming, scriptTimeoutSeconds: config.playout.scriptTimeoutSeconds, scriptsFolder: config.playout.scriptsFolder, logs: logStore, events: log, ffmpegInfo: ffmpegProbe, ffmpegTrials: new FFmpegTrials(streaming.registry, () => ffmpegProbe.capabilities()), troubleshooter: new Troubleshooter({ ffmpegPath: binaries.ffmpeg, ffprobePath: binaries.ffprobe, folder: path.join(config.dataDir, "cache", "troubleshoot"), registry: streaming.registry, probe: new MediaProbe(binaries.ffprobe), capabilities: () => ffmpegProbe.capabilities(), redact: (text) => secrets.redact(text) }), playout: config.playout, jwtSigningKey: config.jwt.issuerSigningKey, guide: liveGuideSettings(config), config, environment, auditLog: log, metrics, ffprobePath: binaries.ffprobe, watermarkPreviews: new WatermarkPreviews(streaming.registry), graphicsPreviews: new GraphicsPreviews(streaming.registry) , storeArtwork: (bytes) => remoteArtwork.storeBytes(bytes), secrets });
  secrets.watch(() => services.mediaSources.credentials());
  let shuttingDown = false;
  let app;
  try {
    await services.seed.seed();
    await services.mediaSources.loadCredentials();
    app = await createApp({ config, services, log, metrics, stopping: () => shuttingDown });
  } catch (error) {
    await db.close();
    await logStore.close();
    throw error;
  }
  const server = http.createServer(app.app);
  // A keep-alive connection whose request finishes during shutdown is closed right away, not after the drain timeout.
  server.on("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (shuttingDown) res.setHeader("Connection", "close");
    res.once("finish", () => {
      if (shuttingDown) server.closeIdleConnections();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.server.port, config.server.host, () => resolve());
    });
  } catch (error) {
    await app.stop();
    await db.close();
    await logStore.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const loopback = ["0.0.0.0", "127.0.0.1", "localhost"].includes(config.server.host) ? "127.0.0.1" : ["::", "::1"].includes(config.server.host) ? "[::1]" : config.server.host;
  scans.setCallbackBase(`http://${loopback}:${port}`);
  services.remotePlayback.setLoopbackBase(`http://${loopback}:${port}`);
  scripts.setCallbackBase(`http://${loopback}:${port}`);
  const rebuilds = new PlayoutRebuildJob(services.playouts, config.playout.rebuildIntervalMinutes, log, db);
  rebuilds.start();
  const backups = new BackupJob(services.backups, log);
  // PostgreSQL databases are backed up with pg_dump, not by Airwave.
  if (db.kind === "sqlite") backups.start();
  const ssdp = await startSsdp(config, services, port, log);
  const udpDiscovery = await startUdpDiscovery(config, services, port, log);
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.server.host) ? "localhost" : config.server.host;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true;
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), DRAIN_TIMEOUT_MS);
      await rebuilds.stop();
      await backups.stop();
      await ssdp?.stop();
      await udpDiscovery?.stop();
      await scans.stopAll();
      await scripts.stopAll();
      await streaming.stopAll();
      await drained;
      clearTimeout(timer);
      await app.stop();
      await db.close();
      unlock();
      await logStore.close();
    })());

  return { url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`, port, services, scans, log, close };
}

/** SSDP discovery when `HDHomeRun:Ssdp` is on and the HDHomeRun routes can be reached (no token, or allowed without). */
async function startSsdp(config: AppConfig, services: Services, httpPort: number, log: Logger): Promise<SsdpResponder | undefined> {
  if (!config.hdhomerun.ssdp) return undefined;
  if (config.jwt.issuerSigningKey && !config.hdhomerun.allowWithoutToken) {
    log.warn("SSDP discovery is off: IPTV tokens are on and HDHomeRun:AllowWithoutToken is false, so tuners could not use the device");
    return undefined;
  }
  const responder = new SsdpResponder({ port: config.hdhomerun.ssdpPort, httpPort, uuid: await services.guide.installId(), log, random: Math.random });
  try {
    await responder.start();
    return responder;
  } catch (error) {
    log.warn(`SSDP discovery could not start on UDP port ${config.hdhomerun.ssdpPort}: ${(error as Error).message}`);
    await responder.stop();
    return undefined;
  }
}

/** HDHomeRun UDP discovery unless `HDHomeRun:UdpDiscovery` is false or tuners could not use the device (tokens on, not allowed without). */
async function startUdpDiscovery(config: AppConfig, services: Services, httpPort: number, log: Logger): Promise<HdhrUdpDiscovery | undefined> {
  if (!config.hdhomerun.udpDiscovery) return undefined;
  if (config.jwt.issuerSigningKey && !config.hdhomerun.allowWithoutToken) {
    log.info("HDHomeRun UDP discovery is off: IPTV tokens are on and HDHomeRun:AllowWithoutToken is false, so tuners could not use the device");
    return undefined;
  }
  const { udpDiscoveryPort: port, tunerCount } = config.hdhomerun;
  const discovery = new HdhrUdpDiscovery({ host: config.server.host, port, httpPort, deviceId: await services.guide.hdhrDeviceId(), tunerCount, log });
  try {
    await discovery.start();
    return discovery;
  } catch (error) {
    const taken = (error as NodeJS.ErrnoException).code === "EADDRINUSE";
    log.warn(
      taken
        ? `HDHomeRun UDP discovery is off: UDP port ${port} is taken by another program (an HDHomeRun app or another tuner emulator?); players that search for tuners will not find Airwave, add it by address (http://<this machine>:${httpPort}) or stop that program and restart Airwave`
        : `HDHomeRun UDP discovery could not start on UDP port ${port}: ${(error as Error).message}`,
    );
    return undefined;
  }
}

/** Configured FFmpeg/ffprobe paths that identify themselves; any other is dropped (the bundled or PATH one is used) with one log line. */
async function checkedFFmpegPaths(configured: AppConfig["ffmpeg"], log: Logger): Promise<AppConfig["ffmpeg"]> {
  const checked: AppConfig["ffmpeg"] = {};
  for (const [key, setting, program] of [["path", "FFmpeg:Path", "ffmpeg"], ["probePath", "FFmpeg:ProbePath", "ffprobe"]] as const) {
    const file = configured[key];
    if (!file) continue;
    const problem = await ffmpegIdentityProblem(file, program);
    if (problem) log.warn(`${setting} is ignored: ${problem}; using the bundled or PATH ${program} instead`);
    else checked[key] = file;
  }
  return checked;
}

/** A restore made while the server was stopped (`airwave restore`) is said once, at the next start. */
function logRestore(folder: string, log: Logger): void {
  const note = path.join(folder, RESTORE_NOTE);
  try {
    const restored = JSON.parse(fs.readFileSync(note, "utf8")) as { from?: string; at?: string; files?: string[] };
    log.info("database restored from a backup", { backup: restored.from ?? "unknown", restoredAt: restored.at ?? "unknown", files: (restored.files ?? []).join(", ") || "none" });
  } catch {
    return;
  } finally {
    fs.rmSync(note, { force: true });
  }
}
