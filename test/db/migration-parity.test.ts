import { describe, expect, it } from "vitest";
import { ALL_MIGRATIONS } from "../../server/db/migrations";
import { ALL_POSTGRES_MIGRATIONS } from "../../server/db/migrations-postgres";

const names = (list: ReadonlyArray<new () => { name?: string }>) => list.map((migration) => new migration().name);

describe("the two dialects' migrations", () => {
  it("are in step: PostgreSQL has a migration of the same name for every SQLite migration, in the same order, and none more", () => {
    const sqlite = names(ALL_MIGRATIONS);
    const postgres = names(ALL_POSTGRES_MIGRATIONS);
    const missing = sqlite.filter((name) => !postgres.includes(name));
    const extra = postgres.filter((name) => !sqlite.includes(name));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(postgres).toEqual(sqlite);
  });

  it("every migration has a name (TypeORM records migrations by it)", () => {
    for (const name of [...names(ALL_MIGRATIONS), ...names(ALL_POSTGRES_MIGRATIONS)]) expect(name).toMatch(/^[A-Za-z]+\d{13}$/);
  });
});
