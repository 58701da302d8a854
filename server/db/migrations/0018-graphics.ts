import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Graphics elements: their table, the channel's ordered list of them, and on schedule items, block items and
 * playout items the item's own list and whether it adds to or replaces the channel's.
 */
export class Graphics1795338500000 implements MigrationInterface {
  name = "Graphics1795338500000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "graphic" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, "kind" varchar(20) NOT NULL, "text" varchar(500), "imagePath" varchar(1024), "position" varchar(20) NOT NULL DEFAULT ('BottomLeft'), "horizontalMarginPercent" real NOT NULL DEFAULT (4), "verticalMarginPercent" real NOT NULL DEFAULT (5), "sizePercent" real NOT NULL DEFAULT (5), "color" varchar(7) NOT NULL DEFAULT ('#FFFFFF'), "backgroundColor" varchar(7) NOT NULL DEFAULT ('#000000'), "backgroundOpacity" integer NOT NULL DEFAULT (60), "opacity" integer NOT NULL DEFAULT (100), "fadeSeconds" real NOT NULL DEFAULT (0.5), "show" varchar(30) NOT NULL DEFAULT ('Always'), "seconds" integer, "everyMinutes" integer, "timeFormat" varchar(20) NOT NULL DEFAULT ('TwentyFourHour'), "showDuringFiller" boolean NOT NULL DEFAULT (0), CONSTRAINT "UQ_graphic_name" UNIQUE ("name"))`);
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "graphicsIds" text NOT NULL DEFAULT ('[]')`);
    await queryRunner.query(`ALTER TABLE "schedule_item" ADD COLUMN "graphicsIds" text`);
    await queryRunner.query(`ALTER TABLE "schedule_item" ADD COLUMN "graphicsMode" varchar(20) NOT NULL DEFAULT ('Add')`);
    await queryRunner.query(`ALTER TABLE "block_item" ADD COLUMN "graphicsIds" text NOT NULL DEFAULT ('[]')`);
    await queryRunner.query(`ALTER TABLE "block_item" ADD COLUMN "graphicsMode" varchar(20) NOT NULL DEFAULT ('Add')`);
    await queryRunner.query(`ALTER TABLE "playout_item" ADD COLUMN "graphicsIds" text`);
    await queryRunner.query(`ALTER TABLE "playout_item" ADD COLUMN "graphicsMode" varchar(20)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playout_item" DROP COLUMN "graphicsMode"`);
    await queryRunner.query(`ALTER TABLE "playout_item" DROP COLUMN "graphicsIds"`);
    await queryRunner.query(`ALTER TABLE "block_item" DROP COLUMN "graphicsMode"`);
    await queryRunner.query(`ALTER TABLE "block_item" DROP COLUMN "graphicsIds"`);
    await queryRunner.query(`ALTER TABLE "schedule_item" DROP COLUMN "graphicsMode"`);
    await queryRunner.query(`ALTER TABLE "schedule_item" DROP COLUMN "graphicsIds"`);
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "graphicsIds"`);
    await queryRunner.query(`DROP TABLE "graphic"`);
  }
}
