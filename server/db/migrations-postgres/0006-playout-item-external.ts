import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `ALTER TABLE "playout_item" ADD COLUMN "externalPath" varchar(4096)`,
  `ALTER TABLE "playout_item" ADD COLUMN "externalMetadata" text`,
];

const DOWN = [
  `ALTER TABLE "playout_item" DROP COLUMN "externalMetadata"`,
  `ALTER TABLE "playout_item" DROP COLUMN "externalPath"`,
];

/** Playout items of external playouts carry their own path and metadata (SQLite's 0006). */
export class PlayoutItemExternalPostgres1795337300000 implements MigrationInterface {
  name = "PlayoutItemExternal1795337300000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
