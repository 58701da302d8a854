import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "media_item" ADD COLUMN "artist" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "albumArtist" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "album" varchar(500)`,
  `ALTER TABLE "media_item" ADD COLUMN "trackNumber" bigint`,
  `ALTER TABLE "media_item" ADD COLUMN "discNumber" bigint`,
];

const DOWN = [
  `ALTER TABLE "media_item" DROP COLUMN "discNumber"`,
  `ALTER TABLE "media_item" DROP COLUMN "trackNumber"`,
  `ALTER TABLE "media_item" DROP COLUMN "album"`,
  `ALTER TABLE "media_item" DROP COLUMN "albumArtist"`,
  `ALTER TABLE "media_item" DROP COLUMN "artist"`,
];

/** Song tags on media items (SQLite's 0011). */
export const SongTagsPostgres1795337800000 = statementMigration("SongTags1795337800000", UP, DOWN);
