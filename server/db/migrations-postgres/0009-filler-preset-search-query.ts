import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `ALTER TABLE "filler_preset" ADD COLUMN "searchQuery" text`,
];

const DOWN = [
  `ALTER TABLE "filler_preset" DROP COLUMN "searchQuery"`,
];

/** Filler presets may target a search query (SQLite's 0009). */
export class FillerPresetSearchQueryPostgres1795337600000 implements MigrationInterface {
  name = "FillerPresetSearchQuery1795337600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
