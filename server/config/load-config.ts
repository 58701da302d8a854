import fs from "node:fs";
import path from "node:path";
import { GuideEpisodeArtwork } from "../domain/enums";
import type { AppConfig } from "./app-config";
import { CONFIG_KEYS, ConfigValueError } from "./config-keys";
import { defaultDataDir } from "./default-data-dir";

/** Start-up must stop: the message is one line naming the key. */
export class ConfigError extends Error {}

export const SETTINGS_FILE = "settings.json";
/** The default scripts folder inside the data folder. */
export const SCRIPTS_FOLDER = "scripts";

/**
 * The system time zone is asked of ICU only when first read (a playout build, the guide, a settings
 * read that includes it): the first Intl date format maps ~6 MB of ICU data and allocates ~3 MB more,
 * which a new install with no channel does not need (bench/memory, idle: ~8 MB).
 */
function playoutDefaults(dataDir: string): AppConfig["playout"] {
  let timeZone: string | undefined;
  return {
    daysToBuild: 2,
    get timeZone(): string {
      return (timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    },
    set timeZone(value: string) {
      timeZone = value;
    },
    rebuildIntervalMinutes: 60,
    scriptTimeoutSeconds: 30,
    scriptsFolder: path.join(dataDir, SCRIPTS_FOLDER),
  };
}

function defaults(dataDir: string): AppConfig {
  return {
    dataDir,
    server: { port: 8409, host: "0.0.0.0", trustProxy: false, allowedHosts: [] },
    api: {
      legacyDeprecation: new Date("2026-11-01T00:00:00Z"),
      legacySunset: new Date("2027-11-01T00:00:00Z"),
    },
    jwt: {},
    auth: {},
    playout: playoutDefaults(dataDir),
    guide: { daysToBuild: 2, episodeArtwork: GuideEpisodeArtwork.ShowPoster },
    hdhomerun: { tunerCount: 2, allowWithoutToken: false, ssdp: false, ssdpPort: 1900, udpDiscovery: true, udpDiscoveryPort: 65001 },
    ffmpeg: {},
    streaming: { idleTimeoutSeconds: 60 },
    scanner: { keepAliveSeconds: 300 },
    logging: { level: "info", iptvAccessLog: false },
    backup: { intervalHours: 24, keep: 7 },
    database: { type: "sqlite" },
  };
}

/** Flattens `{ "Server": { "Port": 1 } }` into `Server:Port`. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [name, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}:${name}` : name, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
}

function readSettingsFile(dataDir: string): Map<string, unknown> {
  const file = path.join(dataDir, SETTINGS_FILE);
  const values = new Map<string, unknown>();
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return values;
    throw new ConfigError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  flatten(parsed, "", values);
  return values;
}

/** Environment variables in the `Section__Name` form, matched without regard to letter case. */
function readEnvironment(env: NodeJS.ProcessEnv): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && name.includes("__")) values.set(name.split("__").join(":"), value);
  }
  return values;
}

function lookup(values: Map<string, unknown>, key: string): { found: boolean; value?: unknown; name?: string } {
  const wanted = key.toLowerCase();
  for (const [name, value] of values) {
    if (name.toLowerCase() === wanted) return { found: true, value, name };
  }
  return { found: false };
}

/** Loads the configuration: defaults, then `settings.json` in the data folder, then the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.AIRWAVE_DATA_DIR?.trim() || defaultDataDir(env));
  const config = defaults(dataDir);
  const fromFile = readSettingsFile(dataDir);
  const fromEnv = readEnvironment(env);
  for (const setting of CONFIG_KEYS) {
    const envHit = lookup(fromEnv, setting.key);
    const hit = envHit.found ? envHit : lookup(fromFile, setting.key);
    if (!hit.found || hit.value === null || hit.value === "") continue;
    const source = envHit.found ? `environment variable ${setting.key.replace(":", "__")}` : `${SETTINGS_FILE}`;
    try {
      setting.apply(config, setting.parse(hit.value));
    } catch (error) {
      if (!(error instanceof ConfigValueError)) throw error;
      const shown = setting.secret ? "" : ` (got ${JSON.stringify(hit.value)})`;
      throw new ConfigError(`Invalid configuration ${setting.key} from ${source}: ${error.message}${shown}`);
    }
  }
  if (config.api.legacySunset.getTime() <= config.api.legacyDeprecation.getTime()) {
    throw new ConfigError("Invalid configuration Api:LegacySunset: must be later than Api:LegacyDeprecation");
  }
  return config;
}
