import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "library" ADD COLUMN "m3uUrl" varchar(2048)`,
  `ALTER TABLE "media_version" ADD COLUMN "streamUrl" varchar(2048)`,
  `ALTER TABLE "media_version" ADD COLUMN "streamHeaders" text`,
  `ALTER TABLE "media_version" ADD COLUMN "streamLive" boolean NOT NULL DEFAULT false`,
  `ALTER TABLE "media_version" ADD COLUMN "streamError" text`,
  `ALTER TABLE "media_version" ADD COLUMN "streamFailedAt" bigint`,
];

const DOWN = [
  `ALTER TABLE "media_version" DROP COLUMN "streamFailedAt"`,
  `ALTER TABLE "media_version" DROP COLUMN "streamError"`,
  `ALTER TABLE "media_version" DROP COLUMN "streamLive"`,
  `ALTER TABLE "media_version" DROP COLUMN "streamHeaders"`,
  `ALTER TABLE "media_version" DROP COLUMN "streamUrl"`,
  `ALTER TABLE "library" DROP COLUMN "m3uUrl"`,
];

/** Remote streams (SQLite's 0015). */
export const RemoteStreamsPostgres1795338200000 = statementMigration("RemoteStreams1795338200000", UP, DOWN);
