import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Several versions per media item: a version's label ("1080p", "Director's Cut"), the group a local file's name
 * puts it in (files of one group are versions of one item), and the channel's choice of which version plays.
 */
export class MediaVersions1795338600000 implements MigrationInterface {
  name = "MediaVersions1795338600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "label" varchar(200)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "groupKey" varchar(4096)`);
    await queryRunner.query(`CREATE INDEX "IDX_media_version_group" ON "media_version" ("groupKey")`);
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "versionPreference" varchar(30) NOT NULL DEFAULT ('MatchProfile')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "versionPreference"`);
    await queryRunner.query(`DROP INDEX "IDX_media_version_group"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "groupKey"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "label"`);
  }
}
