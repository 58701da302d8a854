import fs from "node:fs";
import path from "node:path";

/** Written by a running server into its data folder; offline commands (restore) refuse while it names a live server. */
export const LOCK_FILE = "airwave.pid";
/** How often a running server touches its lock file (its heartbeat: the file's modification time). */
export const LOCK_HEARTBEAT_MS = 5_000;
/** A lock whose heartbeat is older than this was not written by a running Airwave server. */
export const LOCK_STALE_MS = 30_000;

/** Data folders this process holds: the lock naming this pid means "in use" only for these. */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The pid of the server using `dataDir`, or undefined when none does. The file names a server only while
 * (1) that process lives, (2) it is not this process, unless this process holds the folder (a container's
 * restarted server is pid 1 again, like the one that was killed), and (3) its heartbeat is recent (a pid
 * reused after a reboot or a crash by some other program never touches the file). The heartbeat is what
 * tells an Airwave server from any process of the same number, on every platform, without reading other
 * processes' command lines.
 */
export function runningServerPid(dataDir: string, now = Date.now()): number | undefined {
  const file = path.join(dataDir, LOCK_FILE);
  let text: string;
  let touched: number;
  try {
    text = fs.readFileSync(file, "utf8");
    touched = fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  if (pid === process.pid) return heldHere.has(path.resolve(dataDir)) ? pid : undefined;
  return now - touched <= LOCK_STALE_MS ? pid : undefined;
}

/** Thrown when another live server (in this process or another) holds the data folder. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the data folder ${dataDir} is in use by another Airwave server (process ${pid}); stop it first`);
    this.name = "DataFolderInUseError";
  }
}

/**
 * Marks the data folder as in use by this process and returns the function that releases it. Refuses
 * (DataFolderInUseError) while the lock file names a running server (`runningServerPid`), this process's
 * own included: a second server on one folder would share its database, caches and log files. Any other
 * lock (a crashed server's, a reused pid's, this very pid's after a container restart) is taken over.
 * The file is created exclusively, so two servers starting at once cannot both win; while held, its
 * modification time is renewed every few seconds.
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
  const key = path.resolve(dataDir);
  heldHere.add(key);
  const ours = () => {
    try {
      return fs.readFileSync(file, "utf8").trim() === String(process.pid);
    } catch {
      return false;
    }
  };
  const heartbeat = setInterval(() => {
    if (!ours()) return;
    const now = new Date();
    try {
      fs.utimesSync(file, now, now);
    } catch {
      // Removed meanwhile: nothing to renew.
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    heldHere.delete(key);
    if (ours()) fs.rmSync(file, { force: true });
  };
}
