import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `ALTER TABLE "media_item" ADD COLUMN "artist" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "albumArtist" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "album" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "trackNumber" bigint`,
  `ALTER TABLE "media_item" ADD COLUMN "discNumber" bigint`,
];

const DOWN = [
  `ALTER TABLE "media_item" DROP COLUMN "discNumber"`,
  `ALTER TABLE "media_item" DROP COLUMN "trackNumber"`,
  `ALTER TABLE "media_item" DROP COLUMN "album"`,
  `ALTER TABLE "media_item" DROP COLUMN "albumArtist"`,
  `ALTER TABLE "media_item" DROP COLUMN "artist"`,
];

/** Song tags on media items (SQLite's 0011). */
export class SongTagsPostgres1795337800000 implements MigrationInterface {
  name = "SongTags1795337800000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
