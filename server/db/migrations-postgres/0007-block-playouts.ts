import { statementMigration } from "./statement-migration";

const UP = [
  `CREATE TABLE "block" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "minutes" bigint NOT NULL, "stopScheduling" varchar(20) NOT NULL DEFAULT 'AfterDurationEnd', CONSTRAINT "UQ_4896a330611f3b6bc43ec5e0207" UNIQUE ("name"))`,
  `CREATE TABLE "block_item" ("id" bigserial PRIMARY KEY, "blockId" bigint NOT NULL, "position" bigint NOT NULL, "collectionType" varchar(30) NOT NULL, "collectionId" bigint, "mediaItemId" bigint, "multiCollectionId" bigint, "smartCollectionId" bigint, "playlistId" bigint, "searchQuery" text, "playbackOrder" varchar(30) NOT NULL, "includeInProgramGuide" boolean NOT NULL DEFAULT true, "disableWatermarks" boolean NOT NULL DEFAULT false, "watermarkIds" text NOT NULL DEFAULT '[]')`,
  `CREATE INDEX "IDX_block_item_block" ON "block_item" ("blockId", "position")`,
  `CREATE TABLE "block_template" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, CONSTRAINT "UQ_96f61cbf742b70a6f4f555faa84" UNIQUE ("name"))`,
  `CREATE TABLE "block_template_item" ("id" bigserial PRIMARY KEY, "templateId" bigint NOT NULL, "blockId" bigint NOT NULL, "startTimeSeconds" bigint NOT NULL)`,
  `CREATE INDEX "IDX_block_template_item_template" ON "block_template_item" ("templateId", "startTimeSeconds")`,
  `CREATE TABLE "playout_template" ("id" bigserial PRIMARY KEY, "playoutId" bigint NOT NULL, "position" bigint NOT NULL, "templateId" bigint NOT NULL, "priority" bigint NOT NULL DEFAULT 0, "daysOfWeek" text, "daysOfMonth" text, "monthsOfYear" text, "startDate" varchar(10), "endDate" varchar(10))`,
  `CREATE INDEX "IDX_playout_template_playout" ON "playout_template" ("playoutId", "position")`,
  `ALTER TABLE "block_item" ADD CONSTRAINT "FK_4df63d1c9fb69b5a4757ab0aada" FOREIGN KEY ("blockId") REFERENCES "block" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "block_template_item" ADD CONSTRAINT "FK_80e403e49955644f0d5b8fb1615" FOREIGN KEY ("templateId") REFERENCES "block_template" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "block_template_item" ADD CONSTRAINT "FK_4c735d58f331074af923902ef49" FOREIGN KEY ("blockId") REFERENCES "block" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout_template" ADD CONSTRAINT "FK_29dbcd5d7787c4a1a9891e9e08b" FOREIGN KEY ("playoutId") REFERENCES "playout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout_template" ADD CONSTRAINT "FK_d964683ca801a1098deb190937c" FOREIGN KEY ("templateId") REFERENCES "block_template" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
];

const DOWN = [
  `DROP TABLE "playout_template" CASCADE`,
  `DROP TABLE "block_template_item" CASCADE`,
  `DROP TABLE "block_template" CASCADE`,
  `DROP TABLE "block_item" CASCADE`,
  `DROP TABLE "block" CASCADE`,
];

/** Blocks, block templates and the templates of a block playout (SQLite's 0007). */
export const BlockPlayoutsPostgres1795337400000 = statementMigration("BlockPlayouts1795337400000", UP, DOWN);
