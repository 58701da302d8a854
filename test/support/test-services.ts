import "reflect-metadata";
import fs from "node:fs";
import path from "node:path";
import { DATABASE_FILE } from "../../server/db/data-source";
import { Database } from "../../server/db/database";
import { createServices, type ServiceDependencies, type Services } from "../../server/services";
import type { ScanLauncher } from "../../server/services/library-scanning";
import { sqlAll, sqlInsert } from "./sqlite";
import { makeTempDir } from "./temp-dir";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { postgresAll, postgresInsert } from "./postgres-sql";
import { lateBound, useSuiteResource } from "./late-bound";

export interface TestServices {
  /** Every service, wired as the server wires them, on a SQLite file in `dataDir` (or a fresh PostgreSQL database, see test-database.ts). */
  services: Services;
  db: Database;
  dataDir: string;
  dbFile: string;
  /** Runs one statement on the database file (a second connection) and returns the rows. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Inserts one row through a second connection and returns its id. */
  insert(query: string, params?: unknown[]): Promise<number>;
  /** Closes the database and removes the folder. */
  close(): Promise<void>;
}

export type TestServicesOptions = Partial<Omit<ServiceDependencies, "dataDir">> & {
  /** First-start data (resolutions, default FFmpeg profile, channel 1), as a new server has; on by default. */
  seed?: boolean;
};

/** Scans need the scanner child process of a running server: rule tests get a clear error instead. */
export const NO_SCANS: ScanLauncher = {
  start: () => {
    throw new Error("createTestServices has no scanner: test scans through useTestServer");
  },
  status: () => undefined,
  byScanId: () => undefined,
  reportProgress: () => undefined,
  reportEnd: () => undefined,
};

/**
 * The services on a real SQLite file in a temp folder, without HTTP: for domain-rule tests.
 * Scans, streaming and scripts are absent unless passed in `options`.
 */
export async function createTestServices(options: TestServicesOptions = {}): Promise<TestServices> {
  const dataDir = makeTempDir("airwave-services-");
  let db: Database;
  let database: TestDatabase | undefined;
  try {
    database = await createTestDatabase(dataDir);
    db = await Database.open(dataDir, database.config);
  } catch (error) {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const url = database.config.url;
  const { seed = true, ...deps } = options;
  const services = createServices(db, { scans: NO_SCANS, ...deps, dataDir });
  if (seed) await services.seed.seed();
  const dbFile = path.join(dataDir, DATABASE_FILE);
  return {
    services,
    db,
    dataDir,
    dbFile,
    sql: (query, params = []) => (url ? postgresAll(url, query, params) : sqlAll(dbFile, query, params)),
    insert: (query, params = []) => (url ? postgresInsert(url, query, params) : sqlInsert(dbFile, query, params)),
    close: async () => {
      try {
        await db.close();
        await database.drop();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * `createTestServices` for the enclosing suite: made in beforeAll, closed and removed in afterAll.
 * The returned object reaches the live instance on each use, so it can be destructured at once.
 */
export function useTestServices(options: TestServicesOptions = {}): TestServices {
  const current = useSuiteResource("useTestServices: the services", () => createTestServices(options), (made) => made.close());
  return {
    services: lateBound(() => current().services),
    db: lateBound(() => current().db),
    get dataDir() {
      return current().dataDir;
    },
    get dbFile() {
      return current().dbFile;
    },
    sql: (query, params) => current().sql(query, params),
    insert: (query, params) => current().insert(query, params),
    close: () => current().close(),
  };
}
