import fs from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { Database } from "../../server/db/database";
import { BackupJob } from "../../server/jobs/backup-job";
import { createLogger } from "../../server/logging/logger";
import { BackupService } from "../../server/services/backup-service";
import { makeTempDir } from "../support/temp-dir";

const HOUR = 3_600_000;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function setup(settings: { intervalHours: number; keep: number }) {
  const dir = makeTempDir();
  const db = await Database.open(dir);
  cleanups.push(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  let now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const clock = { now: () => now, advance: (ms: number) => (now += ms) };
  return { service: new BackupService(dir, settings, clock.now), clock };
}

describe("backup schedule", () => {
  it("is due once the interval has passed since the newest backup, or since the start when there is none", async () => {
    const { service, clock } = await setup({ intervalHours: 24, keep: 7 });
    const start = clock.now();
    expect(service.isDue(start)).toBe(false);
    clock.advance(24 * HOUR - 1);
    expect(service.isDue(start)).toBe(false);
    clock.advance(1);
    expect(service.isDue(start)).toBe(true);
    await service.create("manual");
    expect(service.isDue(start)).toBe(false);
    clock.advance(24 * HOUR);
    expect(service.isDue(start)).toBe(true);
  });

  it("an interval of 0 turns the schedule off", async () => {
    const { service, clock } = await setup({ intervalHours: 0, keep: 7 });
    clock.advance(1000 * HOUR);
    expect(service.isDue(0)).toBe(false);
  });

  it("the job writes a scheduled backup when one is due", async () => {
    const { service, clock } = await setup({ intervalHours: 1, keep: 7 });
    await service.create("manual");
    clock.advance(HOUR);
    const job = new BackupJob(service, createLogger("error", () => undefined), clock.now, 60_000);
    job.start();
    await job.stop();
    expect(service.list().map((b) => b.trigger)).toEqual(["scheduled", "manual"]);
  });
});
