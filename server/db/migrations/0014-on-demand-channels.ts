import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * On-demand channels: the channel's playout mode, and on its playout where the timeline stood when the
 * last viewer left (wall time of the pause, the item and the offset into it), and when its items were last moved (resume or skip).
 */
export class OnDemandChannels1795338100000 implements MigrationInterface {
  name = "OnDemandChannels1795338100000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channel" ADD COLUMN "playoutMode" varchar(20) NOT NULL DEFAULT ('Continuous')`);
    await queryRunner.query(`ALTER TABLE "playout" ADD COLUMN "pausedAt" integer`);
    await queryRunner.query(`ALTER TABLE "playout" ADD COLUMN "checkpointItemId" integer`);
    await queryRunner.query(`ALTER TABLE "playout" ADD COLUMN "checkpointOffsetMs" integer`);
    await queryRunner.query(`ALTER TABLE "playout" ADD COLUMN "shiftedAt" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "playout" DROP COLUMN "shiftedAt"`);
    await queryRunner.query(`ALTER TABLE "playout" DROP COLUMN "checkpointOffsetMs"`);
    await queryRunner.query(`ALTER TABLE "playout" DROP COLUMN "checkpointItemId"`);
    await queryRunner.query(`ALTER TABLE "playout" DROP COLUMN "pausedAt"`);
    await queryRunner.query(`ALTER TABLE "channel" DROP COLUMN "playoutMode"`);
  }
}
