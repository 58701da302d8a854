import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../config/app-config";
import { CONFIG_KEYS, ConfigValueError } from "../config/config-keys";
import { ffmpegIdentityProblem } from "../config/ffmpeg-identity";
import { SETTINGS_FILE } from "../config/load-config";
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
  writeKey: { key: "Api:WriteKey", live: false },
  iptvTokenKey: { key: "JWT:IssuerSigningKey", live: false },
} as const;

export type EditableSetting = keyof typeof EDITABLE;

/** The settings whose values are secrets. */
const SECRET_SETTINGS: readonly EditableSetting[] = ["writeKey", "iptvTokenKey"];

/** A change: a value sets the override in settings.json, null removes it, absent leaves it. */
export type SettingsChange = { [K in EditableSetting]?: string | number | null };

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
      iptvTokenKeySet: Boolean(c.jwt.issuerSigningKey),
      listeningBeyondLoopback: !isLoopbackHost(c.server.host),
      restartRequired: this.pendingRestart.size > 0,
      environmentOverrides: Object.values(EDITABLE).map((e) => e.key).filter((key) => this.fromEnvironment(key)),
      scriptsFolder: c.playout.scriptsFolder,
      playoutsFolder: path.join(c.dataDir, PLAYOUTS_FOLDER),
      allowedHosts: [...c.server.allowedHosts],
    };
  }

  /**
   * Validates every given setting (all or nothing), writes settings.json, applies what can apply live.
   * An FFmpeg or ffprobe path must name a program that identifies itself as such.
   */
  async update(change: SettingsChange): Promise<SettingsView> {
    const { errors, parsed } = await this.check(change);
    // A key is redacted from the moment it is given, not from the restart that puts it to use.
    for (const field of SECRET_SETTINGS) {
      const value = parsed.get(field);
      if (typeof value === "string") this.secrets?.add(value);
    }
    if (errors.length) throw DomainError.validation(errors);
    if (parsed.size === 0) return this.get();

    const file = path.join(this.config.dataDir, SETTINGS_FILE);
    const document = this.readFile(file);
    for (const [field, value] of parsed) {
      const [sectionName, name] = EDITABLE[field].key.split(":");
      // The loader matches names without regard to case: reuse the spelling the file already has.
      const section = sameName(document, sectionName);
      const current = document[section];
      const sectionObject = (current !== null && typeof current === "object" && !Array.isArray(current) ? current : (document[section] = {})) as Record<string, unknown>;
      if (value === null) delete sectionObject[sameName(sectionObject, name)];
      else sectionObject[sameName(sectionObject, name)] = value;
      if (Object.keys(sectionObject).length === 0) delete document[section];
    }
    const temporary = `${file}.${process.pid}.tmp`;
    fs.mkdirSync(this.config.dataDir, { recursive: true });
    fs.writeFileSync(temporary, JSON.stringify(document, null, 2) + "\n", { mode: 0o600 });
    fs.renameSync(temporary, file);

    for (const [field, value] of parsed) this.apply(field, value);
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

  /** Live settings change the shared config object the engines read; removing an override (back to the default) and the rest need a restart. */
  private apply(field: EditableSetting, value: unknown): void {
    const c = this.config;
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
  }

  private fromEnvironment(key: string): boolean {
    const wanted = key.replace(":", "__").toLowerCase();
    return Object.entries(this.environment).some(([name, value]) => name.toLowerCase() === wanted && value !== undefined && value !== "");
  }

  private readFile(file: string): Record<string, unknown> {
    let text: string;
    try {
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // fall through
    }
    throw DomainError.invalid(SETTINGS_FILE, "the settings file is not a JSON object; fix or remove it before saving settings");
  }
}

function sameName(object: Record<string, unknown>, name: string): string {
  return Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}
