/**
 * The test files the `postgres` vitest project runs again on PostgreSQL (each server or service set
 * on a fresh database of the run's throwaway cluster). Files that read the SQLite file itself, or
 * restart a server on the same folder, are SQLite-only.
 */
export const POSTGRES_TESTS = [
  // PostgreSQL only: its schema against the entities, several nodes on one database.
  "test/postgres/**/*.test.ts",
  "test/deploy/nginx-failover.test.ts",
  "test/services/**/*.test.ts",
  // The shared table of search queries and the rows they match: the same results on both databases.
  "test/search/compile.test.ts",
  "test/api/**/*.test.ts",
  // Media sources synced from (fake) Jellyfin, Emby and Plex servers into the database, and played from it.
  "test/media-servers/**/*.test.ts",
  // Scans write the library tables in bulk. (test/guide is the pure guide engine: no database, SQLite project only.)
  "test/scanner/**/*.test.ts",
  // The CLI's backup refuses a PostgreSQL database by name.
  "test/cli/server-commands.test.ts",
  // Left to SQLite: test/streaming (FFmpeg and the session layer), test/iptv, test/http, test/security,
  // test/cli and test/robustness. They test HTTP-level behaviour (media-player routes, middleware, refusals,
  // the CLI, malformed input) whose database reads and writes are the service and API calls test/services and
  // test/api already run here; on both databases they cost about five minutes of CI's 25-minute budget.
];

/**
 * Files the `sqlite` project leaves out: what needs several nodes sharing one database (a node killed
 * behind nginx hands its channels and the leader lock to the other).
 */
export const POSTGRES_ONLY = ["test/postgres/**", "test/deploy/nginx-failover.test.ts"];

/**
 * Files of the folders above that do not run on PostgreSQL. Backups are SQLite's alone by design (a
 * PostgreSQL database is backed up with pg_dump; test/postgres/backups.test.ts shows the refusal).
 * The media-server client tests talk to fake servers only and touch no database.
 */
export const NOT_ON_POSTGRES = [
  "test/api/backups.test.ts",
  // Backup files and restores of the SQLite file: their modes (SQLite's own backups).
  "test/security/secrets-at-rest.test.ts",
  "test/services/backup-restore-timelines.test.ts",
  "test/media-servers/mediabrowser-clients.test.ts",
  "test/media-servers/plex/plex-client.test.ts",
  // FFmpeg playback and artwork files, the slowest files of the PostgreSQL project (137 s of test time): their
  // database reads are the syncs, scans and watermark rows the other files of these folders run here.
  "test/media-servers/media-source-playback.test.ts",
  "test/media-servers/plex/plex-playback.test.ts",
  "test/scanner/artwork-scan.test.ts",
  "test/api/watermarks.test.ts",
  // No database at all: file-name, NFO and ffprobe parsing (real-ffprobe runs ffprobe on generated files), the
  // folder walker run as another user, and pure functions of the services folder.
  "test/scanner/parsing/**",
  "test/scanner/unreadable-folders.test.ts",
  "test/services/sign-in-limiter.test.ts",
  "test/services/song-playout-item.test.ts",
  // These read the SQLite file itself (PRAGMA integrity_check, the fuzzed definitions' rows through sqlite3).
  "test/scanner/scan-interrupted.test.ts",
  "test/robustness/playout-definition-fuzz.test.ts",
];
