import fs from "node:fs";
import path from "node:path";
import { defaultDataDir } from "../config/default-data-dir";
import { runningServerPid } from "../db/data-folder-lock";
import { restoreSnapshot, SnapshotError } from "../db/snapshot";
import { LOGS_FOLDER, RESTORE_NOTE } from "../logging/log-store";

export interface CommandResult {
  code: number;
  stdout?: string;
  stderr?: string;
}

/** The data folder the server would use: AIRWAVE_DATA_DIR, else the desktop app's folder. */
export function dataFolder(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.AIRWAVE_DATA_DIR?.trim() || defaultDataDir(env));
}

/** `airwave restore FILE`: puts a backup's database and settings.json in place of the data folder's, with the server stopped. */
export async function restoreCommand(file: string, env: NodeJS.ProcessEnv): Promise<CommandResult> {
  const dataDir = dataFolder(env);
  const pid = runningServerPid(dataDir);
  if (pid !== undefined) {
    return { code: 1, stderr: `airwave restore: the server (pid ${pid}) is using ${dataDir}; stop it first, then restore\n` };
  }
  try {
    const { files } = await restoreSnapshot(path.resolve(file), dataDir);
    // The server says so in its log at the next start (the restore itself runs while it is stopped).
    try {
      fs.mkdirSync(path.join(dataDir, LOGS_FOLDER), { recursive: true });
      fs.writeFileSync(path.join(dataDir, LOGS_FOLDER, RESTORE_NOTE), JSON.stringify({ from: path.basename(file), at: new Date().toISOString(), files }));
    } catch {
      // Only the log line is lost.
    }
    const extra = files.length ? ` and ${files.join(", ")}` : "";
    return { code: 0, stdout: `Restored the database${extra} from ${file} into ${dataDir} (the previous database is kept as airwave.sqlite3.before-restore)\n` };
  } catch (error) {
    if (error instanceof SnapshotError) return { code: 1, stderr: `airwave restore: ${error.message}\n` };
    throw error;
  }
}
