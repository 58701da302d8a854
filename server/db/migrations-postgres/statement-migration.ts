import type { MigrationInterface, QueryRunner } from "typeorm";

/** A migration that runs fixed statements up and others down; TypeORM reads its timestamp from `name`. */
export function statementMigration(name: string, up: readonly string[], down: readonly string[]): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      for (const statement of up) await queryRunner.query(statement);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      for (const statement of down) await queryRunner.query(statement);
    }
  };
}
