import fs from "node:fs";

/**
 * What the tests left in the run's temp folder, as one message naming each entry, or null when it
 * is empty. A test that makes a folder removes it (useTempDir, useTestServer and withTestServer do).
 */
export function leftoverReport(runTemp: string): string | null {
  const entries = fs.existsSync(runTemp) ? fs.readdirSync(runTemp).sort() : [];
  if (entries.length === 0) return null;
  return [`The tests left ${entries.length} temporary ${entries.length === 1 ? "entry" : "entries"} behind (removed now; fix the test that made it):`, ...entries.map((e) => `  ${e}`)].join("\n");
}
