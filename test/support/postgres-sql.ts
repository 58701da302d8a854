import { toNumberedPlaceholders } from "../../server/db/raw-query";

async function withClient<T>(url: string, work: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Test SQL is written for SQLite, where `mediaItemId` and `"mediaItemId"` name the same column;
 * PostgreSQL folds unquoted names to lower case. Unquoted camelCase words outside string literals
 * and quoted names are quoted here (server code quotes its own names; see test/contracts/raw-sql.test.ts).
 */
export function quoteCamelCase(sql: string): string {
  return sql.replace(/('(?:[^']|'')*'|"[^"]*")|\b([a-z]+[A-Z][A-Za-z0-9]*)\b/g, (match, literal: string | undefined, name: string | undefined) => (literal ? literal : `"${name}"`));
}

const forPostgres = (query: string) => toNumberedPlaceholders(quoteCamelCase(query));

/** `sqlAll` for a PostgreSQL test database: `?` placeholders, its own short-lived connection. */
export function postgresAll<T = Record<string, unknown>>(url: string, query: string, params: unknown[] = []): Promise<T[]> {
  return withClient(url, async (client) => (await client.query(forPostgres(query), params)).rows as T[]);
}

/** `sqlInsert` for a PostgreSQL test database: the new row's id. */
export function postgresInsert(url: string, query: string, params: unknown[] = []): Promise<number> {
  return withClient(url, async (client) => {
    // Any statement may come here (tests also UPDATE through it): the id of the row it wrote, or 0.
    const result = await client.query(`${forPostgres(query)} RETURNING "id"`, params);
    return result.rows.length ? Number(result.rows[0].id) : 0;
  });
}
