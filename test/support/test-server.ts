import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import type { AppConfig } from "../../server/config/app-config";
import { loadConfig } from "../../server/config/load-config";
import { DATABASE_FILE } from "../../server/db/data-source";
import { createLogger } from "../../server/logging/logger";
import { startServer, type RunningServer } from "../../server/server";
import { apiClient, type ApiClient } from "./http";
import { lateBound, useSuiteResource } from "./late-bound";
import { makeTempDir } from "./temp-dir";
import { createTestDatabase } from "./test-database";

export { makeTempDir, useTempDir } from "./temp-dir";

export interface TestServer extends RunningServer {
  dataDir: string;
  config: AppConfig;
  /** Stops the server; the data folder stays (see `removeDataDir`). */
  stop(): Promise<void>;
  removeDataDir(): void;
}

export interface TestServerOptions {
  /** Settings in their environment form (`Api__WriteKey`, …). */
  env?: Record<string, string>;
  /** An existing data folder (the caller removes it); a new temp folder by default. */
  dataDir?: string;
}

/**
 * A real server on a free loopback port with its SQLite file in a temp folder. The caller stops it
 * and removes its folder; most tests want `useTestServer` or `withTestServer`, which do both.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? makeTempDir();
  const database = options.env?.Database__Type ? null : await createTestDatabase(dataDir);
  const config = loadConfig({
    AIRWAVE_DATA_DIR: dataDir,
    Server__Port: "0",
    Server__Host: "127.0.0.1",
    Logging__Level: "error",
    ...database?.env,
    ...options.env,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, createLogger(config.logging.level, () => undefined));
  } catch (error) {
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
    throw error;
  }
  return {
    ...server,
    dataDir,
    config,
    stop: () => server.close(),
    removeDataDir: () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      // The database goes with the folder (a test that restarts a server on the same folder keeps both).
      void database?.drop();
    },
  };
}

/** Stops a test server and removes the data folder it made. */
export async function disposeTestServer(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  try {
    await server.stop();
  } finally {
    server.removeDataDir();
  }
}

/** Starts a server, runs `work` with it and a client, then stops it and removes its folder, whatever `work` does. */
export async function withTestServer<T>(options: TestServerOptions & { headers?: Record<string, string> }, work: (server: TestServer, api: ApiClient) => Promise<T>): Promise<T> {
  const server = await startTestServer(options);
  try {
    return await work(server, apiClient(server.url, options.headers));
  } finally {
    await disposeTestServer(server);
  }
}

export interface TestServerFixture {
  /** The running server; its properties can be read once the suite's beforeAll hooks have started. */
  server: TestServer;
  /** A client of the server (with `headers` on every request). */
  api: ApiClient;
  /** The server's SQLite file. */
  readonly dbFile: string;
}

/**
 * One server for the enclosing suite (or file): started in a beforeAll hook registered here, so
 * hooks registered after this call see it running; stopped and its folder removed in afterAll.
 * `server` and `api` can be destructured at once: they reach the running server on each use.
 */
export function useTestServer(options: Omit<TestServerOptions, "env"> & { env?: TestServerOptions["env"] | (() => TestServerOptions["env"]); headers?: Record<string, string> } = {}): TestServerFixture {
  // `env` may be a function, read when the server starts: for settings an earlier hook works out (a free port).
  const start = () => startTestServer({ ...options, env: typeof options.env === "function" ? options.env() : options.env });
  const current = useSuiteResource("useTestServer: the server", start, disposeTestServer);
  return {
    server: lateBound(current),
    api: apiClient(() => current().url, options.headers),
    get dbFile() {
      return path.join(current().dataDir, DATABASE_FILE);
    },
  };
}
