/**
 * One server per data folder: a second server started on a folder in use fails before it touches
 * anything there (the log store would otherwise move the running server's log aside).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataFolderInUseError, LOCK_FILE, LOCK_STALE_MS } from "../../server/db/data-folder-lock";
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

  it("starts when the lock names its own pid: a container's server is pid 1 again after a kill", async () => {
    const dataDir = path.join(server.dataDir, "same-pid");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${process.pid}\n`);
    const restarted = await startTestServer({ dataDir });
    try {
      expect((await fetch(`${restarted.url}/api/v1/channels`)).status).toBe(200);
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), "utf8").trim()).toBe(String(process.pid));
    } finally {
      await restarted.stop();
    }
  });

  it("takes over a lock naming a live process without a heartbeat (a reused pid), and refuses one whose heartbeat is current", async () => {
    const dataDir = path.join(server.dataDir, "reused-pid");
    fs.mkdirSync(dataDir);
    const lock = path.join(dataDir, LOCK_FILE);
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    const gone = new Promise((resolve) => other.once("exit", resolve));
    try {
      fs.writeFileSync(lock, `${other.pid}\n`);
      await expect(startTestServer({ dataDir })).rejects.toThrow(`process ${other.pid}`);
      const stale = new Date(Date.now() - LOCK_STALE_MS - 10_000);
      fs.utimesSync(lock, stale, stale);
      const started = await startTestServer({ dataDir });
      try {
        expect(fs.readFileSync(lock, "utf8").trim()).toBe(String(process.pid));
        // The running server's heartbeat renews the file, so no one takes it over while it runs.
        fs.utimesSync(lock, stale, stale);
        await waitFor(() => Date.now() - fs.statSync(lock).mtimeMs < LOCK_STALE_MS, "the lock's heartbeat", { timeoutMs: 15_000 });
      } finally {
        await started.stop();
      }
    } finally {
      other.kill("SIGKILL");
      await gone;
    }
  });
});
