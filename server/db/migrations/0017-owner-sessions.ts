import type { MigrationInterface, QueryRunner } from "typeorm";

/** Signed-in UI sessions of the owner (only a hash of each token). */
export class OwnerSessions1795338400000 implements MigrationInterface {
  name = "OwnerSessions1795338400000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "owner_session" ("tokenHash" varchar(64) PRIMARY KEY NOT NULL, "passwordTag" varchar(32) NOT NULL, "createdAt" integer NOT NULL, "expiresAt" integer NOT NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "owner_session"`);
  }
}
