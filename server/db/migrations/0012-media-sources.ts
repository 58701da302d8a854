import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Media servers as library sources: the servers (with their credential), which Airwave library each
 * server library feeds, which collections mirror server collections/playlists, and on items and files
 * the server's ids, updated-at, file path and stream key.
 */
export class MediaSources1795337900000 implements MigrationInterface {
  name = "MediaSources1795337900000";

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "media_source" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(50) COLLATE NOCASE NOT NULL, "kind" varchar(20) NOT NULL, "url" varchar(2048) NOT NULL, "credential" text NOT NULL, "pathReplacements" text NOT NULL DEFAULT ('[]'), "serverId" varchar(200), "serverName" varchar(200), "serverVersion" varchar(50), CONSTRAINT "UQ_media_source_name" UNIQUE ("name"))`);
    await queryRunner.query(`CREATE TABLE "media_source_library" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mediaSourceId" integer NOT NULL, "libraryId" integer NOT NULL, "remoteLibraryId" varchar(200) NOT NULL, "syncedThrough" integer, CONSTRAINT "UQ_55dc53b0407ffa56fb2b158f96a" UNIQUE ("libraryId"), CONSTRAINT "FK_a1f1649b965d83a59a0692d426b" FOREIGN KEY ("mediaSourceId") REFERENCES "media_source" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_55dc53b0407ffa56fb2b158f96a" FOREIGN KEY ("libraryId") REFERENCES "library" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_media_source_library_source" ON "media_source_library" ("mediaSourceId") `);
    await queryRunner.query(`CREATE TABLE "media_source_collection" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mediaSourceId" integer NOT NULL, "collectionId" integer NOT NULL, "remoteKind" varchar(20) NOT NULL, "remoteId" varchar(200) NOT NULL, CONSTRAINT "UQ_5ca8df4724fe3bcf9b91dc04afc" UNIQUE ("collectionId"), CONSTRAINT "FK_c1ffd7481ab4acb41a98ae42205" FOREIGN KEY ("mediaSourceId") REFERENCES "media_source" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_5ca8df4724fe3bcf9b91dc04afc" FOREIGN KEY ("collectionId") REFERENCES "collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
    await queryRunner.query(`CREATE INDEX "IDX_media_source_collection_source" ON "media_source_collection" ("mediaSourceId") `);
    await queryRunner.query(`ALTER TABLE "media_item" ADD COLUMN "remoteId" varchar(200)`);
    await queryRunner.query(`ALTER TABLE "media_item" ADD COLUMN "remoteUpdatedAt" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_media_item_remote" ON "media_item" ("libraryPathId", "remoteId") `);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "remotePath" varchar(4096)`);
    await queryRunner.query(`ALTER TABLE "media_version" ADD COLUMN "remoteKey" varchar(500)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "remoteKey"`);
    await queryRunner.query(`ALTER TABLE "media_version" DROP COLUMN "remotePath"`);
    await queryRunner.query(`DROP INDEX "IDX_media_item_remote"`);
    await queryRunner.query(`ALTER TABLE "media_item" DROP COLUMN "remoteUpdatedAt"`);
    await queryRunner.query(`ALTER TABLE "media_item" DROP COLUMN "remoteId"`);
    await queryRunner.query(`DROP TABLE "media_source_collection"`);
    await queryRunner.query(`DROP TABLE "media_source_library"`);
    await queryRunner.query(`DROP TABLE "media_source"`);
  }
}
