import { fork } from "node:child_process";
import { SERVER_ENV, SERVER_EXEC_ARGV } from "./server-flags";
import type { ProcessLauncher } from "./server-supervisor";
import type { ServerLog } from "./server-log";

export interface NodeLauncherOptions {
  /** The server's entry script, e.g. dist/server/main.js. */
  entry: string;
  env: NodeJS.ProcessEnv;
  log?: ServerLog;
}

/**
 * The launcher for plain Node (child_process.fork with an IPC channel for the ready message). The
 * desktop app uses the utilityProcess adapter in electron/utility-launcher.ts; both feed the same log.
 */
export function nodeLauncher(options: NodeLauncherOptions): ProcessLauncher {
  return (attempt) => {
    options.log?.note(`server start #${attempt}`);
    const child = fork(options.entry, [], { env: { ...SERVER_ENV, ...options.env }, stdio: ["ignore", "pipe", "pipe", "ipc"], execArgv: [...SERVER_EXEC_ARGV] });
    options.log?.attach(child.stdout);
    options.log?.attach(child.stderr);
    // Without a listener a failed spawn or IPC send would throw in the supervising process.
    child.on("error", (error) => options.log?.note(`server process error: ${error.message}`));
    return child;
  };
}
