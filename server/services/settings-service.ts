import path from "node:path";
import type { AppConfig, LogLevel } from "../config/app-config";
import { NO_EVENT_LOG, type EventLog } from "../domain/event-log";
import { CONFIG_KEYS, ConfigValueError } from "../config/config-keys";
import { ffmpegIdentityProblem } from "../config/ffmpeg-identity";
import { SETTINGS_FILE } from "../config/load-config";
import { setInEnvironment, SettingsFileError, writeSettingsFile } from "../config/settings-file";
import type { SecretSink } from "../logging/secrets";
import { DomainError, type FieldError } from "./domain-error";
import { PLAYOUTS_FOLDER } from "./files/playout-folders";

/** The settings a user edits from the UI, by their field name, with the config key each one is. */
const EDITABLE = {
  timeZone: { key: "Playout:TimeZone", live: true },
  playoutDaysToBuild: { key: "Playout:DaysToBuild", live: true },
  guideDaysToBuild: { key: "Guide:DaysToBuild", live: true },
  hdhomerunTunerCount: { key: "HDHomeRun:TunerCount", live: true },
  backupIntervalHours: { key: "Backup:IntervalHours", live: true },
  backupKeep: { key: "Backup:Keep", live: true },
  ffmpegPath: { key: "FFmpeg:Path", live: false },
  ffprobePath: { key: "FFmpeg:ProbePath", live: false },
  writeKey: { key: "Api:WriteKey", live: true },
  iptvTokenKey: { key: "JWT:IssuerSigningKey", live: false },
  logLevel: { key: "Logging:Level", live: true },
  iptvAccessLog: { key: "Logging:IptvAccessLog", live: true },
} as const;

export type EditableSetting = keyof typeof EDITABLE;

/** The settings whose values are secrets. */
const SECRET_SETTINGS: readonly EditableSetting[] = ["writeKey", "iptvTokenKey"];

/** A change: a value sets the override in settings.json, null removes it, absent leaves it. */
export type SettingsChange = { [K in EditableSetting]?: string | number | boolean | null };

/**
 * What the caller proved besides being let in: the current write key (`X-Api-Key`), or the owner password
 * given with the change. Replacing or removing a write key that exists needs one of them.
 */
export interface ChangeProof {
  writeKeyPresented?: boolean;
  currentPassword?: string;
  /** The client's address: password tries are counted per address. */
  address?: string;
}

/** Checks an owner password given from an address (the owner-access service, rate limited). */
export type PasswordCheck = (password: string, address: string) => Promise<boolean>;

/** The effective settings; secrets only as "is set". */
export interface SettingsView {
  timeZone: string;
  playoutDaysToBuild: number;
  guideDaysToBuild: number;
  hdhomerunTunerCount: number;
  /** Hours between scheduled backups (0: off). */
  backupIntervalHours: number;
  /** Backups kept. */
  backupKeep: number;
  ffmpegPath: string | null;
  ffprobePath: string | null;
  writeKeySet: boolean;
  /** An owner password is set (`Auth:PasswordHash`): the UI signs in. */
  passwordSet: boolean;
  iptvTokenKeySet: boolean;
  /** The server accepts connections from other machines (not only loopback). */
  listeningBeyondLoopback: boolean;
  /** Saved changes that take effect only after a restart. */
  restartRequired: boolean;
  /** Settings fixed by environment variables (these win over settings.json). */
  environmentOverrides: string[];
  /** `Playout:ScriptsFolder`: Scripted playouts run scripts only from here. */
  scriptsFolder: string;
  /** `<data folder>/playouts`: ExternalJson channel files and YAML definition files go here. */
  playoutsFolder: string;
  /** `Server:AllowedHosts`: host names answered besides IPs, localhost and this machine's names. */
  allowedHosts: string[];
  /** `Logging:Level`: the lowest level logged (applies at once). */
  logLevel: LogLevel;
  /** `Logging:IptvAccessLog`: every `/iptv/` request logged at debug level. */
  iptvAccessLog: boolean;
}

const LOOPBACK_HOSTS = new Set(["localhost", "::1", "[::1]"]);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Reads the effective configuration and persists overrides into `<dataDir>/settings.json`, the file
 * the configuration loads at start-up, with the same parsing rules. Horizon, time zone and tuner
 * count apply at once (the engines read the shared config object); the rest after a restart.
 */
export class SettingsService {
  private readonly pendingRestart = new Set<string>();

  constructor(
    private readonly config: AppConfig,
    private readonly environment: NodeJS.ProcessEnv = {},
    private readonly secrets?: SecretSink,
    private readonly passwordMatches: PasswordCheck = async () => false,
    /** Which settings changed (keys only: values, secret or not, are never logged). */
    private readonly events: EventLog = NO_EVENT_LOG,
  ) {}

  get(): SettingsView {
    const c = this.config;
    return {
      // A getter: the default zone is read from ICU only when asked for (see load-config).
      get timeZone() {
        return c.playout.timeZone;
      },
      playoutDaysToBuild: c.playout.daysToBuild,
      guideDaysToBuild: c.guide.daysToBuild,
      hdhomerunTunerCount: c.hdhomerun.tunerCount,
      backupIntervalHours: c.backup.intervalHours,
      backupKeep: c.backup.keep,
      ffmpegPath: c.ffmpeg.path ?? null,
      ffprobePath: c.ffmpeg.probePath ?? null,
      writeKeySet: Boolean(c.api.writeKey),
      passwordSet: Boolean(c.auth.passwordHash),
      iptvTokenKeySet: Boolean(c.jwt.issuerSigningKey),
      listeningBeyondLoopback: !isLoopbackHost(c.server.host),
      restartRequired: this.pendingRestart.size > 0,
      environmentOverrides: Object.values(EDITABLE).map((e) => e.key).filter((key) => this.fromEnvironment(key)),
      scriptsFolder: c.playout.scriptsFolder,
      playoutsFolder: path.join(c.dataDir, PLAYOUTS_FOLDER),
      allowedHosts: [...c.server.allowedHosts],
      logLevel: c.logging.level,
      iptvAccessLog: c.logging.iptvAccessLog,
    };
  }

