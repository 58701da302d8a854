import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Filler presets store their content as the same embedded `ContentTarget` as schedule and block items,
 * which has a search query column; presets never use it (a filler cannot play a search), so it stays null.
 */
export class FillerPresetSearchQuery1795337600000 implements MigrationInterface {
  name = "FillerPresetSearchQuery1795337600000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "filler_preset" ADD COLUMN "searchQuery" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "filler_preset" DROP COLUMN "searchQuery"`);
  }
}
