import { randomBytes } from "node:crypto";
import path from "node:path";
import { inject } from "vitest";
import type { DatabaseConfig } from "../../server/config/app-config";

/**
 * Which database the tests of this worker run on: SQLite files (the default), or — in the `postgres`
 * vitest project — a fresh database per server or service set, on the run's throwaway PostgreSQL
 * cluster (started by global-setup.ts).
 */
export function testDatabaseKind(): "sqlite" | "postgres" {
  return process.env.AIRWAVE_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";
}

export interface TestDatabase {
  config: DatabaseConfig;
  /** Settings in their environment form, for a test server. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: `${inject("postgresUrl")}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** PostgreSQL databases by the data folder of the server or services using them. */
const byDataDir = new Map<string, string>();

/**
 * The PostgreSQL database a data folder's server uses, if any: lets helpers that take a data folder
 * or its SQLite file path (sqlAll, seedMedia, …) reach the same rows on either database.
 */
export function postgresUrlOf(dataDirOrFile: string): string | undefined {
  return byDataDir.get(dataDirOrFile) ?? byDataDir.get(path.dirname(dataDirOrFile));
}

/** The data folder's PostgreSQL database (a new empty one the first time), or nothing to do (SQLite: the data folder holds the file). */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (testDatabaseKind() === "sqlite") return { config: { type: "sqlite" }, env: {}, drop: async () => undefined };
  // A server restarted on the same data folder finds its data again, as with the folder's SQLite file.
  const existing = byDataDir.get(dataDir);
  const name = existing ? existing.slice(existing.lastIndexOf("/") + 1) : `airwave_${randomBytes(6).toString("hex")}`;
  if (!existing) await adminQuery(`CREATE DATABASE "${name}"`);
  const url = `${inject("postgresUrl")}/${name}`;
  byDataDir.set(dataDir, url);
  return {
    config: { type: "postgres", url },
    env: { Database__Type: "postgres", Database__Url: url },
    drop: async () => {
      byDataDir.delete(dataDir);
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    /** `postgres://user@127.0.0.1:port` of the run's PostgreSQL cluster (no database), when the postgres project runs. */
    postgresUrl: string;
  }
}