  /**
   * Validates every given setting (all or nothing), writes settings.json, applies what can apply live.
   * An FFmpeg or ffprobe path must name a program that identifies itself as such. The write key applies at
   * once; once one exists, replacing or removing it needs the current key or the owner password (`proof`).
   */
  async update(change: SettingsChange, proof: ChangeProof = {}): Promise<SettingsView> {
    if (change.writeKey !== undefined && this.config.api.writeKey && !(await this.provesOwner(proof))) {
      throw DomainError.validation([{ field: "writeKey", message: "a write key is set: changing or removing it needs the current key (X-Api-Key) or the owner password (currentPassword)" }]);
    }
    const { errors, parsed } = await this.check(change);
    // A key is redacted from the moment it is given, not from the restart that puts it to use.
    for (const field of SECRET_SETTINGS) {
      const value = parsed.get(field);
      if (typeof value === "string") this.secrets?.add(value);
    }
    if (errors.length) throw DomainError.validation(errors);
    if (parsed.size === 0) return this.get();

    try {
      writeSettingsFile(this.config.dataDir, [...parsed].map(([field, value]) => [EDITABLE[field].key, value] as const));
    } catch (error) {
      if (error instanceof SettingsFileError) throw DomainError.invalid(SETTINGS_FILE, error.message);
      throw error;
    }

    const levelBefore = this.config.logging.level;
    for (const [field, value] of parsed) this.apply(field, value);
    const keys = [...parsed.keys()].map((field) => EDITABLE[field].key);
    const pending = keys.filter((key) => this.pendingRestart.has(key));
    this.events.info("settings changed", { names: keys.join(", "), ...(pending.length ? { afterRestart: pending.join(", ") } : {}) });
    const level = this.config.logging.level;
    // Said at the new level's threshold or above, so the change itself is always in the log.
    if (level !== levelBefore) this.events[level === "warn" || level === "error" ? "warn" : "info"]("log level changed", { from: levelBefore, to: level });
    return this.get();
  }

  /** The environment variable that fixes a setting (it wins over settings.json), when one does. */
  environmentVariable(field: EditableSetting): string | undefined {
    const editable = EDITABLE[field];
    return editable && this.fromEnvironment(editable.key) ? editable.key.replace(":", "__") : undefined;
  }

  /** What `update` would refuse in `change` (field and message), and the values it would write; changes nothing. */
  async check(change: SettingsChange): Promise<{ errors: FieldError[]; parsed: Map<EditableSetting, unknown> }> {
    const errors: FieldError[] = [];
    const parsed = new Map<EditableSetting, unknown>();
    for (const [field, raw] of Object.entries(change) as [EditableSetting, unknown][]) {
      const editable = EDITABLE[field];
      if (!editable || raw === undefined) continue;
      if (this.fromEnvironment(editable.key)) {
        errors.push({ field, message: `is set by the environment variable ${editable.key.replace(":", "__")}, which wins over settings.json` });
        continue;
      }
      if (raw === null) {
        parsed.set(field, null);
        continue;
      }
      const setting = CONFIG_KEYS.find((k) => k.key === editable.key)!;
      try {
        parsed.set(field, setting.parse(raw));
      } catch (error) {
        if (!(error instanceof ConfigValueError)) throw error;
        errors.push({ field, message: error.message });
      }
    }
    for (const [field, program] of [["ffmpegPath", "ffmpeg"], ["ffprobePath", "ffprobe"]] as const) {
      const value = parsed.get(field);
      if (typeof value !== "string") continue;
      const problem = await ffmpegIdentityProblem(value, program);
      if (problem) errors.push({ field, message: problem });
    }
    return { errors, parsed };
  }

  private async provesOwner(proof: ChangeProof): Promise<boolean> {
    if (proof.writeKeyPresented) return true;
    return typeof proof.currentPassword === "string" && (await this.passwordMatches(proof.currentPassword, proof.address ?? "unknown"));
  }

  /**
   * Live settings change the shared config object the engines read; removing an override (back to the default)
   * and the rest need a restart. The write key applies at once, set or removed: the UI that changed it shows
   * the state the server enforces.
   */
  private apply(field: EditableSetting, value: unknown): void {
    const c = this.config;
    if (field === "writeKey") {
      if (value === null) delete c.api.writeKey;
      else c.api.writeKey = value as string;
      return;
    }
    if (!EDITABLE[field].live || value === null) {
      this.pendingRestart.add(EDITABLE[field].key);
      return;
    }
    if (field === "timeZone") c.playout.timeZone = value as string;
    else if (field === "playoutDaysToBuild") c.playout.daysToBuild = value as number;
    else if (field === "guideDaysToBuild") c.guide.daysToBuild = value as number;
    else if (field === "hdhomerunTunerCount") c.hdhomerun.tunerCount = value as number;
    else if (field === "backupIntervalHours") c.backup.intervalHours = value as number;
    else if (field === "backupKeep") c.backup.keep = value as number;
    else if (field === "logLevel") c.logging.level = value as LogLevel;
    else if (field === "iptvAccessLog") c.logging.iptvAccessLog = value as boolean;
  }

  private fromEnvironment(key: string): boolean {
    return setInEnvironment(this.environment, key);
  }
}
