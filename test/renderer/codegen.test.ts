import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

describe("renderer GraphQL operations", () => {
  it("renderer/src/graphql/generated.ts matches schema/schema.graphql and the .graphql documents", () => {
    // A stale file (or an operation the schema no longer allows) fails here, like the contracts check.
    const run = spawnSync(process.execPath, [path.join(root, "build/codegen/renderer-graphql.mjs"), "--check"], { cwd: root, encoding: "utf8" });
    expect(run.stderr + run.stdout).toContain("is up to date");
    expect(run.status).toBe(0);
  });
});
