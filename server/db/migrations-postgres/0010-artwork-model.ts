import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "artwork" ADD COLUMN "listKey" varchar(1024)`,
  `ALTER TABLE "media_version" ADD COLUMN "sidecarStamp" varchar(64)`,
];

const DOWN = [
  `ALTER TABLE "media_version" DROP COLUMN "sidecarStamp"`,
  `ALTER TABLE "artwork" DROP COLUMN "listKey"`,
];

/** Artwork list keys and the sidecar stamp of a media version (SQLite's 0010). */
export const ArtworkModelPostgres1795337700000 = statementMigration("ArtworkModel1795337700000", UP, DOWN);
