import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * General artwork: every artwork row keeps the cache key of its list-size copy, and each media file
 * remembers the sidecars (NFOs, images) it was read with, so a rescan sees metadata edits.
 */
export class ArtworkModel1795337700000 implements MigrationInterface {
  name = "ArtworkModel1795337700000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "artwork" ADD COLUMN "listKey" varchar(1024)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "sidecarStamp" varchar(64)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "sidecarStamp"`);
    await queryRunner.query(`ALTER TABLE "artwork" DROP COLUMN "listKey"`);
  }
}
