import type { GuideEpisodeArtwork } from "../domain/enums";
/** The one typed configuration object, loaded once at start-up. */
export interface AppConfig {
  dataDir: string;
  server: {
    port: number;
    host: string;
    /** Honour X-Forwarded-Proto / X-Forwarded-Host when building absolute URLs. */
    trustProxy: boolean;
    /** Host names answered besides IP literals, localhost and this machine's names (`Server:AllowedHosts`; `*` = any). */
    allowedHosts: string[];
  };
  api: {
    writeKey?: string;
    /** When unversioned /api paths were deprecated (Deprecation header). */
    legacyDeprecation: Date;
    /** When unversioned /api paths stop working (Sunset header). */
    legacySunset: Date;
  };
  jwt: { issuerSigningKey?: string };
  /** The owner password (`Auth:PasswordHash`, a scrypt hash): when set, the UI signs in and the admin surface needs the session or the write key. */
  auth: { passwordHash?: string };
  playout: {
    daysToBuild: number;
    /** IANA zone in which playout times of day (wait_until, pad_until, fixed starts) are meant. */
    timeZone: string;
    /** Minutes between background Continue builds (0 turns the job off). */
    rebuildIntervalMinutes: number;
    /** Seconds a scripted playout's script may run before its build fails. */
    scriptTimeoutSeconds: number;
    /** The only folder Scripted playouts run scripts from (absolute; default `<data folder>/scripts`). */
    scriptsFolder: string;
  };
  guide: { daysToBuild: number; episodeArtwork: GuideEpisodeArtwork };
  /** HDHomeRun emulation (/discover.json, /lineup.json, …). */
  hdhomerun: { tunerCount: number; allowWithoutToken: boolean; /** Answer SSDP discovery on the LAN (off by default). */ ssdp: boolean; ssdpPort: number;
    /** Answer HDHomeRun's own UDP discovery (libhdhomerun, port 65001; on by default). */
    udpDiscovery: boolean;
    udpDiscoveryPort: number;
  };
  ffmpeg: { path?: string; probePath?: string };
  /** Live streams: a channel's shared session stops this long after its last request. */
  streaming: { idleTimeoutSeconds: number };
  /** Library scans: a scanner child is kept this long after a scan for the next one (0 = a new child per scan). */
  scanner: { keepAliveSeconds: number };
  /** `level` and `iptvAccessLog` change at run time (Settings): loggers read them at every line. */
  logging: { level: LogLevel; iptvAccessLog: boolean };
  /** Scheduled database backups into `<data>/backups/`: every `intervalHours` (0 = off), the newest `keep` kept. */
  backup: { intervalHours: number; keep: number };
  /**
   * Where everything persists: the data folder's SQLite file (default), or a PostgreSQL database that
   * several nodes share. The password may come apart from the URL (`Database:Password`).
   */
  database: DatabaseConfig;
}

export interface DatabaseConfig {
  type: "sqlite" | "postgres";
  /** PostgreSQL only (required there): `postgres://user@host:port/database`. */
  url?: string;
  password?: string;
}

export type LogLevel = "debug" | "info" | "warn" | "error";
