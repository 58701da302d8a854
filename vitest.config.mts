import { defineConfig } from "vitest/config";
import { createRequire } from "node:module";
import swc from "unplugin-swc";
import SlowFirstSequencer from "./test/support/slow-first-sequencer.mts";
import { NOT_ON_POSTGRES, POSTGRES_ONLY, POSTGRES_TESTS } from "./test/postgres-tests.mjs";

const require = createRequire(import.meta.url);

// swc emits decorator metadata (type-graphql and TypeORM read it); vite's own transform may not.
export default defineConfig({
  plugins: [swc.vite({ module: { type: "es6" } })],
  // type-graphql and Apollo load graphql's CommonJS build; our own imports must get the same instance.
  resolve: { alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }] },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll's own default (1 s) is shorter than a page load and a GraphQL answer on a loaded CI machine.
    expect: { poll: { timeout: 10_000 } },
    pool: "forks",
    // Two workers even on 2 cores (vitest's default there is one): the suite mostly waits on FFmpeg, Chromium,
    // nginx and PostgreSQL, so one worker kept the machine about a third busy; a third worker made the streaming
    // tests miss their deadlines under load.
    maxWorkers: 2,
    // Each worker runs file after file in one process: the server's module graph (TypeORM, type-graphql, Apollo,
    // tsoa routes: ~600 modules) is imported and the GraphQL schema built once per worker instead of once per
    // file, which took about a third of the run. Files must therefore leave no global state behind: servers,
    // browsers and child processes stopped, fake timers and process.env put back.
    isolate: false,
    // Stops at once when ffmpeg, xmllint, Chromium… are missing; fails the run when a test leaves a temp folder.
    globalSetup: ["./test/support/global-setup.ts"],
    setupFiles: ["./test/support/file-setup.ts"],
    reporters: ["default", "./test/support/summary-reporter.mjs"],
    // The slowest files (test/slow-tests.mjs) start first, so the run does not end on one of them alone.
    sequence: { sequencer: SlowFirstSequencer },
    // Every test but POSTGRES_ONLY runs on SQLite; the tests listed in test/postgres-tests.mjs run (again) on PostgreSQL.
    projects: [
      { extends: true, test: { name: "sqlite", include: ["test/**/*.test.ts"], exclude: POSTGRES_ONLY } },
      { extends: true, test: { name: "postgres", include: POSTGRES_TESTS, exclude: NOT_ON_POSTGRES, env: { AIRWAVE_TEST_DATABASE: "postgres" } } },
    ],
  },
});
