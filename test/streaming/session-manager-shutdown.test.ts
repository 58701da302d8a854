import fs from "node:fs";
import { afterEach, expect, it } from "vitest";
import { DomainError } from "../../server/domain/domain-error";
import { SessionManager } from "../../server/streaming/session-manager";
import { makeTempDir } from "../support/test-server";

let folder: string | undefined;
afterEach(() => {
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

it("waits for the checkpoint of a session that ended just before the server stopped (the database closes after it)", async () => {
  folder = makeTempDir("airwave-session-shutdown-");
  const events: string[] = [];
  const manager = new SessionManager({
    dataDir: folder,
    ffmpegPath: "ffmpeg",
    ffprobePath: "ffprobe",
    idleTimeoutMs: 60_000,
    // The channel is gone: the session ends at once, which stores the channel's checkpoint.
    plan: async () => Promise.reject(DomainError.notFound("Channel", "9")),
    capabilities: async () => Promise.reject(new Error("not asked")),
    leave: async (channel) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      events.push(`checkpoint of ${channel} stored`);
    },
  });
  const session = manager.session("9");
  await new Promise<void>((resolve) => session.once("stopped", () => resolve()));
  await manager.stopAll();
  events.push("stopAll returned");
  expect(events).toEqual(["checkpoint of 9 stored", "stopAll returned"]);
});
