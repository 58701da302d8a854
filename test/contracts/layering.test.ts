import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error the checker is a plain ES module without type declarations
import { findViolations } from "../../build/checks/clock-and-random.mjs";
import { makeTempDir } from "../support/temp-dir";

const REPO = path.resolve(__dirname, "../..");
const CONFIG = path.join(REPO, ".dependency-cruiser.cjs");
const DEPCRUISE = path.join(REPO, "node_modules/.bin/depcruise");
const CLOCK_CHECK = path.join(REPO, "build/checks/clock-and-random.mjs");

/** A folder laid out like the repository with these files (relative path → source). */
function fixture(files: Record<string, string>): string {
  const root = makeTempDir("airwave-layering-");
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

function cruise(root: string): { status: number | null; output: string } {
  const run = spawnSync(DEPCRUISE, ["server", "--config", CONFIG, "--output-type", "err-long"], { cwd: root, encoding: "utf8", timeout: 60_000 });
  // err-long wraps each rule's reason over several lines.
  return { status: run.status, output: `${run.stdout}${run.stderr}`.replace(/\s+/g, " ") };
}

interface Violation {
  rule: string;
  file: string;
  line: number;
  call: string;
  reason: string;
}

describe("dependency rules (.dependency-cruiser.cjs)", () => {
  it("fail on a forbidden import, naming the rule and its reason; pass once the import goes through a service", () => {
    const repository = "export class ChannelRepository { list(): string[] { return []; } }\n";
    const bad = fixture({
      "server/db/repositories/channel-repository.ts": repository,
      "server/api/rest/controllers/bad-controller.ts": 'import { ChannelRepository } from "../../../db/repositories/channel-repository";\nexport const list = () => new ChannelRepository().list();\n',
    });
    const failed = cruise(bad);
    expect(failed.status, failed.output).not.toBe(0);
    expect(failed.output).toContain("edges-no-data-access: server/api/rest/controllers/bad-controller.ts → server/db/repositories/channel-repository.ts");
    expect(failed.output).toContain("only services touch repositories, Database, the data source");

    const good = fixture({
      "server/db/repositories/channel-repository.ts": repository,
      "server/services/channel-service.ts": 'import { ChannelRepository } from "../db/repositories/channel-repository";\nexport const channels = () => new ChannelRepository().list();\n',
      "server/api/rest/controllers/good-controller.ts": 'import { channels } from "../../../services/channel-service";\nexport const list = () => channels();\n',
    });
    const passed = cruise(good);
    expect(passed.status, passed.output).toBe(0);
  }, 120_000);

  it("fail when an engine imports I/O, when streaming and services import each other, when a builder imports another, and when server code loads tsoa's CLI", () => {
    const root = fixture({
      "server/playout/classic/read.ts": 'import fs from "node:fs";\nexport const read = (f: string) => fs.readFileSync(f, "utf8");\n',
      "server/playout/sequential/zone.ts": "export const zone = 'UTC';\n",
      "server/playout/block/uses-sequential.ts": 'import { zone } from "../sequential/zone";\nexport const z = zone;\n',
      "server/services/stream-service.ts": "export class StreamService {}\n",
      "server/streaming/owner.ts": 'import { StreamService } from "../services/stream-service";\nexport const owner = new StreamService();\n',
      "server/api/rest/controllers/cli-decorators.ts": 'import { Route } from "tsoa";\nexport const route = Route;\n',
    });
    const { status, output } = cruise(root);
    expect(status, output).not.toBe(0);
    expect(output).toContain("engines-no-io: server/playout/classic/read.ts → fs");
    expect(output).toContain("builders-share-core: server/playout/block/uses-sequential.ts → server/playout/sequential/zone.ts");
    expect(output).toContain("streaming-not-services: server/streaming/owner.ts → server/services/stream-service.ts");
    expect(output).toContain("tsoa-runtime-only: server/api/rest/controllers/cli-decorators.ts → tsoa");
  }, 120_000);
});

describe("clock and randomness check (build/checks/clock-and-random.mjs)", () => {
  const files = {
    "server/playout/now.ts": "export const now = () => Date.now();\nexport const day = (t: number) => new Date(t).getUTCDay();\n",
    "server/guide/shuffle.ts": "export const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];\n",
    "server/api/rest/controllers/at.ts": "export const at = () => new Date();\n",
    "server/services/seed.ts": 'import { randomInt } from "node:crypto";\nexport const seed = () => randomInt(1, 100);\nexport const took = (t0: number) => performance.now() - t0;\n',
    "server/services/index.ts": 'import { randomInt } from "node:crypto";\nexport const random = () => randomInt(0, 2 ** 32) / 2 ** 32;\nexport const clock = Date.now;\n',
    "server/scanner/scan-run.ts": "export const started = Date.now();\n",
  };

  it("finds clock reads and random draws where the rule forbids them, and nothing where it allows them", () => {
    const found = (findViolations(fixture(files)) as Violation[]).map((v) => `${v.rule} ${v.file}:${v.line} ${v.call}`);
    expect(found.sort()).toEqual([
      "edges-use-the-injected-clock server/api/rest/controllers/at.ts:1 new Date()",
      "engines-no-clock-or-randomness server/guide/shuffle.ts:1 Math.random",
      "engines-no-clock-or-randomness server/playout/now.ts:1 Date.now",
      "services-inject-clock-and-randomness server/services/seed.ts:2 randomInt",
    ]);
  });

  it("exits non-zero with each rule's reason on the command line", () => {
    const run = spawnSync(process.execPath, [CLOCK_CHECK, fixture(files)], { encoding: "utf8", timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("engines-no-clock-or-randomness: server/playout/now.ts:1:26 calls Date.now");
    expect(run.stderr).toContain("the caller passes the time");
    const clean = spawnSync(process.execPath, [CLOCK_CHECK, fixture({ "server/playout/day.ts": files["server/playout/now.ts"].split("\n")[1] + "\n" })], { encoding: "utf8", timeout: 60_000 });
    expect(clean.status, clean.stderr).toBe(0);
  });
});
