/** The settings view both transports return (REST `SettingsDto`, GraphQL `Settings`). */
import type { Services } from "../../services";
import { DomainError } from "../../services/domain-error";
import type { SettingsService, SettingsView } from "../../services/settings-service";

/** The effective settings; secrets appear only as whether they are set. */
export interface SettingsDto {
  timeZone: string;
  /** @isInt */
  playoutDaysToBuild: number;
  /** @isInt */
  guideDaysToBuild: number;
  /** @isInt */
  hdhomerunTunerCount: number;
  /**
   * Backup:IntervalHours (0: no scheduled backups).
   * @isInt
   */
  backupIntervalHours: number;
  /**
   * Backup:Keep.
   * @isInt
   */
  backupKeep: number;
  ffmpegPath: string | null;
  ffprobePath: string | null;
  writeKeySet: boolean;
  /** An owner password is set (Auth:PasswordHash): the UI signs in; reads and writes need the session or the write key. */
  passwordSet: boolean;
  iptvTokenKeySet: boolean;
  /** The server accepts connections from other machines, not only loopback. */
  listeningBeyondLoopback: boolean;
  /** Saved changes take effect only after a restart. */
  restartRequired: boolean;
  /** Setting keys fixed by environment variables (they win over settings.json). */
  environmentOverrides: string[];
  /** Playout:ScriptsFolder: Scripted playouts run scripts only from this folder. */
  scriptsFolder: string;
  /** ExternalJson channel files and YAML definition files are read from this folder (or the scripts folder). */
  playoutsFolder: string;
  /** Server:AllowedHosts: host names answered besides IP addresses, localhost and this machine's names (`*`: any). */
  allowedHosts: string[];
  /** Logging:Level: the lowest level logged (debug, info, warn, error); applies at once. */
  logLevel: "debug" | "info" | "warn" | "error";
  /** Logging:IptvAccessLog: every /iptv/ request logged at debug level (query keys and tokens redacted). */
  iptvAccessLog: boolean;
  m3uUrl: string;
  xmltvUrl: string;
  hdhomerunUrl: string;
}

/** The settings service; NotFound when the server runs without its loaded configuration. */
export function settingsService(services: Services): SettingsService {
  if (!services.settings) throw new DomainError("NotFound", "settings are not available on this server");
  return services.settings;
}

/** The settings with the absolute URLs media players are given (`baseUrl`: the request's). */
export function toSettingsDto(view: SettingsView, baseUrl: string): SettingsDto {
  // Descriptors, not values: the view's timeZone getter stays one, so a GraphQL query without timeZone
  // (the UI shell's) does not load ICU's date data (see load-config).
  const dto = Object.defineProperties({}, Object.getOwnPropertyDescriptors(view)) as SettingsDto;
  dto.m3uUrl = `${baseUrl}/iptv/channels.m3u`;
  dto.xmltvUrl = `${baseUrl}/iptv/xmltv.xml`;
  dto.hdhomerunUrl = baseUrl;
  return dto;
}
