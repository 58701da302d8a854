import fs from "node:fs";
import path from "node:path";
import { SETTINGS_FILE } from "./load-config";

/** settings.json is there but is not a JSON object: nothing is written until it is fixed or removed. */
export class SettingsFileError extends Error {}

/**
 * Writes overrides into `<dataDir>/settings.json` (a value sets `Section:Name`, null removes it) in one
 * rename, mode 0600 (it holds the write key and the password hash). The loader matches names without
 * regard to case, so the spelling the file already has is kept. Used by the server's settings and
 * password changes and by `airwave set-password`, which writes the data folder directly.
 */
export function writeSettingsFile(dataDir: string, changes: ReadonlyArray<readonly [key: string, value: unknown]>): void {
  const file = path.join(dataDir, SETTINGS_FILE);
  const document = readSettingsObject(file);
  for (const [key, value] of changes) {
    const [sectionName, name] = key.split(":");
    const section = sameName(document, sectionName);
    const current = document[section];
    const sectionObject = (current !== null && typeof current === "object" && !Array.isArray(current) ? current : (document[section] = {})) as Record<string, unknown>;
    if (value === null) delete sectionObject[sameName(sectionObject, name)];
    else sectionObject[sameName(sectionObject, name)] = value;
    if (Object.keys(sectionObject).length === 0) delete document[section];
  }
  const temporary = `${file}.${process.pid}.tmp`;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(temporary, JSON.stringify(document, null, 2) + "\n", { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function readSettingsObject(file: string): Record<string, unknown> {
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
  throw new SettingsFileError("the settings file is not a JSON object; fix or remove it before saving settings");
}

function sameName(object: Record<string, unknown>, name: string): string {
  return Object.keys(object).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
}

/** True when `Section:Name` is given by an environment variable (`Section__Name`), which wins over settings.json. */
export function setInEnvironment(environment: NodeJS.ProcessEnv, key: string): boolean {
  const wanted = key.replace(":", "__").toLowerCase();
  return Object.entries(environment).some(([name, value]) => name.toLowerCase() === wanted && value !== undefined && value !== "");
}
