import type { MigrationInterface, QueryRunner } from "typeorm";
import { LIBRARY_TABLES } from "../migrations/0004-library-revision";

/**
 * The library revision counter (SQLite's 0004). One statement-level trigger per table: a bulk insert
 * of a thousand rows raises the revision once, and concurrent writers queue on one row only once per
 * statement.
 */
export class LibraryRevisionPostgres1795337100000 implements MigrationInterface {
  name = "LibraryRevision1795337100000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "library_revision" ("id" bigint PRIMARY KEY CHECK ("id" = 1), "value" bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO "library_revision" ("id", "value") VALUES (1, 0)`);
    await queryRunner.query(
      `CREATE FUNCTION "library_revision_bump"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE "library_revision" SET "value" = "value" + 1 WHERE "id" = 1; RETURN NULL; END $$`,
    );
    for (const table of LIBRARY_TABLES) {
      await queryRunner.query(`CREATE TRIGGER "trg_${table}_revision" AFTER INSERT OR UPDATE OR DELETE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "library_revision_bump"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of LIBRARY_TABLES) await queryRunner.query(`DROP TRIGGER IF EXISTS "trg_${table}_revision" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "library_revision_bump"()`);
    await queryRunner.query(`DROP TABLE "library_revision"`);
  }
}
