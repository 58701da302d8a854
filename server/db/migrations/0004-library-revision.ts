import type { MigrationInterface, QueryRunner } from "typeorm";

/** Tables whose rows decide what a playout's content resolves to. */
export const LIBRARY_TABLES = [
  "library",
  "library_path",
  "media_item",
  "media_version",
  "media_chapter",
  "media_guid",
  "media_tag",
  "collection",
  "collection_item",
  "smart_collection",
  "multi_collection",
  "multi_collection_item",
  "playlist_group",
  "playlist",
  "playlist_item",
];

/**
 * A counter that every change to the library's tables increases (by trigger, so no write path can
 * forget it). Builds reuse resolved content while it stays the same.
 */
export class LibraryRevision1795337100000 implements MigrationInterface {
  name = "LibraryRevision1795337100000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "library_revision" ("id" integer PRIMARY KEY CHECK ("id" = 1), "value" integer NOT NULL)`);
    await queryRunner.query(`INSERT INTO "library_revision" ("id", "value") VALUES (1, 0)`);
    for (const table of LIBRARY_TABLES) {
      for (const event of ["INSERT", "UPDATE", "DELETE"]) {
        await queryRunner.query(
          `CREATE TRIGGER "trg_${table}_${event.toLowerCase()}_revision" AFTER ${event} ON "${table}" BEGIN UPDATE "library_revision" SET "value" = "value" + 1 WHERE "id" = 1; END`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of LIBRARY_TABLES) {
      for (const event of ["insert", "update", "delete"]) await queryRunner.query(`DROP TRIGGER IF EXISTS "trg_${table}_${event}_revision"`);
    }
    await queryRunner.query(`DROP TABLE "library_revision"`);
  }
}
