import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/config/password-hash";
import { removeSecretSettings } from "../../server/config/child-environment";
import { type ApiClient, type RawResponse } from "../support/http";
import { useTestServer, withTestServer } from "../support/test-server";

const PASSWORD = "correct horse battery";
const CHANNELS_QUERY = "{ channels { id name } }";
const CREATE_CHANNEL = 'mutation($name: String!) { createChannel(input: { name: $name, group: "Owner" }) { id name } }';
const UPDATE_SETTINGS = "mutation($input: SettingsInput!) { updateSettings(input: $input) { writeKeySet } }";

/** The session cookie a response set, as a Cookie header value (`name=value`). */
function sessionCookie(res: RawResponse): string {
  const header = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("airwave_session="));
  if (!header) throw new Error(`no session cookie in ${res.status} ${res.text}`);
  return header.split(";")[0];
}

async function setFirstPassword(api: ApiClient): Promise<{ cookie: string; res: RawResponse }> {
  const res = await api.put("/api/v1/auth/password", { password: PASSWORD });
  expect(res.status, res.text).toBe(200);
  return { cookie: sessionCookie(res), res };
}

function settingsFile(dataDir: string): Record<string, Record<string, string>> {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "settings.json"), "utf8"));
}

describe("owner password over REST and GraphQL", () => {
  it("the first password is set by whoever asks first; then the admin surface needs the session, players do not", async () => {
    const logLines: string[] = [];
    await withTestServer({ onLog: (line) => logLines.push(line), env: { Logging__Level: "debug" } }, async (server, api) => {
      expect((await api.get("/api/v1/auth")).json).toEqual({ passwordSet: false, writeKeySet: false, passwordFromEnvironment: false, signedIn: false });
      const { cookie, res } = await setFirstPassword(api);
      const setCookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).join("\n");
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).toMatch(/Max-Age=2592000/);
      expect(res.json).toMatchObject({ passwordSet: true, signedIn: true });

      const hash = settingsFile(server.dataDir).Auth.PasswordHash;
      expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=1\$/);
      expect(fs.statSync(path.join(server.dataDir, "settings.json")).mode & 0o777).toBe(0o600);
      // A second visitor cannot take over: the password is set.
      const again = await api.put("/api/v1/auth/password", { password: "someone elses" });
      expect(again.status).toBe(422);
      expect(again.json.errors).toEqual([{ field: "currentPassword", message: "an owner password is set: give it to change or remove it" }]);

      // Without the session: every read and write of the admin surface is refused, over REST and GraphQL.
      expect((await api.get("/api/v1/channels")).status).toBe(401);
      expect((await api.get("/api/v1/settings")).status).toBe(401);
      const refusedWrite = await api.post("/api/v1/channels", { name: "Intruder" });
      expect(refusedWrite.status).toBe(401);
      expect(refusedWrite.json.detail).toMatch(/sign in/);
      const refusedQuery = await api.graphql(CHANNELS_QUERY);
      expect(refusedQuery.status).toBe(401);
      expect(refusedQuery.json.errors[0].extensions.code).toBe("UNAUTHORIZED");
      expect(refusedQuery.json.data ?? null).toBeNull();
      expect((await api.graphql(CREATE_CHANNEL, { name: "Intruder" })).json.errors[0].extensions.code).toBe("UNAUTHORIZED");
      expect((await server.services.channels.list()).map((c) => c.channel.name)).not.toContain("Intruder");

      // Players read exactly as before.
      expect((await api.get("/iptv/channels.m3u")).status).toBe(200);
      expect((await api.get("/iptv/xmltv.xml")).status).toBe(200);
      expect((await api.get("/discover.json")).status).toBe(200);
      expect((await api.get("/lineup.json")).status).toBe(200);
      expect((await api.get("/health")).status).toBe(200);

      // With the session: reads and writes, over both transports.
      const withCookie = { Cookie: cookie };
      expect((await api.get("/api/v1/channels", withCookie)).status).toBe(200);
      expect((await api.post("/api/v1/channels", { name: "Owner's" }, withCookie)).status).toBe(201);
      expect((await api.graphql(CHANNELS_QUERY, {}, withCookie)).json.data.channels.map((c: { name: string }) => c.name)).toContain("Owner's");
      expect((await api.graphql(CREATE_CHANNEL, { name: "Owner's 2" }, withCookie)).json.data.createChannel.name).toBe("Owner's 2");
      expect((await api.get("/api/v1/auth", withCookie)).json.signedIn).toBe(true);

      // The cookie never counts on a request from another site's page (or another port of this host).
      const evil = { ...withCookie, Origin: "http://evil.example" };
      expect((await api.post("/api/v1/channels", { name: "Forged" }, evil)).status).toBe(403);
      expect((await api.get("/api/v1/channels", evil)).status).toBe(401);
      expect((await api.graphql(CHANNELS_QUERY, {}, { ...withCookie, Origin: "http://localhost:3000" })).status).toBe(401);

      // Neither the hash nor the session token reaches a response or a log line.
      for (const text of [(await api.get("/api/v1/settings", withCookie)).text, (await api.get("/api/v1/auth", withCookie)).text, (await api.get("/api/v1/logs", withCookie)).text]) {
        expect(text).not.toContain(hash);
        expect(text).not.toContain("$scrypt$");
        expect(text).not.toContain(cookie.split("=")[1]);
      }
      expect(logLines.length).toBeGreaterThan(0);
      expect(logLines.join("\n")).not.toContain(hash);
      expect(logLines.join("\n")).not.toContain(cookie.split("=")[1]);
    });
  });

  it("sign-out ends the session everywhere; a new password ends every older session; changing it needs the current one", async () => {
    await withTestServer({}, async (_server, api) => {
      const first = (await setFirstPassword(api)).cookie;
      const signIn = await api.post("/api/v1/auth/sign-in", { password: PASSWORD });
      expect(signIn.status).toBe(200);
      const second = sessionCookie(signIn);
      expect(second).not.toBe(first);

      const out = await api.post("/api/v1/auth/sign-out", undefined, { Cookie: first });
      expect(out.status).toBe(204);
      expect(([] as string[]).concat(out.headers["set-cookie"] ?? []).join()).toMatch(/airwave_session=;.*Max-Age=0/);
      expect((await api.get("/api/v1/channels", { Cookie: first })).status).toBe(401);
      expect((await api.get("/api/v1/auth", { Cookie: first })).json.signedIn).toBe(false);
      expect((await api.get("/api/v1/channels", { Cookie: second })).status).toBe(200);

      const noCurrent = await api.put("/api/v1/auth/password", { password: "a new password" }, { Cookie: second });
      expect(noCurrent.status).toBe(422);
      const wrongCurrent = await api.put("/api/v1/auth/password", { password: "a new password", currentPassword: "not it" }, { Cookie: second });
      expect(wrongCurrent.status).toBe(422);
      expect(wrongCurrent.json.errors).toEqual([{ field: "currentPassword", message: "is not the owner password" }]);
      const tooShort = await api.put("/api/v1/auth/password", { password: "short", currentPassword: PASSWORD });
      expect(tooShort.json.errors).toEqual([{ field: "password", message: "must be 8 to 1024 characters long" }]);

      const changed = await api.put("/api/v1/auth/password", { password: "a new password", currentPassword: PASSWORD });
      expect(changed.status).toBe(200);
      const third = sessionCookie(changed);
      expect((await api.get("/api/v1/channels", { Cookie: second })).status).toBe(401);
      expect((await api.get("/api/v1/channels", { Cookie: third })).status).toBe(200);
      expect((await api.post("/api/v1/auth/sign-in", { password: PASSWORD })).status).toBe(401);
      expect((await api.post("/api/v1/auth/sign-in", { password: "a new password" })).status).toBe(200);

      // Removing it (current password given) opens the server again, as without a password.
      const removed = await api.put("/api/v1/auth/password", { password: null, currentPassword: "a new password" });
      expect(removed.status).toBe(200);
      expect(removed.json).toMatchObject({ passwordSet: false, signedIn: false });
      expect((await api.get("/api/v1/channels")).status).toBe(200);
    });
  });

  it("wrong passwords are rate limited: 5 tries per address in 15 minutes, then 429 with Retry-After even for the right one", async () => {
    await withTestServer({}, async (_server, api) => {
      await setFirstPassword(api);
      for (let i = 0; i < 5; i++) {
        const wrong = await api.post("/api/v1/auth/sign-in", { password: `guess ${i}` });
        expect(wrong.status, wrong.text).toBe(401);
        expect(wrong.headers["set-cookie"]).toBeUndefined();
      }
      const limited = await api.post("/api/v1/auth/sign-in", { password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
      expect(limited.json.detail).toMatch(/too many wrong passwords/);
      expect(limited.headers["set-cookie"]).toBeUndefined();
      // The current-password check of a change counts against the same limit.
      expect((await api.put("/api/v1/auth/password", { password: "another one", currentPassword: PASSWORD })).status).toBe(429);
    });
  });

  it("sign-in routes refuse pages of other sites", async () => {
    await withTestServer({}, async (_server, api) => {
      expect((await api.put("/api/v1/auth/password", { password: PASSWORD }, { Origin: "http://evil.example" })).status).toBe(403);
      await setFirstPassword(api);
      expect((await api.post("/api/v1/auth/sign-in", { password: PASSWORD }, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    });
  });

  describe("the write key and the password guard each other", () => {
    it("with no password, the first key is set by whoever asks; replacing it needs it (REST and GraphQL)", async () => {
      await withTestServer({}, async (server, api) => {
        expect((await api.put("/api/v1/settings", { writeKey: "first-key-1" })).status).toBe(200);
        // A LAN device can no longer replace the owner's key: the key applies at once and is needed.
        expect((await api.put("/api/v1/settings", { writeKey: "lan-device-key" })).status).toBe(401);
        expect((await api.graphql(UPDATE_SETTINGS, { input: { writeKey: "lan-device-key" } })).json.errors[0].extensions.code).toBe("UNAUTHORIZED");
        expect(settingsFile(server.dataDir).Api.WriteKey).toBe("first-key-1");
        const replaced = await api.graphql(UPDATE_SETTINGS, { input: { writeKey: "second-key-2" } }, { "X-Api-Key": "first-key-1" });
        expect(replaced.json.data.updateSettings.writeKeySet).toBe(true);
        expect(settingsFile(server.dataDir).Api.WriteKey).toBe("second-key-2");

        // The first password needs the key that is set.
        const noKey = await api.put("/api/v1/auth/password", { password: PASSWORD });
        expect(noKey.status).toBe(422);
        expect(noKey.json.errors[0].field).toBe("password");
        expect((await api.put("/api/v1/auth/password", { password: PASSWORD }, { "X-Api-Key": "second-key-2" })).status).toBe(200);
        // Scripts keep using the key, for reads and writes, from any origin.
        expect((await api.get("/api/v1/channels", { "X-Api-Key": "second-key-2" })).status).toBe(200);
        expect((await api.post("/api/v1/channels", { name: "Scripted" }, { "X-Api-Key": "second-key-2", Origin: "http://tool.example" })).status).toBe(201);
        expect((await api.graphql(CHANNELS_QUERY, {}, { "X-Api-Key": "second-key-2" })).status).toBe(200);
      });
    });

    it("signed in, the owner creates the first key; replacing it then needs the key or the current password (REST and GraphQL)", async () => {
      await withTestServer({}, async (server, api) => {
        const { cookie } = await setFirstPassword(api);
        const session = { Cookie: cookie };
        expect((await api.put("/api/v1/settings", { writeKey: "owner-key-1" }, session)).json.writeKeySet).toBe(true);

        const rest = await api.put("/api/v1/settings", { writeKey: "stolen-session-key" }, session);
        expect(rest.status).toBe(422);
        expect(rest.json.errors[0].field).toBe("writeKey");
        const gql = await api.graphql(UPDATE_SETTINGS, { input: { writeKey: null } }, session);
        expect(gql.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
        expect(gql.json.errors[0].extensions.errors[0].field).toBe("writeKey");
        expect(settingsFile(server.dataDir).Api.WriteKey).toBe("owner-key-1");

        const wrongPassword = await api.graphql(UPDATE_SETTINGS, { input: { writeKey: "owner-key-2", currentPassword: "wrong one" } }, session);
        expect(wrongPassword.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
        expect((await api.graphql(UPDATE_SETTINGS, { input: { writeKey: "owner-key-2", currentPassword: PASSWORD } }, session)).json.data.updateSettings.writeKeySet).toBe(true);
        expect((await api.put("/api/v1/settings", { writeKey: "owner-key-3" }, { ...session, "X-Api-Key": "owner-key-2" })).status).toBe(200);
        expect(settingsFile(server.dataDir).Api.WriteKey).toBe("owner-key-3");
        // The password itself is never changed with the key alone.
        expect((await api.put("/api/v1/auth/password", { password: "key holder's choice" }, { "X-Api-Key": "owner-key-3" })).status).toBe(422);
      });
    });
  });

  it("a hash in the environment (Auth__PasswordHash) signs in and cannot be changed over the network", async () => {
    const hash = await hashPassword(PASSWORD);
    await withTestServer({ env: { Auth__PasswordHash: hash } }, async (_server, api) => {
      expect((await api.get("/api/v1/auth")).json).toMatchObject({ passwordSet: true, passwordFromEnvironment: true, signedIn: false });
      expect((await api.get("/api/v1/channels")).status).toBe(401);
      const cookie = sessionCookie(await api.post("/api/v1/auth/sign-in", { password: PASSWORD }));
      expect((await api.get("/api/v1/channels", { Cookie: cookie })).status).toBe(200);
      const change = await api.put("/api/v1/auth/password", { password: "a new password", currentPassword: PASSWORD }, { Cookie: cookie });
      expect(change.status).toBe(422);
      expect(change.json.errors[0].message).toMatch(/Auth__PasswordHash/);
    });
  });

  it("child processes get no secret setting from the environment", () => {
    const env: NodeJS.ProcessEnv = { PATH: "/usr/bin", auth__passwordhash: "$scrypt$x", Api__WriteKey: "k", Database__Password: "p", Server__Port: "1" };
    const before = removeSecretSettings(env);
    expect(env).toEqual({ PATH: "/usr/bin", Server__Port: "1" });
    expect(before.Api__WriteKey).toBe("k");
  });
});

describe("owner password: REST reads stay open while none is set", () => {
  const { api } = useTestServer();
  it("reads need nothing and the sign-in state says so", async () => {
    expect((await api.get("/api/v1/channels")).status).toBe(200);
    expect((await api.graphql(CHANNELS_QUERY)).status).toBe(200);
    expect((await api.post("/api/v1/auth/sign-in", { password: PASSWORD })).status).toBe(422);
  });
});
