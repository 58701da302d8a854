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

/** `sqlAll` for a PostgreSQL test database: `?` placeholders, its own short-lived connection. */
export function postgresAll<T = Record<string, unknown>>(url: string, query: string, params: unknown[] = []): Promise<T[]> {
  return withClient(url, async (client) => (await client.query(toNumberedPlaceholders(query), params)).rows as T[]);
}

/** `sqlInsert` for a PostgreSQL test database: the new row's id. */
export function postgresInsert(url: string, query: string, params: unknown[] = []): Promise<number> {
  return withClient(url, async (client) => {
    const result = await client.query(`${toNumberedPlaceholders(query)} RETURNING "id"`, params);
    return Number(result.rows[0].id);
  });
}
