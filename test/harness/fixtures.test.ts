import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../server/services/domain-error";
import { useTestServer, withTestServer } from "../support/test-server";
import { createTestServices, useTestServices } from "../support/test-services";

/** The fixtures' own promises: running parts inside the suite, folders gone after it. */
describe("useTestServer", () => {
  let seenDataDir = "";

  describe("inside the suite", () => {
    const { server, api } = useTestServer({ env: { Api__WriteKey: "fixture-key" }, headers: { "x-api-key": "fixture-key" } });
    let early: unknown;
    try {
      void server.url;
    } catch (error) {
      early = error;
    }

    it("says so when the server is read before its hook ran", () => {
      expect(String(early)).toMatch(/starts in beforeAll/);
    });

    it("serves a seeded server and a client that sends the given headers", async () => {
      seenDataDir = server.dataDir;
      expect(fs.existsSync(server.dataDir)).toBe(true);
      const channels = await api.get<Array<{ number: string }>>("/api/v1/channels");
      expect(channels.json.map((c) => c.number)).toEqual(["1"]);
      expect((await api.post("/api/v1/channels", { name: "Keyed" })).status).toBe(201);
    });
  });

  it("stopped the server and removed its folder after the suite", () => {
    expect(seenDataDir).not.toBe("");
    expect(fs.existsSync(seenDataDir)).toBe(false);
  });
});

describe("withTestServer", () => {
  it("removes the folder whether the work succeeds or throws", async () => {
    let dir = "";
    await expect(
      withTestServer({}, async (server) => {
        dir = server.dataDir;
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(dir).not.toBe("");
    expect(fs.existsSync(dir)).toBe(false);
  });
});

describe("createTestServices", () => {
  it("wires the services on a seeded SQLite file and removes the folder on close", async () => {
    const t = await createTestServices();
    try {
      expect((await t.services.channels.list()).map((v) => v.channel.number)).toEqual(["1"]);
      expect(await t.sql("SELECT number FROM channel")).toEqual([{ number: "1" }]);
      await expect(t.services.channels.get(999)).rejects.toMatchObject({ kind: "NotFound" });
    } finally {
      await t.close();
    }
    expect(fs.existsSync(t.dataDir)).toBe(false);
  });

  it("can start without the first-start data", async () => {
    const t = await createTestServices({ seed: false });
    try {
      expect(await t.services.channels.list()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe("useTestServices", () => {
  const { services, sql } = useTestServices({ clock: () => Date.UTC(2030, 0, 1) });

  it("gives the suite one set of services that rules can be tested on directly", async () => {
    const created = await services.channels.create({ name: "Direct", number: "77" });
    expect(created.channel).toMatchObject({ name: "Direct", number: "77" });
    expect(await sql("SELECT name FROM channel WHERE number = '77'")).toEqual([{ name: "Direct" }]);
    await expect(services.channels.create({ name: "" })).rejects.toBeInstanceOf(DomainError);
  });
});
