import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

// test/api/backups.test.ts is SQLite-only (NOT_ON_POSTGRES): this is what the same endpoints do on PostgreSQL.
describe("backups on PostgreSQL", () => {
  const { api } = useTestServer();

  it("a backup is refused (a problem naming the database and pointing at pg_dump); none is listed", async () => {
    const refused = await api.post("/api/v1/maintenance/backup");
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json.errors).toEqual([{ field: "database", message: expect.stringMatching(/pg_dump/) }]);
    const listed = await api.get("/api/v1/maintenance/backups");
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([]);
  });
});
