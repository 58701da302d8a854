/**
 * Fuzzing YAML playout definitions through validation AND preview, on a real server with a small
 * seeded library (a show of 4 chaptered episodes and 2 movies in the collection "Fuzz Cartoons").
 *
 * 5,000 definitions, from a fixed seed: valid ones built by the spec's forms (half of their content
 * sources pointed at the seeded collection so previews have something to play), mutations of valid
 * ones (text and structure), and YAML-ish garbage. All 5,000 go through the same services the
 * endpoints call, in-process (validate; preview of every valid one and every 4th invalid one); a
 * fixed sample of ~300 also goes over HTTP to `POST /api/v1/playouts/validate` and
 * `POST /api/v1/playouts/preview`, where the result must match the in-process one.
 *
 * Rules: no 5xx and no unexpected exception; every call within a time bound; every validation error
 * has a positive line and column; a preview is 200, or 422 with a message (validation or build errors).
 */
import path from "node:path";
import fc from "fast-check";
import sqlite3 from "sqlite3";
import { stringify } from "yaml";
import { beforeAll, describe, expect, it } from "vitest";
import { DATABASE_FILE } from "../../server/db/data-source";
import { DomainError } from "../../server/services/domain-error";
import { mutatedDefinitionText, randomYamlishText, validDefinition } from "../playout/definition/fuzz-arbitraries";
import { type RawResponse } from "../support/http";
import { seedMedia } from "../support/seed-media";
import { useTestServer } from "../support/test-server";

const SEED = 20_260_707;
const TOTAL = 5_000;
const HTTP_EVERY = 17; // ~300 of the 5,000 also over HTTP
const INVALID_PREVIEW_EVERY = 4;
/** Per call (in-process) and per request (HTTP). The build budget is 20 s; nothing here should come close. */
const CALL_LIMIT_MS = 5_000;
const REQUEST_LIMIT_MS = 10_000;
const START = "2026-03-07T12:00:00Z"; // 48 hours from here cross New York's spring-forward
const COLLECTION = "Fuzz Cartoons";

const { server, api } = useTestServer({ env: { Playout__TimeZone: "America/New_York", Playout__DaysToBuild: "1" } });

function exec(file: string, sql: string, params: unknown[] = []): Promise<number> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file);
    db.run(sql, params, function (this: sqlite3.RunResult, error: Error | null) {
      const id = this?.lastID;
      db.close(() => (error ? reject(error) : resolve(id)));
    });
  });
}

beforeAll(async () => {
  const media = await seedMedia(server.dataDir, "Fuzz");
  const file = path.join(server.dataDir, DATABASE_FILE);
  for (const [i, id] of [...media.episodeIds, ...media.movieIds].entries()) {
    const durationMs = (20 + i * 7) * 60_000;
    const versionId = await exec(file, `INSERT INTO media_version (mediaItemId, path, size, mtime, durationMs, probedAt) VALUES (?, ?, 1, 0, ?, 0)`, [id, `/seeded/${id}.mkv`, durationMs]);
    if (i < 4) {
      for (let c = 0; c < 3; c++) {
        await exec(file, `INSERT INTO media_chapter (mediaVersionId, chapterIndex, startMs, endMs, title) VALUES (?, ?, ?, ?, ?)`, [versionId, c, (durationMs * c) / 3, (durationMs * (c + 1)) / 3, c === 1 ? "here" : `Part ${c}`]);
      }
    }
  }
  const collection = (await api.post("/api/v1/collections", { name: COLLECTION })).json;
  await api.post(`/api/v1/collections/${collection.id}/items`, { mediaItemIds: [media.showId, ...media.movieIds] });
}, 60_000);

type Json = Record<string, unknown>;

/** Points every other content source of a valid definition at the seeded collection (same key and order). */
function withSeededContent(definition: Json): Json {
  const content = (definition.content as Json[]).map((entry, i) =>
    i % 2 === 0 ? { collection: COLLECTION, key: entry.key, order: entry.order === "chronological" ? "chronological" : "shuffle" } : entry,
  );
  return { ...definition, content };
}

