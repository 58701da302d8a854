import type { MigrationInterface, QueryRunner } from "typeorm";

const COLUMNS: Array<[string, string]> = [
  ["artist", "varchar(500)"],
  ["albumArtist", "varchar(500)"],
  ["album", "varchar(500)"],
  ["trackNumber", "integer"],
  ["discNumber", "integer"],
];

/** Songs carry artist, album artist, album, track and disc from their tags; artists group them. */
export class SongTags1795337800000 implements MigrationInterface {
  name = "SongTags1795337800000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, type] of COLUMNS) await queryRunner.query(`ALTER TABLE "media_item" ADD COLUMN "${name}" ${type}`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name] of [...COLUMNS].reverse()) await queryRunner.query(`ALTER TABLE "media_item" DROP COLUMN "${name}"`);
  }
}
