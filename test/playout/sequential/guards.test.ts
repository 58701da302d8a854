import { describe, expect, it } from "vitest";
import { BuildError } from "../../../server/playout/sequential";
import { build, items, movie, DAY } from "./helpers";

const HEAD = `content:
  - collection: Movies
    key: movies
    order: chronological
`;
const lib = { movies: items(movie(1, 30)) };

function buildError(run: () => unknown): BuildError {
  try {
    run();
  } catch (error) {
    if (error instanceof BuildError) return error;
    throw error;
  }
  throw new Error("expected a BuildError");
}

describe("guards", () => {
  it("a repeat over instructions that add nothing is a loop, reported at the repeat", () => {
    const error = buildError(() => build(`${HEAD}playout:\n  - epg_group: true\n  - watermark: false\n  - repeat: true\n`, lib, { horizonMs: 30 * DAY }));
    expect(error.code).toBe("loop");
    expect(error.location).toMatchObject({ file: "test.yaml", line: 8 });
  });

  it("empty content everywhere is a loop", () => {
    const error = buildError(() => build(`${HEAD}playout:\n  - count: 3\n    content: movies\n  - duration: 1 hour\n    content: movies\n  - repeat: true\n`, { movies: items() }));
    expect(error.code).toBe("loop");
  });

  it("zero-length media is left out, so it cannot stall the cursor", () => {
    const error = buildError(() => build(`${HEAD}playout:\n  - count: 1\n    content: movies\n  - repeat: true\n`, { movies: items(movie(1, 0)) }));
    expect(error.code).toBe("loop");
  });

  it("too many instructions without progress stop the build", () => {
    const text = `${HEAD}sequence:\n  - key: idle\n    items:\n      - epg_group: false\nplayout:\n  - sequence: idle\n    repeat: 5000\n  - count: 1\n    content: movies\n`;
    const error = buildError(() => build(text, lib, { budget: { maxInstructionsWithoutProgress: 100 } }));
    expect(error.code).toBe("no-progress");
  });

  it("maxItems caps the build", () => {
    const error = buildError(() => build(`${HEAD}playout:\n  - count: 1\n    content: movies\n  - repeat: true\n`, lib, { horizonMs: 30 * DAY, budget: { maxItems: 100 } }));
    expect(error.code).toBe("too-many-items");
  });

  it("the injected clock's time budget is checked inside the loop", () => {
    let now = 0;
    const error = buildError(() =>
      build(`${HEAD}playout:\n  - count: 1\n    content: movies\n  - repeat: true\n`, lib, {
        horizonMs: 30 * DAY,
        budget: { maxMs: 50, elapsedMs: () => (now += 1) },
      }),
    );
    expect(error.code).toBe("time-budget");
    expect(now).toBeLessThan(200);
  });

  it("an unknown time zone is rejected", () => {
    expect(buildError(() => build(`${HEAD}playout:\n  - count: 1\n    content: movies\n`, lib, { timeZone: "Mars/Olympus" })).code).toBe("invalid-input");
  });
});
