import "reflect-metadata";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppConfig } from "../../server/config/app-config";
import { loadConfig } from "../../server/config/load-config";
import { createLogger } from "../../server/logging/logger";
import { startServer, type RunningServer } from "../../server/server";

export interface TestServer extends RunningServer {
  dataDir: string;
  config: AppConfig;
  /** Stops the server; the data folder stays (see `removeDataDir`). */
  stop(): Promise<void>;
  removeDataDir(): void;
}

export function makeTempDir(prefix = "airwave-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A real server on a free loopback port with its SQLite file in a temp folder. `env` holds
 * settings in their environment form (`Api__WriteKey`, …).
 */
export async function startTestServer(options: { env?: Record<string, string>; dataDir?: string } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const config = loadConfig({
    AIRWAVE_DATA_DIR: dataDir,
    Server__Port: "0",
    Server__Host: "127.0.0.1",
    Logging__Level: "error",
    ...options.env,
  });
  const server = await startServer(config, createLogger(config.logging.level, () => undefined));
  return {
    ...server,
    dataDir,
    config,
    stop: () => server.close(),
    removeDataDir: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
