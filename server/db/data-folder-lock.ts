import fs from "node:fs";
import path from "node:path";

/** Written by a running server into its data folder; offline commands (restore) refuse while it names a live process. */
export const LOCK_FILE = "airwave.pid";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of the server using `dataDir`, or undefined when none runs (a stale file from a crash is ignored). */
export function runningServerPid(dataDir: string): number | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8");
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** Thrown when another live server (in this process or another) holds the data folder. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${dataDir} is in use by another Airwave server (process ${pid}); stop it first, or delete ${path.join(dataDir, LOCK_FILE)} if that process is not Airwave`);
    this.name = "DataFolderInUseError";
  }
}

/**
 * Marks the data folder as in use by this process and returns the function that releases it. Refuses
 * (DataFolderInUseError) while the lock file names a live process, this one included: a second server
 * on one folder would share its database, caches and log files. A file left by a crashed server is
 * taken over. The file is created exclusively, so two servers starting at once cannot both win.
 */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const holder = runningServerPid(dataDir);
      if (holder !== undefined) throw new DataFolderInUseError(dataDir, holder);
      fs.rmSync(file, { force: true });
    }
  }
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
