import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { apiClient } from "../support/http";
import { makeTempDir, startTestServer } from "../support/test-server";

describe("the server log over REST and GraphQL", () => {
  it("keeps the previous run's file, filters lines, and refuses a bad level or limit with the field named", { timeout: 60_000 }, async () => {
    const dataDir = makeTempDir("airwave-logs-");
    try {
      const first = await startTestServer({ dataDir, env: { Logging__Level: "info" } });
      first.log.info("a line of the first run");
      await first.stop();

      const second = await startTestServer({ dataDir, env: { Logging__Level: "info" } });
      try {
        const api = apiClient(second.url);
        second.log.warn("a warning of the second run");
        second.log.info("an info line of the second run");
        const previous = await api.get("/api/v1/logs/files/previous");
        expect(previous.status).toBe(200);
        expect(previous.text).toContain("a line of the first run");
        expect((await api.get("/api/v1/logs/files/current")).text).not.toContain("a line of the first run");

        const warnings = (await api.get("/api/v1/logs?level=warn")).json as Array<{ level: string; text: string }>;
        expect(warnings.map((l) => l.text)).toContain("a warning of the second run");
        expect(warnings.every((l) => l.level === "warn" || l.level === "error")).toBe(true);
        const all = (await api.get("/api/v1/logs?text=SECOND%20RUN")).json as Array<{ seq: number; text: string }>;
        expect(all.map((l) => l.text)).toEqual(["an info line of the second run", "a warning of the second run"]);
        expect((await api.get(`/api/v1/logs?after=${all[1]!.seq}&text=second`)).json).toHaveLength(1);

        const bad = await api.get("/api/v1/logs?level=loud&limit=0");
        expect(bad.status).toBe(422);
        expect(bad.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(["level", "limit"]);
        expect((await api.get("/api/v1/logs/files/elsewhere")).status).toBe(422);

        const graphql = await api.post("/graphql", { query: `{ logLines(level: "warn", text: "second") { level text } }` });
        expect(graphql.json.data.logLines).toEqual([{ level: "warn", text: "a warning of the second run" }]);
      } finally {
        await second.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
