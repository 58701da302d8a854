import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOG_KEEP, LOG_MAX_BYTES, LogStore } from "../../server/logging/log-store";
import { makeTempDir } from "../support/test-server";

const line = (n: number) => `2026-11-27T10:00:00.000Z INFO line ${String(n).padStart(5, "0")} ${"x".repeat(80)}\n`;

describe("airwave.log rotation", () => {
  it("rotates by size into numbered files, keeps only the newest, and loses no line in between", async () => {
    const dir = makeTempDir("airwave-log-rotation-");
    const store = new LogStore(dir, 100, { maxBytes: 1000, keep: 3 });
    for (let n = 0; n < 100; n++) store.append(line(n));
    await store.close();
    const files = fs.readdirSync(dir).sort();
    expect(files).toEqual(["airwave.1.log", "airwave.2.log", "airwave.3.log", "airwave.log"]);
    for (const file of files) expect(fs.statSync(path.join(dir, file)).size).toBeLessThanOrEqual(1000);
    // Oldest to newest, the kept files hold one run of consecutive lines ending with the last one.
    const kept = ["airwave.3.log", "airwave.2.log", "airwave.1.log", "airwave.log"].map((f) => fs.readFileSync(path.join(dir, f), "utf8")).join("");
    const numbers = [...kept.matchAll(/line (\d+)/g)].map((m) => Number(m[1]));
    expect(numbers.at(-1)).toBe(99);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    expect(numbers.length).toBeGreaterThan(3 * 9);
  });

  it("a new start moves the previous run's file up too, within the same count", async () => {
    const dir = makeTempDir("airwave-log-restart-");
    for (let run = 0; run < 6; run++) {
      const store = new LogStore(dir, 100, { maxBytes: 1000, keep: 3 });
      store.append(line(run));
      await store.close();
    }
    expect(fs.readdirSync(dir).sort()).toEqual(["airwave.1.log", "airwave.2.log", "airwave.3.log", "airwave.log"]);
    expect(fs.readFileSync(path.join(dir, "airwave.1.log"), "utf8")).toContain("line 00004");
    const again = new LogStore(dir);
    expect(again.previousFile).toBe(path.join(dir, "airwave.1.log"));
    await again.close();
  });

  it("defaults to 10 MiB per file and 5 older files", () => {
    expect([LOG_MAX_BYTES, LOG_KEEP]).toEqual([10 * 1024 * 1024, 5]);
  });
});
