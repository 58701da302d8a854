import { expect } from "vitest";
import { rawRequest, type RawResponse } from "../../support/http";
import { type TestServer } from "../../support/test-server";

/**
 * The write key (spec §5): every POST, PUT, PATCH and DELETE under /api/ — however the path is
 * spelled — carries `X-Api-Key` equal to `Api:WriteKey` when one is configured. Accepted writes
 * must have their effect; rejected ones must change nothing.
 */

export const KEY = "S3cret-Key";
export const WITH_KEY = { "X-Api-Key": KEY };

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
export const ALL_METHODS: readonly Method[] = ["GET", ...WRITE_METHODS];

/** Builds the request path for a resource such as `channels` or `channels/12`. */
export type Spell = (resource: string) => string;

export interface KeyCase {
  name: string;
  headers: Record<string, string>;
}

export const RIGHT_KEY: KeyCase = { name: "right key", headers: WITH_KEY };
export const NO_KEY: KeyCase = { name: "no X-Api-Key header", headers: {} };
export const BAD_KEYS: KeyCase[] = [
  { name: "wrong key of the same length", headers: { "X-Api-Key": "S3cret-Kez" } },
  { name: "wrong key, longer", headers: { "X-Api-Key": `${KEY}-and-more` } },
  { name: "wrong key, shorter", headers: { "X-Api-Key": "S3" } },
  { name: "key differing only in case (lower)", headers: { "X-Api-Key": KEY.toLowerCase() } },
  { name: "key differing only in case (upper)", headers: { "X-Api-Key": KEY.toUpperCase() } },
  { name: "empty X-Api-Key header", headers: { "X-Api-Key": "" } },
  { name: "key in Authorization instead of X-Api-Key", headers: { Authorization: `Bearer ${KEY}` } },
  NO_KEY,
];
export const KEY_CASES: KeyCase[] = [RIGHT_KEY, ...BAD_KEYS];

export interface Target {
  server: TestServer;
  /** Headers that make a setup or clean-up write succeed on this server. */
  setupHeaders: Record<string, string>;
}

export interface State {
  channels: any[];
  profiles: any[];
}

/** The channel every fresh server seeds. */
export const SEEDED_CHANNEL_ID = 1;

let seq = 0;
export const uniqueName = (prefix: string) => `${prefix}-${++seq}`;

export function send(t: Target, method: string, path: string, options: { body?: object | string; headers?: Record<string, string> } = {}) {
  return rawRequest(t.server.url, method, path, options);
}

/** Everything a write here could change, read over the canonical v1 routes. */
export async function snapshot(t: Target): Promise<State> {
  const [channels, profiles] = await Promise.all([send(t, "GET", "/api/v1/channels"), send(t, "GET", "/api/v1/ffmpeg/profiles")]);
  expect(channels.status).toBe(200);
  expect(profiles.status).toBe(200);
  return { channels: channels.json, profiles: profiles.json };
}

export async function createFixture(t: Target, name: string): Promise<number> {
  const res = await send(t, "POST", "/api/v1/channels", { body: { name }, headers: t.setupHeaders });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

export async function cleanUp(t: Target, id: number | undefined): Promise<void> {
  if (id === undefined) return;
  const res = await send(t, "DELETE", `/api/v1/channels/${id}`, { headers: t.setupHeaders });
  expect([204, 404]).toContain(res.status);
}

export function expectUnauthorized(res: RawResponse): void {
  expect(res.status, res.text).toBe(401);
  expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
  expect(res.json).toMatchObject({ status: 401, title: "Unauthorized" });
  expect(typeof res.json.detail).toBe("string");
  expect(res.json.detail.length).toBeGreaterThan(0);
}

export function channelNamed(state: State, name: string): any {
  return state.channels.find((c) => c.name === name);
}

/**
 * Sends one REST request over `spell` and checks the outcome: an accepted request must have had
 * its effect (read back afterwards), a rejected one must be a 401 problem that changed nothing.
 */
export async function exerciseRest(
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

export const V1: Spell = (r) => `/api/v1/${r}`;
export const LEGACY: Spell = (r) => `/api/${r}`;
export const SURFACES: Array<{ surface: string; spell: Spell }> = [
  { surface: "REST /api/v1/channels", spell: V1 },
  { surface: "legacy /api/channels", spell: LEGACY },
];

export const capitalise = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

/** Path spellings the router accepts for the same route; each must be judged like the canonical one. */
export const SPELLINGS: Array<{ label: string; spell: Spell }> = [
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
