import { describe, expect, it } from "vitest";
import { type RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";
import { channelNamed, cleanUp, createFixture, KEY, KEY_CASES, RIGHT_KEY, send, snapshot, type Target, uniqueName, WITH_KEY } from "./support/write-key-cases";

describe("write key configured", () => {
  const t: Target = { server: useTestServer({ env: { Api__WriteKey: KEY } }).server, setupHeaders: WITH_KEY };
  describe("GraphQL", () => {
    const gql = (query: string, variables: Record<string, unknown>, headers: Record<string, string>, path = "/graphql") =>
      send(t, "POST", path, { body: { query, variables }, headers });

    function expectGraphqlUnauthorized(res: RawResponse): void {
      expect(res.status, res.text).toBe(401);
      expect(res.json.errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");
      expect(res.json.data ?? null).toBeNull();
    }

    const MUTATIONS = {
      createChannel: {
        query: "mutation Create($name: String!) { createChannel(input: { name: $name, group: \"Gql\" }) { id name } }",
        setup: false,
      },
      updateChannel: {
        query: "mutation Update($id: Int!, $name: String!) { updateChannel(id: $id, input: { name: $name }) { id name } }",
        setup: true,
      },
      deleteChannel: { query: "mutation Delete($id: Int!) { deleteChannel(id: $id) }", setup: true },
    } as const;

    describe.each(Object.keys(MUTATIONS) as Array<keyof typeof MUTATIONS>)("mutation %s", (mutation) => {
      const cases = KEY_CASES.map((c) => [`${c.name}: ${c === RIGHT_KEY ? "applied" : "401 UNAUTHORIZED, nothing changes"}`, c.headers, c === RIGHT_KEY] as const);
      it.each(cases)("%s", async (_name, headers, authorised) => {
        const { query, setup } = MUTATIONS[mutation];
        const name = uniqueName("gql");
        const id = setup ? await createFixture(t, name) : undefined;
        const before = await snapshot(t);
        const res = await gql(query, { id, name: `${name}-new` }, headers);
        const after = await snapshot(t);
        let createdId: number | undefined;
        try {
          if (!authorised) {
            expectGraphqlUnauthorized(res);
            expect(after).toEqual(before);
            return;
          }
          expect(res.status, res.text).toBe(200);
          expect(res.json.errors).toBeUndefined();
          if (mutation === "createChannel") {
            createdId = res.json.data.createChannel.id;
            expect(channelNamed(after, `${name}-new`)).toMatchObject({ id: createdId, group: "Gql" });
            expect(after.channels).toHaveLength(before.channels.length + 1);
          } else if (mutation === "updateChannel") {
            expect(res.json.data.updateChannel).toEqual({ id, name: `${name}-new` });
            expect(channelNamed(after, `${name}-new`)).toMatchObject({ id });
            expect(channelNamed(after, name)).toBeUndefined();
          } else {
            expect(res.json.data.deleteChannel).toBe(String(id));
            expect(after.channels.some((c) => c.id === id)).toBe(false);
            expect(after.channels).toHaveLength(before.channels.length - 1);
          }
        } finally {
          await cleanUp(t, id);
          await cleanUp(t, createdId);
        }
      });
    });

    it.each(KEY_CASES.map((c) => [c.name, c.headers] as const))("query with %s: 200, data", async (_name, headers) => {
      const res = await gql("{ channels { id name } }", {}, headers);
      expect(res.status, res.text).toBe(200);
      expect(res.json.errors).toBeUndefined();
      expect(res.json.data.channels).toEqual((await snapshot(t)).channels.map((c) => ({ id: c.id, name: c.name })));
    });

    it("a document with a query and a mutation: the query runs without the key, the mutation does not", async () => {
      const id = await createFixture(t, uniqueName("gql-doc"));
      try {
        const document = "query Q { channels { id } } mutation M($id: Int!) { deleteChannel(id: $id) }";
        const before = await snapshot(t);
        const asQuery = await send(t, "POST", "/graphql", { body: { query: document, operationName: "Q", variables: { id } } });
        expect(asQuery.status, asQuery.text).toBe(200);
        expect(asQuery.json.data.channels.some((c: { id: number }) => c.id === id)).toBe(true);
        const asMutation = await send(t, "POST", "/graphql", { body: { query: document, operationName: "M", variables: { id } } });
        expectGraphqlUnauthorized(asMutation);
        expect(await snapshot(t)).toEqual(before);
      } finally {
        await cleanUp(t, id);
      }
    });

    it("a mutation selecting only __typename still needs the key", async () => {
      expectGraphqlUnauthorized(await gql("mutation { __typename }", {}, {}));
    });

    it.each(["//graphql", "/GraphQL", "/./graphql/", "/x/../graphql", "/%67raphql"])(
      "mutation at %s without key: 401, nothing changes",
      async (path) => {
        const before = await snapshot(t);
        const res = await gql(MUTATIONS.createChannel.query, { name: uniqueName("gql-path") }, {}, path);
        expectGraphqlUnauthorized(res);
        expect(await snapshot(t)).toEqual(before);
      },
    );

    it("a batched mutation without key changes nothing", async () => {
      const before = await snapshot(t);
      const res = await send(t, "POST", "/graphql", {
        body: [{ query: MUTATIONS.createChannel.query, variables: { name: uniqueName("gql-batch") } }] as unknown as object,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await snapshot(t)).toEqual(before);
    });

    it("a mutation over GET is refused and changes nothing, with or without the key", async () => {
      const id = await createFixture(t, uniqueName("gql-get"));
      try {
        const before = await snapshot(t);
        const query = encodeURIComponent(`mutation { deleteChannel(id: ${id}) }`);
        for (const headers of [{}, WITH_KEY] as Array<Record<string, string>>) {
          const res = await send(t, "GET", `/graphql?query=${query}`, { headers: { ...headers, "Apollo-Require-Preflight": "1", Accept: "application/json" } });
          expect(res.status, res.text).toBe(405);
        }
        expect(await snapshot(t)).toEqual(before);
      } finally {
        await cleanUp(t, id);
      }
    });
  });
});
