import type { MigrationInterface, QueryRunner } from "typeorm";

/** Playout items can play a file outside the library (ExternalJson playouts) and carry its guide metadata. */
export class PlayoutItemExternal1795337300000 implements MigrationInterface {
  name = "PlayoutItemExternal1795337300000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playout_item" ADD COLUMN "externalPath" varchar(4096)`);
    await queryRunner.query(`ALTER TABLE "playout_item" ADD COLUMN "externalMetadata" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playout_item" DROP COLUMN "externalMetadata"`);
    await queryRunner.query(`ALTER TABLE "playout_item" DROP COLUMN "externalPath"`);
  }
}
