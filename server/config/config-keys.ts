import path from "node:path";
import { GuideEpisodeArtwork } from "../domain/enums";
import type { AppConfig, LogLevel } from "./app-config";
import { passwordHashProblem } from "./password-hash";

/** A raw value could not be turned into a setting; the message says what is expected. */
export class ConfigValueError extends Error {}

type Parser<T> = (raw: unknown) => T;

const integer = (min: number, max: number): Parser<number> => (raw) => {
  const text = String(raw).trim();
  if (!/^-?\d+$/.test(text)) throw new ConfigValueError(`must be a whole number between ${min} and ${max}`);
  const value = Number(text);
  if (value < min || value > max) throw new ConfigValueError(`must be a whole number between ${min} and ${max}`);
  return value;
};

const boolean: Parser<boolean> = (raw) => {
  if (typeof raw === "boolean") return raw;
  const text = String(raw).trim().toLowerCase();
  if (["true", "1", "yes"].includes(text)) return true;
  if (["false", "0", "no"].includes(text)) return false;
  throw new ConfigValueError("must be true or false");
};

const nonEmptyString: Parser<string> = (raw) => {
  if (typeof raw !== "string" && typeof raw !== "number") throw new ConfigValueError("must be a string");
  const text = String(raw);
  if (text.trim() === "") throw new ConfigValueError("must not be empty");
  return text;
};

const host: Parser<string> = (raw) => {
  const text = nonEmptyString(raw).trim();
  if (!/^[A-Za-z0-9.:\-[\]%]+$/.test(text)) throw new ConfigValueError("must be a host name or IP address");
  return text;
};

/** Comma-separated host names (`*` alone allows any). */
const hostList: Parser<string[]> = (raw) => {
  const names = String(raw).split(",").map((n) => n.trim().toLowerCase().replace(/\.$/, "")).filter((n) => n !== "");
  for (const name of names) {
    if (name !== "*" && !/^[a-z0-9.-]+$/.test(name)) throw new ConfigValueError(`must be comma-separated host names without ports, or * (got an invalid name "${name}")`);
  }
  return names;
};

const folder: Parser<string> = (raw) => {
  const text = nonEmptyString(raw).trim();
  if (text.includes("\0")) throw new ConfigValueError("must be a folder path");
  return text;
};

const date: Parser<Date> = (raw) => {
  const value = new Date(String(raw));
  if (Number.isNaN(value.getTime())) throw new ConfigValueError("must be an ISO 8601 date, e.g. 2027-06-01T00:00:00Z");
  return value;
};

const timeZone: Parser<string> = (raw) => {
  const text = nonEmptyString(raw).trim();
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: text });
  } catch {
    throw new ConfigValueError("must be an IANA time zone such as Europe/Berlin or America/New_York");
  }
  return text;
};

const logLevel: Parser<LogLevel> = (raw) => {
  const text = String(raw).trim().toLowerCase();
  if (text === "debug" || text === "info" || text === "warn" || text === "error") return text;
  throw new ConfigValueError("must be one of debug, info, warn, error");
};

/** A `postgres://` (or `postgresql://`) URL naming a host and a database. */
const postgresUrl: Parser<string> = (raw) => {
  const text = nonEmptyString(raw).trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigValueError("must be a URL such as postgres://airwave@db.local:5432/airwave");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") throw new ConfigValueError("must start with postgres://");
  if (!url.hostname || url.pathname.length <= 1) throw new ConfigValueError("must name a host and a database, e.g. postgres://airwave@db.local:5432/airwave");
  return text;
};

const passwordHash: Parser<string> = (raw) => {
  const text = nonEmptyString(raw).trim();
  const problem = passwordHashProblem(text);
  if (problem) throw new ConfigValueError(problem);
  return text;
};

/** One of the given values, compared case-insensitively, returned as spelled in the list. */
const oneOf = <T extends string>(values: readonly T[]): Parser<T> => (raw) => {
  const text = String(raw).trim().toLowerCase();
  const found = values.find((v) => v.toLowerCase() === text);
  if (found === undefined) throw new ConfigValueError(`must be one of ${values.join(", ")}`);
  return found;
};

/** A setting: its key in `Section:Name` form, how to parse it, and where it lands in AppConfig. */
export interface ConfigKey {
  key: string;
  secret?: boolean;
  parse: Parser<unknown>;
  apply(config: AppConfig, value: unknown): void;
}

