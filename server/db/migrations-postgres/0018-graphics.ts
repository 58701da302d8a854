import { statementMigration } from "./statement-migration";

const UP = [
  `CREATE TABLE "graphic" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "kind" varchar(20) NOT NULL, "text" varchar(500), "imagePath" varchar(1024), "position" varchar(20) NOT NULL DEFAULT 'BottomLeft', "horizontalMarginPercent" double precision NOT NULL DEFAULT 4, "verticalMarginPercent" double precision NOT NULL DEFAULT 5, "sizePercent" double precision NOT NULL DEFAULT 5, "color" varchar(7) NOT NULL DEFAULT '#FFFFFF', "backgroundColor" varchar(7) NOT NULL DEFAULT '#000000', "backgroundOpacity" bigint NOT NULL DEFAULT 60, "opacity" bigint NOT NULL DEFAULT 100, "fadeSeconds" double precision NOT NULL DEFAULT 0.5, "show" varchar(30) NOT NULL DEFAULT 'Always', "seconds" bigint, "everyMinutes" bigint, "timeFormat" varchar(20) NOT NULL DEFAULT 'TwentyFourHour', "showDuringFiller" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_graphic_name" UNIQUE ("name"))`,
  `ALTER TABLE "channel" ADD COLUMN "graphicsIds" text NOT NULL DEFAULT '[]'`,
  `ALTER TABLE "schedule_item" ADD COLUMN "graphicsIds" text`,
  `ALTER TABLE "schedule_item" ADD COLUMN "graphicsMode" varchar(20) NOT NULL DEFAULT 'Add'`,
  `ALTER TABLE "block_item" ADD COLUMN "graphicsIds" text NOT NULL DEFAULT '[]'`,
  `ALTER TABLE "block_item" ADD COLUMN "graphicsMode" varchar(20) NOT NULL DEFAULT 'Add'`,
  `ALTER TABLE "playout_item" ADD COLUMN "graphicsIds" text`,
  `ALTER TABLE "playout_item" ADD COLUMN "graphicsMode" varchar(20)`,
];

const DOWN = [
  `ALTER TABLE "playout_item" DROP COLUMN "graphicsMode"`,
  `ALTER TABLE "playout_item" DROP COLUMN "graphicsIds"`,
  `ALTER TABLE "block_item" DROP COLUMN "graphicsMode"`,
  `ALTER TABLE "block_item" DROP COLUMN "graphicsIds"`,
  `ALTER TABLE "schedule_item" DROP COLUMN "graphicsMode"`,
  `ALTER TABLE "schedule_item" DROP COLUMN "graphicsIds"`,
  `ALTER TABLE "channel" DROP COLUMN "graphicsIds"`,
  `DROP TABLE "graphic"`,
];

/** Graphics elements and the lists that attach them (SQLite's 0018). */
export const GraphicsPostgres1795338500000 = statementMigration("Graphics1795338500000", UP, DOWN);
