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

/** Marks the data folder as in use by this process; the returned function releases it. */
export function lockDataFolder(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(file, "utf8").trim() === String(process.pid)) fs.rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
}
