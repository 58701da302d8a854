import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const { api } = useTestServer();

describe("concurrent writes on PostgreSQL (transactions are not serialized as on SQLite)", () => {
  it("channels created at once by several clients all succeed with distinct numbers: a lost race is run again, never a 500", { timeout: 60_000 }, async () => {
    const statuses: Array<number | string> = [];
    const writer = async (w: number) => {
      for (let i = 0; i < 8; i++) {
        const response = await api.post("/api/v1/channels", { name: `Race ${w}.${i}` });
        statuses.push(response.status === 201 ? 201 : JSON.stringify(response.json));
      }
    };
    await Promise.all([writer(1), writer(2), writer(3), writer(4)]);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    const numbers = (await api.get("/api/v1/channels")).json.map((c: { number: string }) => c.number);
    expect(new Set(numbers).size).toBe(33);
  });
});
