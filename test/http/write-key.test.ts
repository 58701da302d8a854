import { describe, expect, it } from "vitest";
import { rawRequest, type RawResponse } from "../support/http";
import { useTestServer, type TestServer } from "../support/test-server";

/**
 * The write key (spec §5): every POST, PUT, PATCH and DELETE under /api/ — however the path is
 * spelled — carries `X-Api-Key` equal to `Api:WriteKey` when one is configured. Accepted writes
 * must have their effect; rejected ones must change nothing.
 */

const KEY = "S3cret-Key";
const WITH_KEY = { "X-Api-Key": KEY };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const ALL_METHODS: readonly Method[] = ["GET", ...WRITE_METHODS];

/** Builds the request path for a resource such as `channels` or `channels/12`. */
type Spell = (resource: string) => string;

interface KeyCase {
  name: string;
  headers: Record<string, string>;
}

const RIGHT_KEY: KeyCase = { name: "right key", headers: WITH_KEY };
const NO_KEY: KeyCase = { name: "no X-Api-Key header", headers: {} };
const BAD_KEYS: KeyCase[] = [
  { name: "wrong key of the same length", headers: { "X-Api-Key": "S3cret-Kez" } },
  { name: "wrong key, longer", headers: { "X-Api-Key": `${KEY}-and-more` } },
  { name: "wrong key, shorter", headers: { "X-Api-Key": "S3" } },
  { name: "key differing only in case (lower)", headers: { "X-Api-Key": KEY.toLowerCase() } },
  { name: "key differing only in case (upper)", headers: { "X-Api-Key": KEY.toUpperCase() } },
  { name: "empty X-Api-Key header", headers: { "X-Api-Key": "" } },
  { name: "key in Authorization instead of X-Api-Key", headers: { Authorization: `Bearer ${KEY}` } },
  NO_KEY,
];
const KEY_CASES: KeyCase[] = [RIGHT_KEY, ...BAD_KEYS];

interface Target {
  server: TestServer;
  /** Headers that make a setup or clean-up write succeed on this server. */
  setupHeaders: Record<string, string>;
}

interface State {
  channels: any[];
  profiles: any[];
}

/** The channel every fresh server seeds. */
const SEEDED_CHANNEL_ID = 1;

let seq = 0;
const uniqueName = (prefix: string) => `${prefix}-${++seq}`;

function send(t: Target, method: string, path: string, options: { body?: object | string; headers?: Record<string, string> } = {}) {
  return rawRequest(t.server.url, method, path, options);
}

/** Everything a write here could change, read over the canonical v1 routes. */
async function snapshot(t: Target): Promise<State> {
  const [channels, profiles] = await Promise.all([send(t, "GET", "/api/v1/channels"), send(t, "GET", "/api/v1/ffmpeg/profiles")]);
  expect(channels.status).toBe(200);
  expect(profiles.status).toBe(200);
  return { channels: channels.json, profiles: profiles.json };
}

async function createFixture(t: Target, name: string): Promise<number> {
  const res = await send(t, "POST", "/api/v1/channels", { body: { name }, headers: t.setupHeaders });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function cleanUp(t: Target, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const res = await send(t, "DELETE", `/api/v1/channels/${id}`, { headers: t.setupHeaders });
  expect([204, 404]).toContain(res.status);
}

function expectUnauthorized(res: RawResponse): void {
  expect(res.status, res.text).toBe(401);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ status: 401, title: "Unauthorized" });
  expect(typeof res.json.detail).toBe("string");
  expect(res.json.detail.length).toBeGreaterThan(0);
}

function channelNamed(state: State, name: string): any {
  return state.channels.find((c) => c.name === name);
}

/**
 * Sends one REST request over `spell` and checks the outcome: an accepted request must have had
 * its effect (read back afterwards), a rejected one must be a 401 problem that changed nothing.
 */
