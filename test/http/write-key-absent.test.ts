import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";
import { ALL_METHODS, channelNamed, cleanUp, createFixture, exerciseRest, type KeyCase, NO_KEY, send, snapshot, SURFACES, type Target, uniqueName } from "./support/write-key-cases";

describe("no write key configured", () => {
  const t: Target = { server: useTestServer().server, setupHeaders: {} };

  const cases: KeyCase[] = [NO_KEY, { name: "some arbitrary key", headers: { "X-Api-Key": "anything" } }, { name: "empty X-Api-Key header", headers: { "X-Api-Key": "" } }];

  const surfaces = [...SURFACES, { surface: "spelling //api/v1/x/../%63hannels", spell: (r: string) => `//api/v1/x/../%63${r.slice(1)}` }];
  describe.each(surfaces.map((s) => [s.surface, s.spell] as const))(
    "%s",
    (_surface, spell) => {
      describe.each(ALL_METHODS)("%s", (method) => {
        it.each(cases.map((c) => [c.name, c.headers] as const))("%s: accepted, with its effect", async (_name, headers) => {
          await exerciseRest(t, method, spell, headers, "accepted");
        });
      });
    },
  );

  describe("GraphQL mutations without key are applied", () => {
    const gql = (query: string, variables: Record<string, unknown>) => send(t, "POST", "/graphql", { body: { query, variables } });

    it("createChannel", async () => {
      const name = uniqueName("gql-open");
      const res = await gql("mutation ($name: String!) { createChannel(input: { name: $name }) { id } }", { name });
      expect(res.status, res.text).toBe(200);
      const id = res.json.data.createChannel.id;
      expect(channelNamed(await snapshot(t), name)).toMatchObject({ id });
      await cleanUp(t, id);
    });

    it("updateChannel", async () => {
      const name = uniqueName("gql-open");
      const id = await createFixture(t, name);
      const res = await gql("mutation ($id: Int!, $name: String!) { updateChannel(id: $id, input: { name: $name }) { id } }", { id, name: `${name}-new` });
      expect(res.status, res.text).toBe(200);
      expect(channelNamed(await snapshot(t), `${name}-new`)).toMatchObject({ id });
      await cleanUp(t, id);
    });

    it("deleteChannel", async () => {
      const id = await createFixture(t, uniqueName("gql-open"));
      const res = await gql("mutation ($id: Int!) { deleteChannel(id: $id) }", { id });
      expect(res.status, res.text).toBe(200);
      expect((await snapshot(t)).channels.some((c) => c.id === id)).toBe(false);
    });
  });

  it("the scanner callback path is routed as usual (unknown scan: 404)", async () => {
    const res = await send(t, "POST", "/api/v1/scan/abc123/progress", { body: { percent: 50 } });
    expect(res.status, res.text).toBe(404);
  });
});
