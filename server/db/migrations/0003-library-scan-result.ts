import type { MigrationInterface, QueryRunner } from "typeorm";

/** Libraries remember how their last scan ended. */
export class LibraryScanResult1795337000000 implements MigrationInterface {
  name = "LibraryScanResult1795337000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library" ADD COLUMN "lastScanSuccess" boolean`);
    await queryRunner.query(`ALTER TABLE "library" ADD COLUMN "lastScanMessage" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "library" DROP COLUMN "lastScanMessage"`);
    await queryRunner.query(`ALTER TABLE "library" DROP COLUMN "lastScanSuccess"`);
  }
}
