import type { MigrationInterface, QueryRunner } from "typeorm";

const WATERMARK_COLUMNS = `"id", "name", "imagePath", "position", "widthPercent", "horizontalMarginPercent", "verticalMarginPercent", "opacity", "mode", "frequencyMinutes", "durationSeconds"`;

/**
 * Watermarks gain an image source (a file, or the channel's logo, so `imagePath` becomes optional), a
 * size mode and placement within the source content. SQLite cannot drop NOT NULL in place, so the
 * table is rebuilt; foreign keys are off meanwhile, or dropping the old table would clear every
 * channel's `watermarkId` (ON DELETE SET NULL). That needs a migration outside the usual transaction.
 */
export class FillerWatermark1795337200000 implements MigrationInterface {
  name = "FillerWatermark1795337200000";
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    await rebuild(queryRunner, async () => {
      await queryRunner.query(`CREATE TABLE "temporary_watermark" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, "imageSource" varchar(20) NOT NULL DEFAULT ('Custom'), "imagePath" varchar(1024), "position" varchar(20) NOT NULL DEFAULT ('BottomRight'), "size" varchar(20) NOT NULL DEFAULT ('Scaled'), "widthPercent" real NOT NULL DEFAULT (15), "horizontalMarginPercent" real NOT NULL DEFAULT (5), "verticalMarginPercent" real NOT NULL DEFAULT (5), "opacity" integer NOT NULL DEFAULT (100), "mode" varchar(20) NOT NULL DEFAULT ('Permanent'), "frequencyMinutes" integer, "durationSeconds" integer, "placeWithinSourceContent" boolean NOT NULL DEFAULT (0), CONSTRAINT "UQ_07db86846a686556dba9ea0a8bb" UNIQUE ("name"))`);
      await queryRunner.query(`INSERT INTO "temporary_watermark" (${WATERMARK_COLUMNS}) SELECT ${WATERMARK_COLUMNS} FROM "watermark"`);
      await queryRunner.query(`DROP TABLE "watermark"`);
      await queryRunner.query(`ALTER TABLE "temporary_watermark" RENAME TO "watermark"`);
    });
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await rebuild(queryRunner, async () => {
      await queryRunner.query(`CREATE TABLE "temporary_watermark" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, "imagePath" varchar(1024) NOT NULL, "position" varchar(20) NOT NULL DEFAULT ('BottomRight'), "widthPercent" real NOT NULL DEFAULT (15), "horizontalMarginPercent" real NOT NULL DEFAULT (5), "verticalMarginPercent" real NOT NULL DEFAULT (5), "opacity" integer NOT NULL DEFAULT (100), "mode" varchar(20) NOT NULL DEFAULT ('Permanent'), "frequencyMinutes" integer, "durationSeconds" integer, CONSTRAINT "UQ_07db86846a686556dba9ea0a8bb" UNIQUE ("name"))`);
      await queryRunner.query(`INSERT INTO "temporary_watermark" (${WATERMARK_COLUMNS}) SELECT "id", "name", COALESCE("imagePath", ''), "position", "widthPercent", "horizontalMarginPercent", "verticalMarginPercent", "opacity", "mode", "frequencyMinutes", "durationSeconds" FROM "watermark"`);
      await queryRunner.query(`DROP TABLE "watermark"`);
      await queryRunner.query(`ALTER TABLE "temporary_watermark" RENAME TO "watermark"`);
    });
  }
}

/** Runs a table rebuild in its own transaction with foreign-key actions off, and checks every reference afterwards. */
async function rebuild(queryRunner: QueryRunner, steps: () => Promise<void>): Promise<void> {
  await queryRunner.query(`PRAGMA foreign_keys = OFF`);
  try {
    await queryRunner.startTransaction();
    try {
      await steps();
      const broken: unknown[] = await queryRunner.query(`PRAGMA foreign_key_check`);
      if (broken.length) throw new Error(`the watermark rebuild broke ${broken.length} foreign key reference(s)`);
      await queryRunner.commitTransaction();
    } catch (error) {
      await queryRunner.rollbackTransaction();
      throw error;
    }
  } finally {
    await queryRunner.query(`PRAGMA foreign_keys = ON`);
  }
}
