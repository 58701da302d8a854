import { statementMigration } from "./statement-migration";

const UP = [`CREATE TABLE "owner_session" ("tokenHash" varchar(64) PRIMARY KEY NOT NULL, "passwordTag" varchar(32) NOT NULL, "createdAt" bigint NOT NULL, "expiresAt" bigint NOT NULL)`];

const DOWN = [`DROP TABLE "owner_session"`];

/** Signed-in UI sessions of the owner (SQLite's 0017). */
export const OwnerSessionsPostgres1795338400000 = statementMigration("OwnerSessions1795338400000", UP, DOWN);