function key<T>(name: string, parse: Parser<T>, apply: (c: AppConfig, v: T) => void, secret = false): ConfigKey {
  return { key: name, parse, apply: apply as (c: AppConfig, v: unknown) => void, secret };
}

export const CONFIG_KEYS: readonly ConfigKey[] = [
  key("Server:Port", integer(0, 65535), (c, v) => (c.server.port = v)),
  key("Server:Host", host, (c, v) => (c.server.host = v)),
  key("Server:TrustProxy", boolean, (c, v) => (c.server.trustProxy = v)),
  key("Server:AllowedHosts", hostList, (c, v) => (c.server.allowedHosts = v)),
  key("Api:WriteKey", nonEmptyString, (c, v) => (c.api.writeKey = v), true),
  key("Api:LegacyDeprecation", date, (c, v) => (c.api.legacyDeprecation = v)),
  key("Api:LegacySunset", date, (c, v) => (c.api.legacySunset = v)),
  key("JWT:IssuerSigningKey", nonEmptyString, (c, v) => (c.jwt.issuerSigningKey = v), true),
  key("Auth:PasswordHash", passwordHash, (c, v) => (c.auth.passwordHash = v), true),
  key("Playout:DaysToBuild", integer(1, 31), (c, v) => (c.playout.daysToBuild = v)),
  key("Playout:TimeZone", timeZone, (c, v) => (c.playout.timeZone = v)),
  key("Playout:RebuildIntervalMinutes", integer(0, 24 * 60), (c, v) => (c.playout.rebuildIntervalMinutes = v)),
  key("Playout:ScriptTimeoutSeconds", integer(1, 3600), (c, v) => (c.playout.scriptTimeoutSeconds = v)),
  // A relative folder is taken inside the data folder.
  key("Playout:ScriptsFolder", folder, (c, v) => (c.playout.scriptsFolder = path.resolve(c.dataDir, v))),
  key("Guide:DaysToBuild", integer(1, 31), (c, v) => (c.guide.daysToBuild = v)),
  key("Guide:EpisodeArtwork", oneOf(Object.values(GuideEpisodeArtwork)), (c, v) => (c.guide.episodeArtwork = v)),
  key("HDHomeRun:TunerCount", integer(1, 16), (c, v) => (c.hdhomerun.tunerCount = v)),
  key("HDHomeRun:AllowWithoutToken", boolean, (c, v) => (c.hdhomerun.allowWithoutToken = v)),
  key("HDHomeRun:Ssdp", boolean, (c, v) => (c.hdhomerun.ssdp = v)),
  key("HDHomeRun:SsdpPort", integer(1, 65535), (c, v) => (c.hdhomerun.ssdpPort = v)),
  key("HDHomeRun:UdpDiscovery", boolean, (c, v) => (c.hdhomerun.udpDiscovery = v)),
  key("HDHomeRun:UdpDiscoveryPort", integer(1, 65535), (c, v) => (c.hdhomerun.udpDiscoveryPort = v)),
  key("FFmpeg:Path", nonEmptyString, (c, v) => (c.ffmpeg.path = v)),
  key("FFmpeg:ProbePath", nonEmptyString, (c, v) => (c.ffmpeg.probePath = v)),
  key("Streaming:IdleTimeoutSeconds", integer(1, 24 * 3600), (c, v) => (c.streaming.idleTimeoutSeconds = v)),
  key("Scanner:KeepAliveSeconds", integer(0, 24 * 3600), (c, v) => (c.scanner.keepAliveSeconds = v)),
  key("Logging:Level", logLevel, (c, v) => (c.logging.level = v)),
  key("Logging:IptvAccessLog", boolean, (c, v) => (c.logging.iptvAccessLog = v)),
  key("Backup:IntervalHours", integer(0, 24 * 365), (c, v) => (c.backup.intervalHours = v)),
  key("Backup:Keep", integer(1, 1000), (c, v) => (c.backup.keep = v)),
  key("Database:Type", oneOf(["sqlite", "postgres"] as const), (c, v) => (c.database.type = v)),
  key("Database:Url", postgresUrl, (c, v) => (c.database.url = v), true),
  key("Database:Password", nonEmptyString, (c, v) => (c.database.password = v), true),
];
