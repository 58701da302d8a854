import { describe, expect, it } from "vitest";
import { WriteQueue } from "../../server/db/write-queue";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("SQLite's one connection: reads and writes", () => {
  it("a write queued while a read runs waits for it, so the read's later queries see no uncommitted rows", async () => {
    const queue = new WriteQueue();
    const events: string[] = [];
    let rows = ["a", "b"];
    const read = queue.read(async () => {
      const first = [...rows];
      events.push("read: first query");
      await tick();
      await tick();
      const second = [...rows];
      events.push("read: second query");
      return { first, second };
    });
    await tick();
    const write = queue.run(async () => {
      events.push("write: begin");
      rows = [];
      await tick();
      rows = ["c"];
      events.push("write: commit");
    });
    const seen = await read;
    await write;
    expect(seen.second).toEqual(seen.first);
    expect(events).toEqual(["read: first query", "read: second query", "write: begin", "write: commit"]);
  });

  it("a read asked for after a write was queued waits for the write; reads run side by side", async () => {
    const queue = new WriteQueue();
    const events: string[] = [];
    const write = queue.run(async () => {
      await tick();
      events.push("write");
    });
    const reads = Promise.all(
      ["one", "two"].map((name) =>
        queue.read(async () => {
          events.push(`${name} starts`);
          await tick();
          events.push(`${name} ends`);
        }),
      ),
    );
    await Promise.all([write, reads]);
    expect(events).toEqual(["write", "one starts", "two starts", "one ends", "two ends"]);
  });

  it("a read inside a read and a write inside a read run (no deadlock); a failed write frees the queue", async () => {
    const queue = new WriteQueue();
    const result = await queue.read(async () => {
      const inner = await queue.read(async () => "inner");
      const written = await queue.run(async () => "written");
      return `${inner} ${written}`;
    });
    expect(result).toBe("inner written");
    await expect(queue.run(async () => Promise.reject(new Error("rolled back")))).rejects.toThrow("rolled back");
    await expect(queue.read(async () => "after")).resolves.toBe("after");
    await expect(queue.run(async () => "next write")).resolves.toBe("next write");
  });
});

describe("a read that waits for a write", () => {
  it("does not hold the write for ever: after the bound the write runs and the read finishes", async () => {
    const queue = new WriteQueue(50);
    let release: () => void = () => undefined;
    const written = new Promise<void>((resolve) => (release = resolve));
    // A write queued first (from another request) waits for the read below...
    const first = queue.run(async () => "first");
    await tick();
    // ...and the read waits for a write that is queued behind the first one, outside the read's own scope.
    let outside: Promise<string> | undefined;
    setImmediate(() => {
      outside = queue.run(async () => {
        release();
        return "outside";
      });
    });
    const read = queue.read(async () => {
      await written;
      return "read";
    });
    await expect(Promise.all([first, read])).resolves.toEqual(["first", "read"]);
    await expect(outside).resolves.toBe("outside");
  });
});
