import { describe, expect, it } from "vitest";
import { chunksOfChars } from "../../server/scanner/scan-run";

describe("unchanged paths reported in chunks of about a given size", () => {
  it("keeps every path once, in order, and closes a chunk once it reaches the size", () => {
    const paths = Array.from({ length: 10 }, (_, i) => `/movies/cl${String(i).padStart(2, "0")}.mkv`); // 16 characters each
    const chunks = [...chunksOfChars(paths, 40)];
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 3, 1]);
    expect(chunks.flat()).toEqual(paths);
  });

  it("sends everything in one chunk when it is small, and nothing for no paths", () => {
    expect([...chunksOfChars(["/a.mkv", "/b.mkv"], 1000)]).toEqual([["/a.mkv", "/b.mkv"]]);
    expect([...chunksOfChars([], 1000)]).toEqual([]);
  });
});
