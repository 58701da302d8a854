import type { MigrationInterface, QueryRunner } from "typeorm";

const UP = [
  `CREATE COLLATION IF NOT EXISTS nocase (provider = icu, locale = 'und-u-ks-level2', deterministic = false)`,
  `CREATE TABLE "artwork" ("id" bigserial PRIMARY KEY, "mediaItemId" bigint NOT NULL, "kind" varchar(20) NOT NULL, "cacheKey" varchar(1024) NOT NULL, "sourcePath" varchar(4096))`,
  `CREATE TABLE "channel" ("id" bigserial PRIMARY KEY, "uniqueId" varchar(36) NOT NULL, "number" varchar(8) NOT NULL, "sortNumber" double precision NOT NULL, "name" varchar(50) NOT NULL, "group" varchar(50) NOT NULL, "categories" text NOT NULL, "ffmpegProfileId" bigint NOT NULL, "streamingMode" varchar(40) NOT NULL, "logoUrl" varchar(2048), "isEnabled" boolean NOT NULL, "showInEpg" boolean NOT NULL, "mirrorSourceChannelId" bigint, "playoutOffsetSeconds" bigint, "preferredAudioLanguageCode" varchar(3), "preferredSubtitleLanguageCode" varchar(3), "subtitleMode" varchar(20) NOT NULL, "watermarkId" bigint, "fallbackFillerId" bigint, CONSTRAINT "UQ_be955f29c9a2496e4a3b4c8e54b" UNIQUE ("uniqueId"), CONSTRAINT "UQ_9367dc3cbcc87051f9a9f935813" UNIQUE ("number"))`,
  `CREATE TABLE "collection" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "useCustomPlaybackOrder" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_926e7bdc3f52cd582078a379f1b" UNIQUE ("name"))`,
  `CREATE TABLE "collection_item" ("collectionId" bigint NOT NULL, "mediaItemId" bigint NOT NULL, "customIndex" bigint, PRIMARY KEY ("collectionId", "mediaItemId"))`,
  `CREATE TABLE "ffmpeg_profile" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "threadCount" bigint NOT NULL DEFAULT 0, "hardwareAcceleration" varchar(20) NOT NULL DEFAULT 'None', "vaapiDevice" varchar(255), "resolutionId" bigint NOT NULL, "scalingBehavior" varchar(20) NOT NULL DEFAULT 'ScaleAndPad', "videoFormat" varchar(20) NOT NULL DEFAULT 'H264', "videoProfile" varchar(20) NOT NULL, "bitDepth" bigint NOT NULL DEFAULT 8, "videoBitrate" bigint NOT NULL DEFAULT 2000, "videoBufferSize" bigint NOT NULL DEFAULT 4000, "audioFormat" varchar(20) NOT NULL DEFAULT 'Aac', "audioBitrate" bigint NOT NULL DEFAULT 192, "audioBufferSize" bigint NOT NULL DEFAULT 384, "audioChannels" bigint NOT NULL DEFAULT 2, "audioSampleRate" double precision NOT NULL DEFAULT 48, "normalizeFramerate" boolean NOT NULL DEFAULT false, "deinterlaceVideo" boolean NOT NULL DEFAULT true, "normalizeLoudness" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_249afbd2b92f4a0b42293c502ad" UNIQUE ("name"))`,
  `CREATE TABLE "filler_preset" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "kind" varchar(20) NOT NULL, "mode" varchar(20), "durationSeconds" bigint, "count" bigint, "padToNearestMinute" bigint, "allowWatermarks" boolean NOT NULL DEFAULT true, "collectionType" varchar(30) NOT NULL, "collectionId" bigint, "mediaItemId" bigint, "multiCollectionId" bigint, "smartCollectionId" bigint, "playlistId" bigint, "expression" varchar(500), "useChaptersAsMediaItems" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_553a6a45f841ae6e237cb5787c8" UNIQUE ("name"))`,
  `CREATE TABLE "library" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "kind" varchar(20) NOT NULL, "lastScan" bigint, CONSTRAINT "UQ_d28e85be2c9210de1f3757d0f29" UNIQUE ("name"))`,
  `CREATE TABLE "library_path" ("id" bigserial PRIMARY KEY, "libraryId" bigint NOT NULL, "path" varchar(4096) NOT NULL, "lastScan" bigint, CONSTRAINT "UQ_f4218702c6391e66740453521d7" UNIQUE ("path"))`,
  `CREATE TABLE "media_chapter" ("id" bigserial PRIMARY KEY, "mediaVersionId" bigint NOT NULL, "chapterIndex" bigint NOT NULL, "startMs" bigint NOT NULL, "endMs" bigint NOT NULL, "title" varchar(200))`,
  `CREATE TABLE "media_guid" ("id" bigserial PRIMARY KEY, "mediaItemId" bigint NOT NULL, "source" varchar(20) COLLATE nocase NOT NULL, "value" varchar(100) NOT NULL)`,
  `CREATE TABLE "media_item" ("id" bigserial PRIMARY KEY, "kind" varchar(20) NOT NULL, "libraryPathId" bigint NOT NULL, "parentId" bigint, "folderPath" varchar(4096), "title" varchar(500) NOT NULL, "sortTitle" varchar(500) NOT NULL, "originalTitle" varchar(500), "year" bigint, "releaseDate" varchar(10), "plot" text, "contentRating" varchar(50), "seasonNumber" bigint, "episodeNumber" bigint, "episodeEndNumber" bigint, "state" varchar(20) NOT NULL DEFAULT 'Normal', "addedAt" bigint NOT NULL, "updatedAt" bigint NOT NULL)`,
  `CREATE TABLE "media_stream" ("id" bigserial PRIMARY KEY, "mediaVersionId" bigint NOT NULL, "streamIndex" bigint NOT NULL, "kind" varchar(20) NOT NULL, "codec" varchar(50), "profile" varchar(50), "language" varchar(3), "title" varchar(200), "channels" bigint, "width" bigint, "height" bigint, "pixelFormat" varchar(30), "bitDepth" bigint, "isDefault" boolean NOT NULL DEFAULT false, "isForced" boolean NOT NULL DEFAULT false)`,
  `CREATE TABLE "media_tag" ("id" bigserial PRIMARY KEY, "mediaItemId" bigint NOT NULL, "kind" varchar(20) NOT NULL, "name" varchar(200) COLLATE nocase NOT NULL, "detail" varchar(200))`,
  `CREATE TABLE "media_version" ("id" bigserial PRIMARY KEY, "mediaItemId" bigint NOT NULL, "path" varchar(4096) NOT NULL, "size" bigint NOT NULL, "mtime" bigint NOT NULL, "durationMs" bigint NOT NULL, "container" varchar(50), "width" bigint, "height" bigint, "sampleAspectRatio" varchar(20), "displayAspectRatio" varchar(20), "frameRate" varchar(20), "scanKind" varchar(20), "probedAt" bigint NOT NULL, CONSTRAINT "UQ_b034f97b30f60e81ac9e1b4e3cf" UNIQUE ("path"))`,
  `CREATE TABLE "multi_collection" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, CONSTRAINT "UQ_da3b23c9c2e205bfc3e13583327" UNIQUE ("name"))`,
  `CREATE TABLE "multi_collection_item" ("id" bigserial PRIMARY KEY, "multiCollectionId" bigint NOT NULL, "position" bigint NOT NULL, "collectionId" bigint, "smartCollectionId" bigint, "scheduleAsGroup" boolean NOT NULL DEFAULT false, "playbackOrder" varchar(30) NOT NULL DEFAULT 'Chronological')`,
  `CREATE TABLE "playlist" ("id" bigserial PRIMARY KEY, "playlistGroupId" bigint NOT NULL, "name" varchar(50) COLLATE nocase NOT NULL, CONSTRAINT "UQ_playlist_group_name" UNIQUE ("playlistGroupId", "name"))`,
  `CREATE TABLE "playlist_group" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, CONSTRAINT "UQ_7912a1d5779d64204e02c15060f" UNIQUE ("name"))`,
  `CREATE TABLE "playlist_item" ("id" bigserial PRIMARY KEY, "playlistId" bigint NOT NULL, "position" bigint NOT NULL, "collectionType" varchar(30) NOT NULL, "collectionId" bigint, "mediaItemId" bigint, "multiCollectionId" bigint, "smartCollectionId" bigint, "playbackOrder" varchar(30) NOT NULL DEFAULT 'Chronological', "count" bigint, "playAll" boolean NOT NULL DEFAULT false, "includeInProgramGuide" boolean NOT NULL DEFAULT true)`,
  `CREATE TABLE "playout" ("id" bigserial PRIMARY KEY, "channelId" bigint NOT NULL, "kind" varchar(20) NOT NULL, "scheduleId" bigint, "scheduleFile" varchar(4096), "definition" text, "seed" bigint NOT NULL, "buildState" text, "lastBuildAt" bigint, "lastBuildSuccess" boolean, "lastBuildMessage" text, "createdAt" bigint NOT NULL, CONSTRAINT "REL_b3d92ffef8c2a6ac64dec96e04" UNIQUE ("channelId"))`,
  `CREATE TABLE "playout_build" ("id" bigserial PRIMARY KEY, "playoutId" bigint NOT NULL, "mode" varchar(20) NOT NULL, "startedAt" bigint NOT NULL, "finishedAt" bigint NOT NULL, "success" boolean NOT NULL, "message" text, "itemCount" bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE "playout_item" ("id" bigserial PRIMARY KEY, "playoutId" bigint NOT NULL, "mediaItemId" bigint, "start" bigint NOT NULL, "finish" bigint NOT NULL, "inPointMs" bigint NOT NULL DEFAULT 0, "outPointMs" bigint NOT NULL, "guideGroup" bigint NOT NULL DEFAULT 0, "guideStart" bigint, "guideFinish" bigint, "fillerKind" varchar(20) NOT NULL DEFAULT 'None', "customTitle" varchar(200), "hiddenFromGuide" boolean NOT NULL DEFAULT false, "watermarkIds" text, "disableWatermarks" boolean NOT NULL DEFAULT false, "preferredAudioLanguageCode" varchar(3), "preferredSubtitleLanguageCode" varchar(3), "subtitleMode" varchar(20), "source" varchar(200))`,
  `CREATE TABLE "resolution" ("id" bigserial PRIMARY KEY, "name" varchar(50) NOT NULL, "width" bigint NOT NULL, "height" bigint NOT NULL, "isCustom" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_resolution_size" UNIQUE ("width", "height"))`,
  `CREATE TABLE "schedule" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "keepMultiPartEpisodesTogether" boolean NOT NULL DEFAULT false, "treatCollectionsAsShows" boolean NOT NULL DEFAULT false, "shuffleScheduleItems" boolean NOT NULL DEFAULT false, "randomStartPoint" boolean NOT NULL DEFAULT false, "fixedStartTimeBehavior" varchar(20) NOT NULL DEFAULT 'Strict', CONSTRAINT "UQ_15663a2014348b782e7058542e1" UNIQUE ("name"))`,
  `CREATE TABLE "schedule_item" ("id" bigserial PRIMARY KEY, "scheduleId" bigint NOT NULL, "position" bigint NOT NULL, "startTimeSeconds" bigint, "fixedStartTimeBehavior" varchar(20), "playoutMode" varchar(20) NOT NULL, "collectionType" varchar(30) NOT NULL, "collectionId" bigint, "mediaItemId" bigint, "multiCollectionId" bigint, "smartCollectionId" bigint, "playlistId" bigint, "searchQuery" text, "playbackOrder" varchar(30) NOT NULL, "marathon" text, "multipleMode" varchar(30), "multipleCount" varchar(200), "playoutDurationSeconds" bigint, "tailMode" varchar(20), "discardToFillAttempts" bigint, "customTitle" varchar(200), "guideMode" varchar(20) NOT NULL DEFAULT 'Normal', "preRollFillerId" bigint, "midRollFillerId" bigint, "postRollFillerId" bigint, "tailFillerId" bigint, "fallbackFillerId" bigint, "watermarkIds" text, "preferredAudioLanguageCode" varchar(3), "preferredAudioTitle" varchar(200), "preferredSubtitleLanguageCode" varchar(3), "subtitleMode" varchar(20))`,
  `CREATE TABLE "setting" ("key" varchar(100) PRIMARY KEY NOT NULL, "value" text NOT NULL)`,
  `CREATE TABLE "smart_collection" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "query" text NOT NULL, CONSTRAINT "UQ_63be6643bad1c22cea665c8d671" UNIQUE ("name"))`,
  `CREATE TABLE "watermark" ("id" bigserial PRIMARY KEY, "name" varchar(50) COLLATE nocase NOT NULL, "imagePath" varchar(1024) NOT NULL, "position" varchar(20) NOT NULL DEFAULT 'BottomRight', "widthPercent" double precision NOT NULL DEFAULT 15, "horizontalMarginPercent" double precision NOT NULL DEFAULT 5, "verticalMarginPercent" double precision NOT NULL DEFAULT 5, "opacity" bigint NOT NULL DEFAULT 100, "mode" varchar(20) NOT NULL DEFAULT 'Permanent', "frequencyMinutes" bigint, "durationSeconds" bigint, CONSTRAINT "UQ_07db86846a686556dba9ea0a8bb" UNIQUE ("name"))`,
  `CREATE INDEX "IDX_artwork_item" ON "artwork" ("mediaItemId")`,
  `CREATE INDEX "IDX_channel_sortNumber" ON "channel" ("sortNumber")`,
  `CREATE INDEX "IDX_collection_item_media" ON "collection_item" ("mediaItemId")`,
  `CREATE INDEX "IDX_media_chapter_version" ON "media_chapter" ("mediaVersionId")`,
  `CREATE INDEX "IDX_media_guid_item" ON "media_guid" ("mediaItemId")`,
  `CREATE INDEX "IDX_media_guid_source_value" ON "media_guid" ("source", "value")`,
  `CREATE INDEX "IDX_media_item_library_kind" ON "media_item" ("libraryPathId", "kind")`,
  `CREATE INDEX "IDX_media_item_parent" ON "media_item" ("parentId")`,
  `CREATE INDEX "IDX_media_stream_version" ON "media_stream" ("mediaVersionId")`,
  `CREATE INDEX "IDX_media_tag_item" ON "media_tag" ("mediaItemId")`,
  `CREATE INDEX "IDX_media_tag_kind_name" ON "media_tag" ("kind", "name")`,
  `CREATE INDEX "IDX_media_version_item" ON "media_version" ("mediaItemId")`,
  `CREATE INDEX "IDX_multi_collection_item_parent" ON "multi_collection_item" ("multiCollectionId")`,
  `CREATE INDEX "IDX_playlist_item_playlist" ON "playlist_item" ("playlistId")`,
  `CREATE INDEX "IDX_playout_build_playout" ON "playout_build" ("playoutId", "startedAt")`,
  `CREATE INDEX "IDX_playout_item_playout_start" ON "playout_item" ("playoutId", "start")`,
  `CREATE INDEX "IDX_schedule_item_schedule" ON "schedule_item" ("scheduleId", "position")`,
  `ALTER TABLE "artwork" ADD CONSTRAINT "FK_2b63ddf0bd58c89fe2bb29a66a0" FOREIGN KEY ("mediaItemId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "channel" ADD CONSTRAINT "FK_9b2b8743656ec74b25b6c5a1388" FOREIGN KEY ("ffmpegProfileId") REFERENCES "ffmpeg_profile" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "channel" ADD CONSTRAINT "FK_469b8173d1fc66430d9034820bd" FOREIGN KEY ("mirrorSourceChannelId") REFERENCES "channel" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "channel" ADD CONSTRAINT "FK_a03ee9ea229f1f2d419bf374859" FOREIGN KEY ("watermarkId") REFERENCES "watermark" ("id") ON DELETE SET NULL ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "channel" ADD CONSTRAINT "FK_fda2cae427ab61438486ac61c35" FOREIGN KEY ("fallbackFillerId") REFERENCES "filler_preset" ("id") ON DELETE SET NULL ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "collection_item" ADD CONSTRAINT "FK_33f1e3ce5cbc324f18fecde19c1" FOREIGN KEY ("collectionId") REFERENCES "collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "collection_item" ADD CONSTRAINT "FK_0116d27ac8350eaa2250cadfddf" FOREIGN KEY ("mediaItemId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "ffmpeg_profile" ADD CONSTRAINT "FK_7fba2025a49d601f039c3b8e354" FOREIGN KEY ("resolutionId") REFERENCES "resolution" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "library_path" ADD CONSTRAINT "FK_64966537865384f715831541a88" FOREIGN KEY ("libraryId") REFERENCES "library" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_chapter" ADD CONSTRAINT "FK_17410c663e449935cd6a4283691" FOREIGN KEY ("mediaVersionId") REFERENCES "media_version" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_guid" ADD CONSTRAINT "FK_c85e0abc96f7909def0e4887b5c" FOREIGN KEY ("mediaItemId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_item" ADD CONSTRAINT "FK_0dc79ea34c14ad5044ca21e643e" FOREIGN KEY ("libraryPathId") REFERENCES "library_path" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_item" ADD CONSTRAINT "FK_aa76c5c60fd3752722ff563cb41" FOREIGN KEY ("parentId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_stream" ADD CONSTRAINT "FK_07607591ce901b3b40daa7ef68b" FOREIGN KEY ("mediaVersionId") REFERENCES "media_version" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_tag" ADD CONSTRAINT "FK_3614affd09103cf796f76c0ddee" FOREIGN KEY ("mediaItemId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "media_version" ADD CONSTRAINT "FK_78cc7220616d059714e33693464" FOREIGN KEY ("mediaItemId") REFERENCES "media_item" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "multi_collection_item" ADD CONSTRAINT "FK_16fe8fb2ac9a6fabd67ce5bca7e" FOREIGN KEY ("multiCollectionId") REFERENCES "multi_collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "multi_collection_item" ADD CONSTRAINT "FK_494c977bbbcec952aa43a6b489d" FOREIGN KEY ("collectionId") REFERENCES "collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "multi_collection_item" ADD CONSTRAINT "FK_d284628e718521cfe9709a97f91" FOREIGN KEY ("smartCollectionId") REFERENCES "smart_collection" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playlist" ADD CONSTRAINT "FK_4a354f525e9b2c6e6fe8ff5fd2c" FOREIGN KEY ("playlistGroupId") REFERENCES "playlist_group" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playlist_item" ADD CONSTRAINT "FK_9b9b229772d88966e7d9959d907" FOREIGN KEY ("playlistId") REFERENCES "playlist" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout" ADD CONSTRAINT "FK_b3d92ffef8c2a6ac64dec96e04d" FOREIGN KEY ("channelId") REFERENCES "channel" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout" ADD CONSTRAINT "FK_da832255708815984af4b4d4328" FOREIGN KEY ("scheduleId") REFERENCES "schedule" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout_build" ADD CONSTRAINT "FK_bfb8caacdfe3e52af514a17f956" FOREIGN KEY ("playoutId") REFERENCES "playout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "playout_item" ADD CONSTRAINT "FK_6b35e856d188c98cfabec6d0450" FOREIGN KEY ("playoutId") REFERENCES "playout" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
  `ALTER TABLE "schedule_item" ADD CONSTRAINT "FK_38749b43c0804ae317d18632e21" FOREIGN KEY ("scheduleId") REFERENCES "schedule" ("id") ON DELETE CASCADE ON UPDATE NO ACTION DEFERRABLE INITIALLY IMMEDIATE`,
];

const DOWN = [
  `DROP TABLE "watermark" CASCADE`,
  `DROP TABLE "smart_collection" CASCADE`,
  `DROP TABLE "setting" CASCADE`,
  `DROP TABLE "schedule_item" CASCADE`,
  `DROP TABLE "schedule" CASCADE`,
  `DROP TABLE "resolution" CASCADE`,
  `DROP TABLE "playout_item" CASCADE`,
  `DROP TABLE "playout_build" CASCADE`,
  `DROP TABLE "playout" CASCADE`,
  `DROP TABLE "playlist_item" CASCADE`,
  `DROP TABLE "playlist_group" CASCADE`,
  `DROP TABLE "playlist" CASCADE`,
  `DROP TABLE "multi_collection_item" CASCADE`,
  `DROP TABLE "multi_collection" CASCADE`,
  `DROP TABLE "media_version" CASCADE`,
  `DROP TABLE "media_tag" CASCADE`,
  `DROP TABLE "media_stream" CASCADE`,
  `DROP TABLE "media_item" CASCADE`,
  `DROP TABLE "media_guid" CASCADE`,
  `DROP TABLE "media_chapter" CASCADE`,
  `DROP TABLE "library_path" CASCADE`,
  `DROP TABLE "library" CASCADE`,
  `DROP TABLE "filler_preset" CASCADE`,
  `DROP TABLE "ffmpeg_profile" CASCADE`,
  `DROP TABLE "collection_item" CASCADE`,
  `DROP TABLE "collection" CASCADE`,
  `DROP TABLE "channel" CASCADE`,
  `DROP TABLE "artwork" CASCADE`,
];

/**
 * The whole product model (SQLite's 0001): tables first, then their foreign keys (PostgreSQL checks
 * references when they are created), deferrable so a setup import may insert rows that point forward.
 * `nocase` is the case-insensitive collation SQLite has built in (ICU, nondeterministic).
 */
export class InitialSchemaPostgres1795336800000 implements MigrationInterface {
  name = "InitialSchema1795336800000";

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of UP) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const statement of DOWN) await queryRunner.query(statement);
  }
}
