import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "media_version" ADD COLUMN "label" varchar(200)`,
  `ALTER TABLE "media_version" ADD COLUMN "groupKey" varchar(4096)`,
  `CREATE INDEX "IDX_media_version_group" ON "media_version" ("groupKey")`,
  `ALTER TABLE "channel" ADD COLUMN "versionPreference" varchar(30) NOT NULL DEFAULT 'MatchProfile'`,
];

const DOWN = [
  `ALTER TABLE "channel" DROP COLUMN "versionPreference"`,
  `DROP INDEX "IDX_media_version_group"`,
  `ALTER TABLE "media_version" DROP COLUMN "groupKey"`,
  `ALTER TABLE "media_version" DROP COLUMN "label"`,
];

/** Media versions: label, local group, the channel's version preference (SQLite's 0019). */
export const MediaVersionsPostgres1795338600000 = statementMigration("MediaVersions1795338600000", UP, DOWN);
