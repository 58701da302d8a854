import type { EntityManager } from "typeorm";

export type DatabaseKind = "sqlite" | "postgres";

export function databaseKindOf(manager: EntityManager): DatabaseKind {
  return manager.connection.options.type === "postgres" ? "postgres" : "sqlite";
}

/**
 * `?` placeholders as PostgreSQL's `$1, $2, …` (SQLite's numbered `?3` as `$3`). Question marks inside
 * quoted strings or identifiers are left alone; no statement of ours uses PostgreSQL's `?` JSON operators.
 */
export function toNumberedPlaceholders(sql: string): string {
  let out = "";
  let quote: string | null = null;
  let n = 0;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === "?") {
      const digits = /^\d+/.exec(sql.slice(i + 1))?.[0];
      if (digits) {
        out += `$${digits}`;
        i += digits.length;
      } else out += `$${++n}`;
    } else out += ch;
  }
  return out;
}

/**
 * A hand-written statement with `?` placeholders on either database. Repositories write SQL both
 * dialects accept (quoted camelCase names and aliases, TRUE/FALSE, COALESCE); what differs goes
 * through `sqlDialect`.
 */
export function rawQuery<T = Record<string, unknown>>(manager: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return manager.query(databaseKindOf(manager) === "postgres" ? toNumberedPlaceholders(sql) : sql, params) as Promise<T[]>;
}
