import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "channel" ADD COLUMN "playoutMode" varchar(20) NOT NULL DEFAULT 'Continuous'`,
  `ALTER TABLE "playout" ADD COLUMN "pausedAt" bigint`,
  `ALTER TABLE "playout" ADD COLUMN "checkpointItemId" bigint`,
  `ALTER TABLE "playout" ADD COLUMN "checkpointOffsetMs" bigint`,
  `ALTER TABLE "playout" ADD COLUMN "shiftedAt" bigint`,
];

const DOWN = [
  `ALTER TABLE "playout" DROP COLUMN "shiftedAt"`,
  `ALTER TABLE "playout" DROP COLUMN "checkpointOffsetMs"`,
  `ALTER TABLE "playout" DROP COLUMN "checkpointItemId"`,
  `ALTER TABLE "playout" DROP COLUMN "pausedAt"`,
  `ALTER TABLE "channel" DROP COLUMN "playoutMode"`,
];

/** On-demand channels and their checkpoints (SQLite's 0014). */
export const OnDemandChannelsPostgres1795338100000 = statementMigration("OnDemandChannels1795338100000", UP, DOWN);
