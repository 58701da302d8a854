import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

describe("the server log over REST and GraphQL", () => {
  const { server, api, restart } = useTestServer({ env: { Logging__Level: "info" } });

  it("keeps the previous run's file, filters lines, and refuses a bad level or limit with the field named", { timeout: 60_000 }, async () => {
    server.log.info("a line of the first run");
    await restart();
    server.log.warn("a warning of the second run");
    server.log.info("an info line of the second run");
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
  });
});
