import { statementMigration } from "./statement-migration";

const UP = [
  `ALTER TABLE "playout_item" ADD COLUMN "externalPath" varchar(4096)`,
  `ALTER TABLE "playout_item" ADD COLUMN "externalMetadata" text`,
];

const DOWN = [
  `ALTER TABLE "playout_item" DROP COLUMN "externalMetadata"`,
  `ALTER TABLE "playout_item" DROP COLUMN "externalPath"`,
];

/** Playout items of external playouts carry their own path and metadata (SQLite's 0006). */
export const PlayoutItemExternalPostgres1795337300000 = statementMigration("PlayoutItemExternal1795337300000", UP, DOWN);
