import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "ffmpeg_profile" ADD COLUMN "copyWhenCompatible" boolean NOT NULL DEFAULT true`,
];

const DOWN = [
  `ALTER TABLE "ffmpeg_profile" DROP COLUMN "copyWhenCompatible"`,
];

/** FFmpeg profiles may copy streams that already fit (SQLite's 0013). */
export const CopyWhenCompatiblePostgres1795338000000 = statementMigration("CopyWhenCompatible1795338000000", UP, DOWN);
