import type { MigrationInterface, QueryRunner } from "typeorm";

/** FFmpeg profiles copy video/audio that already fit the profile instead of transcoding it (on by default). */
export class CopyWhenCompatible1795338000000 implements MigrationInterface {
  name = "CopyWhenCompatible1795338000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ffmpeg_profile" ADD COLUMN "copyWhenCompatible" boolean NOT NULL DEFAULT (1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ffmpeg_profile" DROP COLUMN "copyWhenCompatible"`);
  }
}
