import { utilityProcess } from "electron";
import type { ProcessLauncher, SupervisedProcess } from "./supervisor/server-supervisor";
import type { ServerLog } from "./supervisor/server-log";
import { SERVER_ENV, SERVER_EXEC_ARGV } from "./supervisor/server-flags";

export interface UtilityLauncherOptions {
  entry: string;
  env: NodeJS.ProcessEnv;
  log: ServerLog;
}

/**
 * The supervisor's launcher on Electron: the server (electron/server-entry.ts) in a utility process; it
 * announces ready over process.parentPort. SIGTERM becomes the entry's stop message (Windows has no
 * SIGTERM); SIGKILL goes through the pid, since utilityProcess.kill() cannot force.
 */
export function utilityLauncher(options: UtilityLauncherOptions): ProcessLauncher {
  return (attempt) => {
    options.log.note(`server start #${attempt}`);
    const child = utilityProcess.fork(options.entry, [], { env: { ...SERVER_ENV, ...options.env }, execArgv: [...SERVER_EXEC_ARGV], stdio: "pipe", serviceName: "Airwave server" });
    options.log.attach(child.stdout);
    options.log.attach(child.stderr);
    const supervised: SupervisedProcess = {
      get pid() {
        return child.pid;
      },
      on(event, listener) {
        return event === "exit" ? child.on("exit", listener) : child.on("message", listener);
      },
      kill(signal) {
        if (signal === "SIGKILL" && child.pid !== undefined) {
          try {
            process.kill(child.pid, "SIGKILL");
            return true;
          } catch {
            return false;
          }
        }
        if (child.pid === undefined) return false;
        child.postMessage({ type: "stop" });
        return true;
      },
    };
    return supervised;
  };
}
