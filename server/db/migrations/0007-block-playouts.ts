import type { MigrationInterface, QueryRunner } from "typeorm";

/** Block playouts: blocks and their items, block templates (a day of blocks), and playouts' template assignments. */
export class BlockPlayouts1795337400000 implements MigrationInterface {
  name = "BlockPlayouts1795337400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "block" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, "minutes" integer NOT NULL, "stopScheduling" varchar(20) NOT NULL DEFAULT ('AfterDurationEnd'), CONSTRAINT "UQ_4896a330611f3b6bc43ec5e0207" UNIQUE ("name"))`);
    await queryRunner.query(`CREATE TABLE "block_item" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "blockId" integer NOT NULL, "position" integer NOT NULL, "collectionType" varchar(30) NOT NULL, "collectionId" integer, "mediaItemId" integer, "multiCollectionId" integer, "smartCollectionId" integer, "playlistId" integer, "searchQuery" text, "playbackOrder" varchar(30) NOT NULL, "includeInProgramGuide" boolean NOT NULL DEFAULT (1), "disableWatermarks" boolean NOT NULL DEFAULT (0), "watermarkIds" text NOT NULL DEFAULT ('[]'), CONSTRAINT "FK_4df63d1c9fb69b5a4757ab0aada" FOREIGN KEY ("blockId") REFERENCES "block" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_block_item_block" ON "block_item" ("blockId", "position") `);
    await queryRunner.query(`CREATE TABLE "block_template" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, CONSTRAINT "UQ_96f61cbf742b70a6f4f555faa84" UNIQUE ("name"))`);
    await queryRunner.query(`CREATE TABLE "block_template_item" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "templateId" integer NOT NULL, "blockId" integer NOT NULL, "startTimeSeconds" integer NOT NULL, CONSTRAINT "FK_80e403e49955644f0d5b8fb1615" FOREIGN KEY ("templateId") REFERENCES "block_template" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_4c735d58f331074af923902ef49" FOREIGN KEY ("blockId") REFERENCES "block" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_block_template_item_template" ON "block_template_item" ("templateId", "startTimeSeconds") `);
    await queryRunner.query(`CREATE TABLE "playout_template" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "playoutId" integer NOT NULL, "position" integer NOT NULL, "templateId" integer NOT NULL, "priority" integer NOT NULL DEFAULT (0), "daysOfWeek" text, "daysOfMonth" text, "monthsOfYear" text, "startDate" varchar(10), "endDate" varchar(10), CONSTRAINT "FK_29dbcd5d7787c4a1a9891e9e08b" FOREIGN KEY ("playoutId") REFERENCES "playout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_d964683ca801a1098deb190937c" FOREIGN KEY ("templateId") REFERENCES "block_template" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_playout_template_playout" ON "playout_template" ("playoutId", "position") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "playout_template"`);
    await queryRunner.query(`DROP TABLE "block_template_item"`);
    await queryRunner.query(`DROP TABLE "block_template"`);
    await queryRunner.query(`DROP TABLE "block_item"`);
    await queryRunner.query(`DROP TABLE "block"`);
  }
}
