import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `ALTER TABLE "library" ADD COLUMN "lastScanSuccess" boolean`,
  `ALTER TABLE "library" ADD COLUMN "lastScanMessage" text`,
];

const DOWN = [
  `ALTER TABLE "library" DROP COLUMN "lastScanMessage"`,
  `ALTER TABLE "library" DROP COLUMN "lastScanSuccess"`,
];

/** Libraries record the result of their last scan (SQLite's 0003). */
export class LibraryScanResultPostgres1795337000000 implements MigrationInterface {
  name = "LibraryScanResult1795337000000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