async function exerciseRest(
  t: Target,
  method: Method,
  spell: Spell,
  headers: Record<string, string>,
  outcome: "accepted" | "rejected",
): Promise<void> {
  const name = uniqueName(`wk-${method.toLowerCase()}`);
  // Accepted writes change their own fixture; reads and rejected writes aim at the seeded channel,
  // which nothing else changes (and which a wrongly accepted write would visibly change).
  const ownFixture = outcome === "accepted" && (method === "PUT" || method === "PATCH" || method === "DELETE");
  const id = method === "POST" ? undefined : ownFixture ? await createFixture(t, name) : SEEDED_CHANNEL_ID;
  const resource = id === undefined ? "channels" : `channels/${id}`;
  const newName = `${name}-new`;
  const body = method === "POST" ? { name, group: "WriteKey" } : method === "PUT" || method === "PATCH" ? { name: newName } : undefined;
  const before = await snapshot(t);

  const res = await send(t, method, spell(resource), { body, headers });
  const after = await snapshot(t);

  let createdId: number | undefined;
  try {
    if (outcome === "rejected") {
      expectUnauthorized(res);
      expect(after).toEqual(before);
      if (id !== undefined) expect(after.channels.some((c) => c.id === id)).toBe(true);
      return;
    }
    switch (method) {
      case "GET":
        expect(res.status, res.text).toBe(200);
        expect(res.json).toEqual(before.channels.find((c) => c.id === id));
        expect(after).toEqual(before);
        break;
      case "POST": {
        expect(res.status, res.text).toBe(201);
        createdId = res.json.id;
        expect(res.headers.location).toBe(`/api/v1/channels/${createdId}`);
        expect(after.channels).toHaveLength(before.channels.length + 1);
        expect(channelNamed(before, name)).toBeUndefined();
        expect(channelNamed(after, name)).toMatchObject({ id: createdId, group: "WriteKey" });
        break;
      }
      case "PUT":
      case "PATCH":
        expect(res.status, res.text).toBe(200);
        expect(res.json).toMatchObject({ id, name: newName });
        expect(after.channels).toHaveLength(before.channels.length);
        expect(channelNamed(after, name)).toBeUndefined();
        expect(channelNamed(after, newName)).toMatchObject({ id });
        break;
      case "DELETE":
        expect(res.status, res.text).toBe(204);
        expect(before.channels.some((c) => c.id === id)).toBe(true);
        expect(after.channels.some((c) => c.id === id)).toBe(false);
        expect(after.channels).toHaveLength(before.channels.length - 1);
        break;
    }
    expect(after.profiles).toEqual(before.profiles);
  } finally {
    if (ownFixture) await cleanUp(t, id);
    await cleanUp(t, createdId);
  }
}

const V1: Spell = (r) => `/api/v1/${r}`;
const LEGACY: Spell = (r) => `/api/${r}`;
const SURFACES: Array<{ surface: string; spell: Spell }> = [
  { surface: "REST /api/v1/channels", spell: V1 },
  { surface: "legacy /api/channels", spell: LEGACY },
];

const capitalise = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

/** Path spellings the router accepts for the same route; each must be judged like the canonical one. */
const SPELLINGS: Array<{ label: string; spell: Spell }> = [
  { label: "/API/v1/…", spell: (r) => `/API/v1/${r}` },
  { label: "/Api/V1/Channels…", spell: (r) => `/Api/V1/${capitalise(r)}` },
  { label: "//api/v1/…", spell: (r) => `//api/v1/${r}` },
  { label: "/api//v1//…", spell: (r) => `/api//v1//${r}` },
  { label: "/api/v1/./…", spell: (r) => `/api/v1/./${r}` },
  { label: "/api/v1/x/../…", spell: (r) => `/api/v1/x/../${r}` },
  { label: "/api/v1/%2e/… (encoded dot)", spell: (r) => `/api/v1/%2e/${r}` },
  { label: "/api/v1/x/%2E%2E/… (encoded dot-dot)", spell: (r) => `/api/v1/x/%2E%2E/${r}` },
  { label: "/api/v1/%63hannels…", spell: (r) => `/api/v1/%63${r.slice(1)}` },
  { label: "/api/v1/%43HANNELS… (encoded, upper case)", spell: (r) => `/api/v1/%43${r.slice(1).toUpperCase()}` },
  { label: "/%61pi/v1/…", spell: (r) => `/%61pi/v1/${r}` },
  { label: "/api/%76%31/… (encoded version)", spell: (r) => `/api/%76%31/${r}` },
  { label: "/api/v1/…/ (trailing slash)", spell: (r) => `/api/v1/${r}/` },
  { label: "/api/v1/…?query", spell: (r) => `/api/v1/${r}?x=1&X-Api-Key=${KEY}` },
  { label: "http://host/api/v1/… (absolute-form target)", spell: (r) => `http://tv.example/api/v1/${r}` },
  { label: "/API/… (legacy, upper case)", spell: (r) => `/API/${r}` },
  { label: "//api/./… (legacy, odd)", spell: (r) => `//api/./${r}` },
  { label: "/%61pi/%63hannels… (legacy, encoded)", spell: (r) => `/%61pi/%63${r.slice(1)}` },
  { label: "/api/v1/scan/x/../../… (dot-segments out of the scan exemption)", spell: (r) => `/api/v1/scan/x/../../${r}` },
  { label: "/api/v1/scan/x/%2e%2e/%2E%2E/… (encoded, out of the scan exemption)", spell: (r) => `/api/v1/scan/x/%2e%2e/%2E%2E/${r}` },
  { label: "/api/v1/scan/a/b/../../../… (deeper, out of the scan exemption)", spell: (r) => `/api/v1/scan/a/b/../../../${r}` },
  { label: "/api/scan/x/../../… (legacy, out of the scan exemption)", spell: (r) => `/api/scan/x/../../${r}` },
];

