import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "channel" ADD COLUMN "subtitleDelivery" varchar(20) NOT NULL DEFAULT 'BurnIn'`,
  `ALTER TABLE "channel" ADD COLUMN "subtitleLanguageCodes" text NOT NULL DEFAULT '[]'`,
  `ALTER TABLE "channel" ADD COLUMN "audioLanguageCodes" text NOT NULL DEFAULT '[]'`,
];

const DOWN = [
  `ALTER TABLE "channel" DROP COLUMN "audioLanguageCodes"`,
  `ALTER TABLE "channel" DROP COLUMN "subtitleLanguageCodes"`,
  `ALTER TABLE "channel" DROP COLUMN "subtitleDelivery"`,
];

/** Channel audio tracks and soft subtitles (SQLite's 0016). */
export const ChannelTracksPostgres1795338300000 = statementMigration("ChannelTracks1795338300000", UP, DOWN);
