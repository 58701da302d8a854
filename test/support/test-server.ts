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
  /** Receives the server's log lines (at `Logging__Level`, "error" unless `env` says otherwise). */
  onLog?: (line: string) => void;
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
    // Off unless a test asks: every test server would otherwise share UDP 65001 on 127.0.0.1.
    HDHomeRun__UdpDiscovery: "false",
    ...database?.env,
    ...options.env,
  });
  let server: RunningServer;
  try {
    // The settings page tells which settings the environment fixes: here, the ones the test gives.
    server = await startServer(config, createLogger(config.logging.level, options.onLog ?? (() => undefined)), { ...options.env });
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
  /** Stops the server and keeps its folder, for work on a stopped server's data (a restore, an offline edit); `restart` starts it again. */
  stop(): Promise<void>;
  /**
   * Stops the server (unless stopped) and starts a new one on the same data folder, as a user's restart does;
   * `server` and `api` then reach the new one. `env` replaces the fixture's settings for it and later restarts.
   */
  restart(options?: { env?: Record<string, string> }): Promise<void>;
}

/**
 * One server for the enclosing suite (or file; each test with `perTest`): started in a beforeAll hook registered
 * here, so hooks registered after this call see it running; stopped and its folder removed in afterAll.
 * `restart()` starts it again on the same folder (what a restart-survival test needs), `stop()` just stops it.
 * `server` and `api` can be destructured at once: they reach the running server on each use.
 */
export function useTestServer(
  options: Omit<TestServerOptions, "env"> & {
    env?: TestServerOptions["env"] | (() => TestServerOptions["env"]);
    headers?: Record<string, string>;
    /** A new server (and folder) for each test of the suite, for tests that change settings a later test must not see. */
    perTest?: boolean;
  } = {},
): TestServerFixture {
  // `env` may be a function, read when the server starts: for settings an earlier hook works out (a free port).
  const env = () => (typeof options.env === "function" ? options.env() : options.env);
  let restartEnv: Record<string, string> | undefined;
  const held = useSuiteResource(
    "useTestServer: the server",
    async () => {
      restartEnv = undefined;
      return { server: await startTestServer({ dataDir: options.dataDir, env: env(), onLog: options.onLog }), running: true };
    },
    async (made) => {
      try {
        if (made.running) await made.server.stop();
      } finally {
        made.server.removeDataDir();
      }
    },
    { perTest: options.perTest },
  );
  const current = () => held().server;
  const stop = async () => {
    const made = held();
    if (!made.running) return;
    made.running = false;
    await made.server.stop();
  };
  return {
    server: lateBound(current),
    api: apiClient(() => current().url, options.headers),
    get dbFile() {
      return path.join(current().dataDir, DATABASE_FILE);
    },
    stop,
    restart: async (restartOptions = {}) => {
      await stop();
      restartEnv = restartOptions.env ?? restartEnv;
      const made = held();
      made.server = await startTestServer({ dataDir: made.server.dataDir, env: restartEnv ?? env(), onLog: options.onLog });
      made.running = true;
    },
  };
}
