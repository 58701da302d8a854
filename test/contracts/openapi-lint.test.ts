import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const REDOCLY = path.join(root, "node_modules/@redocly/cli/bin/cli.js");

describe("schema/openapi.json", () => {
  it("passes Redocly's recommended lint rules with no error and no warning", () => {
    const result = spawnSync(process.execPath, [REDOCLY, "lint", "schema/openapi.json", "--format=summary", "--max-problems=1000"], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    });
    const output = `${result.stdout}\n${result.stderr}`;
    // One line per failing rule: "error   operation-summary: 3" / "warning spec-ref-siblings: 1".
    expect(output.split("\n").filter((line) => /^(error|warning)\s/.test(line)), output).toEqual([]);
    expect(result.status, output).toBe(0);
  });
});
