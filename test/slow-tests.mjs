/**
 * Test files that take much longer than the rest, with about how many seconds each took in CI (two workers,
 * whole suite): test/support/slow-first-sequencer.mts starts them first in their project, longest first, so
 * none is left running alone at the end of the run. A key with a project ("postgres:…") counts for that
 * project only. Keep the figures rough and the list short; update it from the CI log's file durations.
 */
export const SLOW_TEST_FILES = {
  "test/remote-streams/remote-stream-live.test.ts": 155,
  "test/renderer/first-run.browser.test.ts": 107,
  "postgres:test/services/setup-transfer-move.test.ts": 64,
  "test/streaming/on-demand-streams.test.ts": 43,
  "test/scanner/artwork-scan.test.ts": 43,
  "test/renderer/reload-every-route.browser.test.ts": 43,
  "test/streaming/hls-real-clients.test.ts": 40,
  "test/streaming/session-lifecycle.test.ts": 40,
};
