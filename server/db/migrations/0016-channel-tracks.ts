import type { MigrationInterface, QueryRunner } from "typeorm";

/** Channel audio tracks and soft subtitles: subtitle delivery, the subtitle and audio track languages. */
export class ChannelTracks1795338300000 implements MigrationInterface {
  name = "ChannelTracks1795338300000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "subtitleDelivery" varchar(20) NOT NULL DEFAULT ('BurnIn')`);
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "subtitleLanguageCodes" text NOT NULL DEFAULT ('[]')`);
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "audioLanguageCodes" text NOT NULL DEFAULT ('[]')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "audioLanguageCodes"`);
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "subtitleLanguageCodes"`);
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "subtitleDelivery"`);
  }
}
