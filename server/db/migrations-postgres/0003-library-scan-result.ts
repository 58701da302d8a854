import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "library" ADD COLUMN "lastScanSuccess" boolean`,
  `ALTER TABLE "library" ADD COLUMN "lastScanMessage" text`,
];

const DOWN = [
  `ALTER TABLE "library" DROP COLUMN "lastScanMessage"`,
  `ALTER TABLE "library" DROP COLUMN "lastScanSuccess"`,
];

/** Libraries record the result of their last scan (SQLite's 0003). */
export const LibraryScanResultPostgres1795337000000 = statementMigration("LibraryScanResult1795337000000", UP, DOWN);
