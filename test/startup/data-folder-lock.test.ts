/**
 * One server per data folder: a second server started on a folder in use fails before it touches
 * anything there (the log store would otherwise move the running server's log aside).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataFolderInUseError, LOCK_FILE } from "../../server/db/data-folder-lock";
import { LOGS_FOLDER } from "../../server/server";
import { waitFor } from "../support/wait";
import { startTestServer, useTestServer } from "../support/test-server";

describe("the data folder lock", () => {
  const { server, api } = useTestServer({ env: { Logging__Level: "info" } });
  const logFile = () => path.join(server.dataDir, LOGS_FOLDER, "airwave.log");
  const previousLog = () => path.join(server.dataDir, LOGS_FOLDER, "airwave.1.log");

  it("refuses a second server on the same folder and leaves the first's log where it is", async () => {
    server.log.info("first server's own line");
    await waitFor(() => fs.readFileSync(logFile(), "utf8").includes("first server's own line"), "the first line in the log file");
    const before = fs.readFileSync(logFile(), "utf8");
    expect(fs.existsSync(previousLog())).toBe(false);

    const second = startTestServer({ dataDir: server.dataDir, env: { Logging__Level: "info" } });
    await expect(second).rejects.toBeInstanceOf(DataFolderInUseError);
    await expect(second).rejects.toThrow(`process ${process.pid}`);

    // Not rotated, not truncated; the lock still names the first server, which still serves and logs.
    expect(fs.existsSync(previousLog())).toBe(false);
    expect(fs.readFileSync(logFile(), "utf8").startsWith(before)).toBe(true);
    expect(fs.readFileSync(path.join(server.dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    expect((await api.get("/api/v1/channels")).status).toBe(200);
    server.log.info("still the first server");
    await waitFor(() => fs.readFileSync(logFile(), "utf8").includes("still the first server"), "the later line in the log file");
  });

  it("takes over a lock file left by a process that is gone", async () => {
    const dataDir = path.join(server.dataDir, "other");
    fs.mkdirSync(dataDir);
    // A pid no process has: above the kernel's pid_max.
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), "4194305\n");
    const other = await startTestServer({ dataDir });
    try {
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await other.stop();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});