describe("write key configured", () => {
  const t: Target = { server: useTestServer({ env: { Api__WriteKey: KEY } }).server, setupHeaders: WITH_KEY };

  describe.each(SURFACES.map((s) => [s.surface, s.spell] as const))("%s", (_surface, spell) => {
    describe.each(ALL_METHODS)("%s", (method) => {
      const cases = KEY_CASES.map((c) => {
        const outcome = method === "GET" || c === RIGHT_KEY ? "accepted" : "rejected";
        return [`${c.name}: ${outcome === "accepted" ? "accepted, with its effect" : "401, nothing changes"}`, c.headers, outcome] as const;
      });
      it.each(cases)("%s", async (_name, headers, outcome) => {
        await exerciseRest(t, method, spell, headers, outcome);
      });
    });
  });

  describe.each(SPELLINGS.map((s) => [s.label, s.spell] as const))("spelling %s", (_label, spell) => {
    describe.each(WRITE_METHODS)("%s", (method) => {
      it("without the key: 401, nothing changes", async () => {
        await exerciseRest(t, method, spell, {}, "rejected");
      });
      it("with the key: the write happens", async () => {
        await exerciseRest(t, method, spell, WITH_KEY, "accepted");
      });
    });
  });

  describe("reads never need the key", () => {
    it("HEAD with no key and with a wrong key: 200", async () => {
      for (const headers of [{}, { "X-Api-Key": "nope" }] as Array<Record<string, string>>) {
        const res = await send(t, "HEAD", "/api/v1/channels", { headers });
        expect(res.status).toBe(200);
        expect(res.text).toBe("");
      }
    });

    it("OPTIONS preflight with no key: 204", async () => {
      const res = await send(t, "OPTIONS", "/api/v1/channels", {
        headers: { Origin: "http://ui.example", "Access-Control-Request-Method": "DELETE" },
      });
      expect(res.status).toBe(204);
    });

    it("OPTIONS without preflight headers and no key: not 401", async () => {
      const res = await send(t, "OPTIONS", "/api/v1/channels");
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    });
  });

  describe("bypass attempts are rejected and change nothing", () => {
    const attempts: Array<{ name: string; method: string; path: string; headers?: Record<string, string>; body?: object | string }> = [
      { name: "key only in the query string", method: "POST", path: `/api/v1/channels?X-Api-Key=${KEY}&api_key=${KEY}`, body: { name: "bypass-q" } },
      { name: "POST with X-HTTP-Method-Override: GET", method: "POST", path: "/api/v1/channels", headers: { "X-HTTP-Method-Override": "GET" }, body: { name: "bypass-o" } },
      { name: "POST with a text/plain body", method: "POST", path: "/api/v1/channels", headers: { "Content-Type": "text/plain" }, body: JSON.stringify({ name: "bypass-t" }) },
      { name: "DELETE of the seeded channel with X-Forwarded-For: 127.0.0.1", method: "DELETE", path: "/api/v1/channels/1", headers: { "X-Forwarded-For": "127.0.0.1" } },
      { name: "unlisted method PURGE", method: "PURGE", path: "/api/v1/channels/1" },
      { name: "POST to /api/v2 (future version)", method: "POST", path: "/api/v2/channels", body: { name: "bypass-v2" } },
      { name: "POST to /api (bare)", method: "POST", path: "/api", body: { name: "bypass-bare" } },
      { name: "POST to an unknown /api/v1 route", method: "POST", path: "/api/v1/nope", body: { name: "bypass-nope" } },
    ];
    it.each(attempts.map((a) => [a.name, a] as const))("%s", async (_name, { method, path, headers, body }) => {
      const before = await snapshot(t);
      const res = await send(t, method, path, { headers, body });
      expectUnauthorized(res);
      expect(await snapshot(t)).toEqual(before);
    });

    it("a GET carrying X-HTTP-Method-Override: POST and a body creates nothing", async () => {
      const before = await snapshot(t);
      const res = await send(t, "GET", "/api/v1/channels", { headers: { "X-HTTP-Method-Override": "POST" }, body: { name: "bypass-g" } });
      expect(res.status).toBe(200);
      expect(await snapshot(t)).toEqual(before);
    });

    it("encoded slashes inside the scan exemption stay one segment and reach no channel route", async () => {
      const before = await snapshot(t);
      for (const path of ["/api/v1/scan/x/..%2F..%2Fchannels", "/api/v1/scan/x/..%2f..%2fchannels/1", "/api/v1/scan/x/y%2F..%2F..%2F..%2Fchannels"]) {
        for (const method of ["POST", "DELETE"]) {
          const res = await send(t, method, path, { body: method === "POST" ? { name: "bypass-slash" } : undefined });
          expect([401, 404], `${method} ${path}: ${res.text}`).toContain(res.status);
          expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        }
      }
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe("scanner callback exemption", () => {
    // An exempt write gets past the key check and is answered by routing: 404 for an unknown scan id
    // or a method/path with no scan route (and 404 too while no scan route exists at all).
    const exempt = [
      "/api/v1/scan/abc123/progress",
      "/api/v1/scan/abc123/items/7",
      "/API/V1/Scan/abc123/progress",
      "/api/v1/%73can/abc123/progress",
      "//api/v1/./scan/abc123/progress",
      "/api/v1/channels/../scan/abc123/progress",
      "/api/scan/abc123/progress",
    ];
    describe.each(exempt)("%s", (path) => {
      it.each(WRITE_METHODS)("%s without key reaches routing: 404, not 401", async (method) => {
        const before = await snapshot(t);
        const res = await send(t, method, path, { body: method === "DELETE" ? undefined : { percent: 50 } });
        expect(res.status, res.text).toBe(404);
        expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
        expect(res.json).toMatchObject({ status: 404, title: "Resource not found" });
        expect(await snapshot(t)).toEqual(before);
      });
    });

    const notExempt = [
      "/api/v1/scan",
      "/api/v1/scan/abc123",
      "/api/v1/scanner/abc123/progress",
      "/api/v1/channels/scan/abc123/progress",
      "/api/v2/scan/abc123/progress",
      "/api/v1/scan/x/../../channels",
      "/api/v1/scan/x/y/../../progress",
    ];
    it.each(notExempt)("POST %s without key: 401, nothing changes", async (path) => {
      const before = await snapshot(t);
      expectUnauthorized(await send(t, "POST", path, { body: { name: "not-exempt" } }));
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe("/iptv/ never needs the key", () => {
    const paths = ["/iptv/channels.m3u", "/iptv/channel/1.ts", "/IPTV/xmltv.xml", "//iptv/./channels.m3u"];
    describe.each(paths)("%s", (path) => {
      it.each(WRITE_METHODS)("%s without key: not 401, nothing changes", async (method) => {
        const before = await snapshot(t);
        const res = await send(t, method, path, { body: method === "DELETE" ? undefined : {} });
        expect(res.status, res.text).not.toBe(401);
        expect(res.status).toBeLessThan(500);
        expect(await snapshot(t)).toEqual(before);
      });
    });
  });

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
