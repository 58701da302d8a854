import "reflect-metadata";
import { removeSecretSettings } from "./config/child-environment";
import { ConfigError, loadConfig } from "./config/load-config";
import { createLogger } from "./logging/logger";
import { startServer } from "./server";

/**
 * Tells a supervising parent the server is up: over Node IPC (child_process.fork) or, under
 * Electron's utilityProcess, over `process.parentPort`.
 */
function announceReady(message: { type: "ready"; port: number; url: string }): void {
  const parentPort = (process as NodeJS.Process & { parentPort?: { postMessage(value: unknown): void } }).parentPort;
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

/** Headless entry point: `npm start`, and the child process the desktop app supervises. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
  // Child processes inherit process.env: the secrets in it stay with this process's configuration.
  const environment = removeSecretSettings(process.env);
  const log = createLogger(() => config.logging.level);
  const server = await startServer(config, log, environment);
  process.stdout.write(`Airwave is serving ${server.url} (data folder: ${config.dataDir})\n`);
  announceReady({ type: "ready", port: server.port, url: server.url });

  const stop = async (signal: string) => {
    log.info("stopping", { signal });
    await server.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop("SIGINT"));
  process.once("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  process.stderr.write(`Airwave could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
