import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `ALTER TABLE "artwork" ADD COLUMN "listKey" varchar(1024)`,
  `ALTER TABLE "media_version" ADD COLUMN "sidecarStamp" varchar(64)`,
];

const DOWN = [
  `ALTER TABLE "media_version" DROP COLUMN "sidecarStamp"`,
  `ALTER TABLE "artwork" DROP COLUMN "listKey"`,
];

/** Artwork list keys and the sidecar stamp of a media version (SQLite's 0010). */
export class ArtworkModelPostgres1795337700000 implements MigrationInterface {
  name = "ArtworkModel1795337700000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