interface Case {
  index: number;
  origin: "valid" | "mutated" | "garbage";
  text: string;
  hours: number;
  seed: number;
}

function generate(): Case[] {
  // mutatedDefinitionText draws its pool with fc.sample and no seed: the global seed makes that fixed too.
  fc.configureGlobal({ seed: SEED });
  try {
    return generateCases();
  } finally {
    fc.resetConfigureGlobal();
  }
}

function generateCases(): Case[] {
  const valid = fc
    .tuple(validDefinition, fc.constantFrom<"block" | "flow" | "any">("block", "block", "flow", "any"))
    .map(([definition, style]) => stringify(withSeededContent(definition), { collectionStyle: style }));
  const texts = [
    ...fc.sample(valid, { numRuns: 2_200, seed: SEED }).map((text) => ({ origin: "valid" as const, text })),
    ...fc.sample(mutatedDefinitionText(60), { numRuns: 1_900, seed: SEED + 1 }).map((text) => ({ origin: "mutated" as const, text })),
    ...fc.sample(randomYamlishText, { numRuns: TOTAL - 4_100, seed: SEED + 2 }).map((text) => ({ origin: "garbage" as const, text })),
  ];
  const params = fc.sample(fc.record({ hours: fc.integer({ min: 1, max: 48 }), seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }) }), { numRuns: texts.length, seed: SEED + 3 });
  return texts.map((t, index) => ({ index, ...t, ...params[index] }));
}

const violations: string[] = [];
function violation(c: Case, what: string): void {
  if (violations.length < 40) violations.push(`#${c.index} (${c.origin}) ${what}\n--- definition ---\n${c.text.slice(0, 600)}`);
}

const LOCATED = /^definition:(\d+):(\d+) /;

function withLimit<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([promise, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)))]).finally(() => clearTimeout(timer));
}

