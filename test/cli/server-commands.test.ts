import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { runAirwave } from "../support/cli";
import { testDatabaseKind } from "../support/test-database";
import { makeTempDir, withTestServer } from "../support/test-server";



describe("airwave export, import, backup, backups against a running server (typed client)", () => {
  it("exports from one server and imports into another: dry run first, then --apply; writes need the key", async () => {
    const dir = makeTempDir("airwave-cli-");
    try {
      await withTestServer({ env: { Api__WriteKey: "k3y" } }, async (first, api) => {
        expect((await api.post("/api/v1/collections", { name: "From the CLI" }, { "x-api-key": "k3y" })).status).toBe(201);
        const file = path.join(dir, "setup.yaml");
        const exported = await runAirwave(["export", "-o", file, "--server", first.url]);
        expect(exported.stderr).toBe("");
        expect(exported.code).toBe(0);
        expect(YAML.parse(fs.readFileSync(file, "utf8")).tables.collection).toEqual([expect.objectContaining({ id: 1, name: "From the CLI" })]);
        const toStdout = await runAirwave(["export"], { AIRWAVE_URL: first.url });
        expect(toStdout.stdout).toContain("format: airwave-setup/1");

        await withTestServer({ env: { Api__WriteKey: "other" } }, async (second, secondApi) => {
          const dryRun = await runAirwave(["import", file, "--server", second.url, "--key", "other"]);
          expect(dryRun.code, dryRun.stderr).toBe(0);
          expect(dryRun.stdout).toMatch(/^Would import: \d+ new, \d+ updated, 0 skipped rows/);
          expect(dryRun.stdout).toContain("run again with --apply");
          expect((await secondApi.get("/api/v1/collections")).json).toEqual([]);

          const noKey = await runAirwave(["import", "--apply", file, "--server", second.url]);
          expect(noKey.code).toBe(1);
          expect(noKey.stderr).toMatch(/answered 401/);
          const applied = await runAirwave(["import", "--apply", file, "--server", second.url], { AIRWAVE_API_KEY: "other" });
          expect(applied.code, applied.stderr).toBe(0);
          expect(applied.stdout).toMatch(/^Imported: /);
          expect((await secondApi.get("/api/v1/collections")).json.map((c: { name: string }) => c.name)).toEqual(["From the CLI"]);

          fs.writeFileSync(path.join(dir, "bad.yaml"), "format: airwave-setup/1\ntables:\n  channel:\n    - id: 9\n      name: 5\n");
          const bad = await runAirwave(["import", "--apply", path.join(dir, "bad.yaml"), "--server", second.url, "--key", "other"]);
          expect(bad.code).toBe(1);
          expect(bad.stderr).toMatch(/^Nothing was imported:\n[\s\S]*^ {2}tables\.channel\[0\]\.name: must be text$/m);

          const backup = await runAirwave(["backup", "--server", second.url, "--key", "other"]);
          if (testDatabaseKind() === "postgres") {
            // A PostgreSQL database is backed up with pg_dump: the command says so and fails.
            expect(backup.code).toBe(1);
            expect(backup.stderr).toMatch(/back up a PostgreSQL database with pg_dump/);
            return;
          }
          expect(backup.code, backup.stderr).toBe(0);
          const name = /Backup written: (\S+)/.exec(backup.stdout)![1];
          const list = await runAirwave(["backups", "--server", second.url]);
          expect(list.stdout.split("\t")[0]).toBe(name);
        });
      });
      const down = await runAirwave(["export", "--server", "http://127.0.0.1:9"]);
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(/cannot reach the Airwave server at http:\/\/127\.0\.0\.1:9/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
