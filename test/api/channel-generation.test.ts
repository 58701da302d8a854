import { beforeAll, describe, expect, it } from "vitest";
import { addNetworkLibrary, NETWORK_EPISODE_MS, NETWORK_SHOWS as SHOWS } from "../support/network-library";
import { databaseFile, sqlAll } from "../support/sqlite";
import { postgresUrlOf } from "../support/test-database";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();

beforeAll(async () => {
  await addNetworkLibrary(api, server.dataDir);
}, 90_000);

const generate = (body: Record<string, unknown>, apply = false) => api.post(`/api/v1/channels/generate${apply ? "?apply=true" : ""}`, body);

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ["channel", "smart_collection", "schedule", "schedule_item", "playout", "block", "block_template", "playout_template"]) {
    out[table] = Number((await sqlAll<{ n: number }>(databaseFile(server.dataDir), `SELECT COUNT(*) AS n FROM "${table}"`))[0].n);
  }
  return out;
}

type Generated = { number: string; name: string; group: string; itemCount: number; estimatedHours: number; logoUrl: string; channelId?: number; playoutId?: number; build?: { success: boolean; itemCount: number } };

describe("channels made for you", () => {
  it("a dry run lists a channel per network with enough content, numbered past numbers in use, and changes nothing", async () => {
    const taken = await api.post("/api/v1/channels", { number: "11", name: "Already here" });
    expect(taken.status, taken.text).toBe(201);
    const before = await counts();
    const response = await generate({ grouping: "Network", minimumItems: 2, firstNumber: "10" });
    expect(response.status, response.text).toBe(200);
    expect(response.json.applied).toBe(false);
    const channels = response.json.channels as Generated[];
    expect(channels.map((c) => [c.number, c.name, c.group, c.itemCount])).toEqual([
      ["10", "Alpha Net", "Networks", 4],
      ["12", "Beta Net", "Networks", 4],
      ["13", "Gamma Net", "Networks", 4],
    ]);
    expect(channels[0].estimatedHours).toBe(Math.round((4 * NETWORK_EPISODE_MS) / 360_000) / 10);
    expect(channels[0].logoUrl).toBe(`${server.url}/iptv/logos/gen?text=Alpha%20Net`);
    expect(response.json.skipped).toEqual([{ name: "Tiny Net", itemCount: 1, reason: "1 playable item(s), fewer than minimumItems (2)" }]);
    expect(await counts()).toEqual(before);
    expect((await api.delete(`/api/v1/channels/${taken.json.id}`)).status).toBe(204);
  });

  it("applying makes one channel per genre with a built playout of that genre's episodes, in one go", async () => {
    const before = await counts();
    const response = await generate({ grouping: "Genre", minimumItems: 2, firstNumber: "20" }, true);
    expect(response.status, response.text).toBe(200);
    expect(response.json.applied).toBe(true);
    const channels = response.json.channels as Generated[];
    expect(channels.map((c) => [c.number, c.name, c.group])).toEqual([
      ["20", "Comedy", "Genres"],
      ["21", "Drama", "Genres"],
      ["22", "Mystery", "Genres"],
      ["23", "Western", "Genres"],
    ]);
    const after = await counts();
    expect(after.channel - before.channel).toBe(4);
    expect(after.smart_collection - before.smart_collection).toBe(4);
    expect(after.playout - before.playout).toBe(4);
    for (const channel of channels) {
      expect(channel.build, channel.name).toMatchObject({ success: true });
      expect(channel.build!.itemCount).toBeGreaterThan(0);
      const stored = (await api.get(`/api/v1/channels/${channel.channelId}`)).json;
      expect(stored).toMatchObject({ number: channel.number, name: channel.name, group: "Genres" });
      const items = (await api.get(`/api/v1/playouts/${channel.playoutId}/items?pageSize=200`)).json.items as Array<{ mediaItemId?: number }>;
      const ids = [...new Set(items.flatMap((i) => i.mediaItemId ?? []))];
      const shows = await sqlAll<{ title: string }>(
        databaseFile(server.dataDir),
        `SELECT DISTINCT s."title" AS title FROM "media_item" e JOIN "media_item" se ON se."id" = e."parentId" JOIN "media_item" s ON s."id" = se."parentId" WHERE e."id" IN (${ids.map(() => "?").join(", ")})`,
        ids,
      );
      const expected = SHOWS.filter((s) => s.genre === channel.name).map((s) => s.title);
      expect(shows.map((s) => s.title).sort(), channel.name).toEqual(expected.sort());
    }
    const smart = (await api.get("/api/v1/collections/smart")).json as Array<{ name: string; query: string }>;
    expect(smart.find((s) => s.name === "Comedy")?.query).toBe('genre:"Comedy" OR show_genre:"Comedy"');
  });

  it("a Block day of 60-minute slots per show: a Block playout whose template fills the day", async () => {
    const response = await generate({ grouping: "Show", minimumItems: 2, style: "BlockDay", slotMinutes: 60, maxChannels: 1, firstNumber: "40" }, true);
    expect(response.status, response.text).toBe(200);
    const [channel] = response.json.channels as Generated[];
    expect(channel).toMatchObject({ number: "40", group: "Shows", playoutKind: "Block", build: { success: true } });
    const playout = (await api.get(`/api/v1/playouts/${channel.playoutId}`)).json;
    expect(playout.kind).toBe("Block");
    const slots = await sqlAll<{ n: number }>(databaseFile(server.dataDir), `SELECT COUNT(*) AS n FROM "block_template_item" WHERE "templateId" = (SELECT "templateId" FROM "playout_template" WHERE "playoutId" = ?)`, [channel.playoutId]);
    expect(Number(slots[0].n)).toBe(24);
    expect(response.json.skipped.map((s: { reason: string }) => s.reason)).toContain("more than maxChannels (1) groups are large enough; larger ones came first");
  });

  it("a failure midway leaves nothing behind", async () => {
    const before = await counts();
    // A real database failure on the second channel's insert, after the first channel and its content were written.
    const file = databaseFile(server.dataDir);
    const postgres = postgresUrlOf(file) !== undefined;
    if (postgres) {
      await sqlAll(file, `CREATE FUNCTION fail_second() RETURNS trigger AS $$ BEGIN IF NEW."name" = 'Beta Net' THEN RAISE EXCEPTION 'disk on fire'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await sqlAll(file, `CREATE TRIGGER fail_second BEFORE INSERT ON "channel" FOR EACH ROW EXECUTE FUNCTION fail_second()`);
    } else {
      await sqlAll(file, `CREATE TRIGGER "fail_second" BEFORE INSERT ON "channel" WHEN NEW."name" = 'Beta Net' BEGIN SELECT RAISE(ABORT, 'disk on fire'); END`);
    }
    try {
      const response = await generate({ grouping: "Network", minimumItems: 2, firstNumber: "60" }, true);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.text).not.toMatch(/Alpha Net/);
    } finally {
      await sqlAll(file, postgres ? `DROP TRIGGER fail_second ON "channel"` : `DROP TRIGGER "fail_second"`);
      if (postgres) await sqlAll(file, `DROP FUNCTION fail_second()`);
    }
    expect(await counts()).toEqual(before);
  });

  it("GraphQL previews the same channels", async () => {
    const response = await api.graphql(`mutation { generateChannels(input: { grouping: Network, minimumItems: 2, firstNumber: "70" }) { applied channels { number name itemCount logoUrl } skipped { name } } }`);
    expect(response.json.errors).toBeUndefined();
    expect(response.json.data.generateChannels.applied).toBe(false);
    expect(response.json.data.generateChannels.channels.map((c: Generated) => `${c.number} ${c.name} ${c.itemCount}`)).toEqual(["70 Alpha Net 4", "71 Beta Net 4", "72 Gamma Net 4"]);
  });

  it("bad input is refused naming the field, and nothing is stored", async () => {
    const before = await counts();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ grouping: "Planet" }, "grouping"],
      [{ grouping: "Genre", minimumItems: 0 }, "minimumItems"],
      [{ grouping: "Genre", style: "BlockDay", slotMinutes: 45 }, "slotMinutes"],
      [{ grouping: "Genre", slotMinutes: 30 }, "slotMinutes"],
      [{ grouping: "Genre", firstNumber: "4.1" }, "firstNumber"],
      [{ grouping: "Genre", maxChannels: 501 }, "maxChannels"],
    ];
    for (const [body, field] of cases) {
      const response = await generate(body, true);
      expect([400, 422], `${JSON.stringify(body)}: ${response.text}`).toContain(response.status);
      expect(JSON.stringify(response.json.errors ?? response.json), JSON.stringify(body)).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });
});
