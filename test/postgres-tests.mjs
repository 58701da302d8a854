/**
 * The test files the `postgres` vitest project runs again on PostgreSQL (each server or service set
 * on a fresh database of the run's throwaway cluster). Files that read the SQLite file itself, or
 * restart a server on the same folder, are SQLite-only.
 */
export const POSTGRES_TESTS = [
  // PostgreSQL only: its schema against the entities.
  "test/postgres/**/*.test.ts",
  "test/services/**/*.test.ts",
  // The shared table of search queries and the rows they match: the same results on both databases.
  "test/search/compile.test.ts",
  // API tests whose fixtures reach the database only through the API or portable SQL. The other API
  // test files still seed rows with SQLite-only SQL (unquoted camelCase names) and run on SQLite only.
  ...[
    "blocks", "blocks-graphql", "channels", "collections", "ffmpeg-info", "ffmpeg-profiles", "filler-presets-graphql", "graphql", "logs",
    "on-demand-channels", "playout-validate", "playouts", "request-limits", "schedules-graphql", "scripted-playouts", "smart-collections", "smoke",
  ].map((name) => `test/api/${name}.test.ts`),
];