describe("playout definitions fuzzed through validate and preview", () => {
  const cases = generate();
  const outcome = new Map<number, { valid: boolean; errors: unknown[] }>();
  const stats = { valid: 0, invalid: 0, previews: 0, previewOk: 0, previewWithItems: 0, preview422: 0, http: 0 };

  it("in-process: 5,000 definitions validate with located errors; previews build or fail with a 422-kind error", async () => {
    const services = server.services;
    let slowest = 0;
    for (const c of cases) {
      let started = performance.now();
      let result;
      try {
        result = await services.playoutValidation.validate({ definition: c.text });
      } catch (error) {
        // Only a domain error (e.g. too large) may come out; a DomainError becomes a 4xx.
        if (!(error instanceof DomainError)) violation(c, `validate threw ${String(error)}`);
        continue;
      }
      slowest = Math.max(slowest, performance.now() - started);
      if (performance.now() - started > CALL_LIMIT_MS) violation(c, `validate took ${(performance.now() - started).toFixed(0)} ms`);
      outcome.set(c.index, { valid: result.valid, errors: result.errors.map(({ file, line, column, path, message }) => ({ file, line, column, path, message })) });
      if (result.valid) stats.valid++;
      else stats.invalid++;
      if (result.valid !== (result.errors.length === 0)) violation(c, `valid=${result.valid} with ${result.errors.length} errors`);
      for (const e of result.errors) {
        if (!Number.isInteger(e.line) || e.line < 1 || !Number.isInteger(e.column) || e.column < 1) violation(c, `error without a positive line/column: ${JSON.stringify(e)}`);
        if (typeof e.message !== "string" || e.message.length === 0) violation(c, `error without a message: ${JSON.stringify(e)}`);
      }

      if (!result.valid && c.index % INVALID_PREVIEW_EVERY !== 0) continue;
      stats.previews++;
      started = performance.now();
      try {
        const preview = await services.playouts.preview({ definition: c.text, start: START, hours: c.hours, seed: c.seed });
        if (!result.valid) violation(c, "an invalid definition previewed");
        stats.previewOk++;
        if (preview.items.length > 0) stats.previewWithItems++;
        // Items join end to start, except where the reset list's `rewind` moves the cursor back on purpose.
        for (let i = 1; i < preview.items.length && !/rewind/.test(c.text); i++) {
          if (preview.items[i].start !== preview.items[i - 1].finish) {
            violation(c, `preview items not contiguous at ${i}: ${JSON.stringify(preview.items.slice(Math.max(0, i - 2), i + 2))}`);
            break;
          }
        }
      } catch (error) {
        if (!(error instanceof DomainError) || error.kind !== "Validation" || !error.message) {
          violation(c, `preview threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        } else {
          stats.preview422++;
          for (const e of error.errors) {
            const located = LOCATED.exec(e.message);
            // Validation errors are located; a build error (valid definition) is one message about the definition.
            if (!result.valid && (!located || Number(located[1]) < 1 || Number(located[2]) < 1)) violation(c, `preview error not located: ${e.message}`);
          }
        }
      }
      const took = performance.now() - started;
      slowest = Math.max(slowest, took);
      if (took > CALL_LIMIT_MS) violation(c, `preview took ${took.toFixed(0)} ms`);
    }
    console.log(`playout fuzz, in-process: ${JSON.stringify(stats)}, slowest call ${slowest.toFixed(0)} ms`);
    expect(violations, violations.join("\n\n")).toEqual([]);
    // The generators must really reach both paths.
    expect(stats.valid).toBeGreaterThan(1_500);
    expect(stats.invalid).toBeGreaterThan(1_500);
    expect(stats.previewWithItems).toBeGreaterThan(500);
  }, 120_000);

  it("over HTTP: a fixed sample of ~300 through POST /validate and POST /preview: no 5xx, same validation, 200 or 422 with a message", async () => {
    violations.length = 0;
    const sample = cases.filter((c) => c.index % HTTP_EVERY === 0);
    const send = (c: Case, what: string, request: Promise<RawResponse>) => withLimit(request, REQUEST_LIMIT_MS, `#${c.index} ${what}`);
    const queue = [...sample];
    const worker = async () => {
      for (let c = queue.shift(); c; c = queue.shift()) {
        stats.http++;
        const validated = await send(c, "validate", api.post("/api/v1/playouts/validate", { definition: c.text }));
        if (validated.status >= 500) violation(c, `validate answered ${validated.status}: ${validated.text.slice(0, 300)}`);
        const expected = outcome.get(c.index);
        if (validated.status === 200) {
          if (expected && JSON.stringify(validated.json) !== JSON.stringify(expected)) violation(c, `HTTP validation differs from in-process: ${validated.text.slice(0, 300)}`);
          for (const e of validated.json.errors as Array<{ line: number; column: number }>) {
            if (!(e.line >= 1 && e.column >= 1)) violation(c, `HTTP error without a positive line/column: ${JSON.stringify(e)}`);
          }
        } else if (expected) violation(c, `validate answered ${validated.status} though the service validated it`);

        const preview = await send(c, "preview", api.post("/api/v1/playouts/preview", { definition: c.text, start: START, hours: c.hours, seed: c.seed }));
        if (preview.status === 200) {
          if (!expected?.valid) violation(c, "an invalid definition previewed over HTTP");
          if (!Array.isArray(preview.json?.items) || !Array.isArray(preview.json?.warnings)) violation(c, `preview 200 without items/warnings: ${preview.text.slice(0, 300)}`);
        } else if (preview.status === 422) {
          const body = preview.json;
          if (typeof body?.detail !== "string" || !body.detail || !Array.isArray(body.errors) || body.errors.length === 0) violation(c, `preview 422 without a message: ${preview.text.slice(0, 300)}`);
        } else if (!(preview.status === 400 && !expected)) {
          // 400 only for a body the service never saw (e.g. one it refused as too large).
          violation(c, `preview answered ${preview.status}: ${preview.text.slice(0, 300)}`);
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    console.log(`playout fuzz, HTTP: ${stats.http} definitions sent to validate and preview`);
    expect(stats.http).toBeGreaterThan(250);
    expect(violations, violations.join("\n\n")).toEqual([]);
  }, 120_000);
});
