import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { nodeLauncher } from "../../electron/supervisor/node-launcher";
import { SERVER_ENV, SERVER_EXEC_ARGV } from "../../electron/supervisor/server-flags";
import { makeTempDir } from "../support/temp-dir";

interface Seen {
  arenaMax: string | null;
  mmapThreshold: string | null;
  execArgv: string[];
}

/** Starts a child through the plain-Node launcher; the child reports its environment and V8 flags over IPC and exits. */
async function launchAndReport(env: NodeJS.ProcessEnv): Promise<Seen> {
  const entry = path.join(makeTempDir("airwave-flags-"), "report.js");
  fs.writeFileSync(entry, `process.send({ arenaMax: process.env.MALLOC_ARENA_MAX ?? null, mmapThreshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, execArgv: process.execArgv }, () => process.exit(0));`);
  const child = nodeLauncher({ entry, env })(1);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const seen = await new Promise<Seen>((resolve, reject) => {
    child.on("message", (message) => resolve(message as Seen));
    void exited.then((code) => reject(new Error(`the child exited (${code}) before reporting`)));
  });
  await exited;
  return seen;
}

describe("the server process's launch settings", () => {
  it("runs the server with the V8 flags, MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_", async () => {
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
    const seen = await launchAndReport({ PATH: process.env.PATH });
    expect(seen.arenaMax).toBe("2");
    expect(seen.mmapThreshold).toBe("131072");
    expect(seen.execArgv).toEqual([...SERVER_EXEC_ARGV]);
  });

  it("leaves a MALLOC_ARENA_MAX the user's environment sets", async () => {
    const seen = await launchAndReport({ PATH: process.env.PATH, MALLOC_ARENA_MAX: "4" });
    expect(seen.arenaMax).toBe("4");
  });
});
