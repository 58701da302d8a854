import { statementMigration } from "./statement-migration";

const UP = [
  `CREATE TABLE "media_source" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "kind" varchar(20) NOT NULL, "url" varchar(2048) NOT NULL, "credential" text NOT NULL, "pathReplacements" text NOT NULL DEFAULT '[]', "serverId" varchar(200), "serverName" varchar(200), "serverVersion" varchar(50), CONSTRAINT "UQ_media_source_name" UNIQUE ("name"))`,
  `CREATE TABLE "media_source_library" ("id" bigserial PRIMARY KEY, "mediaSourceId" bigint NOT NULL, "libraryId" bigint NOT NULL, "remoteLibraryId" varchar(200) NOT NULL, "syncedThrough" bigint, CONSTRAINT "UQ_55dc53b0407ffa56fb2b158f96a" UNIQUE ("libraryId"))`,
  `CREATE INDEX "IDX_media_source_library_source" ON "media_source_library" ("mediaSourceId")`,
  `CREATE TABLE "media_source_collection" ("id" bigserial PRIMARY KEY, "mediaSourceId" bigint NOT NULL, "collectionId" bigint NOT NULL, "remoteKind" varchar(20) NOT NULL, "remoteId" varchar(200) NOT NULL, CONSTRAINT "UQ_5ca8df4724fe3bcf9b91dc04afc" UNIQUE ("collectionId"))`,
  `CREATE INDEX "IDX_media_source_collection_source" ON "media_source_collection" ("mediaSourceId")`,
  `ALTER TABLE "media_item" ADD COLUMN "remoteId" varchar(200)`,
  `ALTER TABLE "media_item" ADD COLUMN "remoteUpdatedAt" bigint`,
  `CREATE INDEX "IDX_media_item_remote" ON "media_item" ("libraryPathId", "remoteId")`,
  `ALTER TABLE "media_version" ADD COLUMN "remotePath" varchar(4096)`,
  `ALTER TABLE "media_version" ADD COLUMN "remoteKey" varchar(500)`,
  `ALTER TABLE "media_source_library" ADD CONSTRAINT "FK_a1f1649b965d83a59a0692d426b" FOREIGN KEY ("mediaSourceId") REFERENCES "media_source" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_source_library" ADD CONSTRAINT "FK_55dc53b0407ffa56fb2b158f96a" FOREIGN KEY ("libraryId") REFERENCES "library" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_source_collection" ADD CONSTRAINT "FK_c1ffd7481ab4acb41a98ae42205" FOREIGN KEY ("mediaSourceId") REFERENCES "media_source" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_source_collection" ADD CONSTRAINT "FK_5ca8df4724fe3bcf9b91dc04afc" FOREIGN KEY ("collectionId") REFERENCES "collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
];

const DOWN = [
  `ALTER TABLE "media_version" DROP COLUMN "remoteKey"`,
  `ALTER TABLE "media_version" DROP COLUMN "remotePath"`,
  `DROP INDEX "IDX_media_item_remote"`,
  `ALTER TABLE "media_item" DROP COLUMN "remoteUpdatedAt"`,
  `ALTER TABLE "media_item" DROP COLUMN "remoteId"`,
  `DROP TABLE "media_source_collection" CASCADE`,
  `DROP TABLE "media_source_library" CASCADE`,
  `DROP TABLE "media_source" CASCADE`,
];

/** Media servers as library sources: sources, their libraries and collections, remote ids and paths (SQLite's 0012). */
export const MediaSourcesPostgres1795337900000 = statementMigration("MediaSources1795337900000", UP, DOWN);
