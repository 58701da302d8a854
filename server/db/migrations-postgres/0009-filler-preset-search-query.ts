import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "filler_preset" ADD COLUMN "searchQuery" text`,
];

const DOWN = [
  `ALTER TABLE "filler_preset" DROP COLUMN "searchQuery"`,
];

/** Filler presets may target a search query (SQLite's 0009). */
export const FillerPresetSearchQueryPostgres1795337600000 = statementMigration("FillerPresetSearchQuery1795337600000", UP, DOWN);
