import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Remote streams: a library's IPTV playlist URL, and on a file version the stream URL it plays, its
 * headers, whether it is live, and its last failure (for the health page).
 */
export class RemoteStreams1795338200000 implements MigrationInterface {
  name = "RemoteStreams1795338200000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library" ADD COLUMN "m3uUrl" varchar(2048)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "streamUrl" varchar(2048)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "streamHeaders" text`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "streamLive" boolean NOT NULL DEFAULT (0)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "streamError" text`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "streamFailedAt" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "streamFailedAt"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "streamError"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "streamLive"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "streamHeaders"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "streamUrl"`);
    await queryRunner.query(`ALTER TABLE "library" DROP COLUMN "m3uUrl"`);
  }
}
