import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "watermark" ADD COLUMN "imageSource" varchar(20) NOT NULL DEFAULT 'Custom'`,
  `ALTER TABLE "watermark" ALTER COLUMN "imagePath" DROP NOT NULL`,
  `ALTER TABLE "watermark" ADD COLUMN "size" varchar(20) NOT NULL DEFAULT 'Scaled'`,
  `ALTER TABLE "watermark" ADD COLUMN "placeWithinSourceContent" boolean NOT NULL DEFAULT false`,
];

const DOWN = [
  `ALTER TABLE "watermark" DROP COLUMN "placeWithinSourceContent"`,
  `ALTER TABLE "watermark" DROP COLUMN "size"`,
  `UPDATE "watermark" SET "imagePath" = '' WHERE "imagePath" IS NULL`,
  `ALTER TABLE "watermark" ALTER COLUMN "imagePath" SET NOT NULL`,
  `ALTER TABLE "watermark" DROP COLUMN "imageSource"`,
];

/** Watermark image source, size mode and placement (SQLite's 0005, which rebuilds the table; PostgreSQL alters it in place). */
export const FillerWatermarkPostgres1795337200000 = statementMigration("FillerWatermark1795337200000", UP, DOWN);
