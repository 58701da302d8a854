/**
 * Every change asked of the server is in the log (the Logs page reads it): REST writes and GraphQL mutations,
 * made or refused, with who asked (address) and never what they sent.
 */
import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const KEY = "change-log-write-key-0123456789";
const lines: string[] = [];
const { api } = useTestServer({ env: { Api__WriteKey: KEY, Logging__Level: "info" }, onLog: (line) => lines.push(line) });
const withKey = { "x-api-key": KEY };

/** The log lines written since `from` that name `text`. */
const logged = (from: number, text: string) => lines.slice(from).filter((l) => l.includes(text));

describe("the change log", () => {
  it("logs REST changes made and refused with method, path, status and address, never the body", async () => {
    const from = lines.length;
    const made = await api.post("/api/v1/channels", { name: "Logged", number: "41" }, withKey);
    expect(made.status, made.text).toBe(201);
    const invalid = await api.post("/api/v1/channels", { name: "", number: "41" }, withKey);
    expect(invalid.status).toBe(422);
    expect((await api.delete(`/api/v1/channels/${made.json.id}`)).status).toBe(401);
    const secret = "a-password-nobody-may-read";
    expect((await api.post("/api/v1/auth/sign-in", { password: secret })).status).toBeGreaterThanOrEqual(400);
    expect((await api.get("/api/v1/channels")).status).toBe(200);

    await expect.poll(() => logged(from, "change").length).toBe(4);
    const changes = logged(from, "change");
    expect(changes[0]).toMatch(/change made.*POST.*\/api\/v1\/channels\b.*201.*127\.0\.0\.1/);
    expect(changes[1]).toMatch(/change refused.*POST.*\/api\/v1\/channels\b.*422/);
    expect(changes[2]).toMatch(new RegExp(`change refused.*DELETE.*/api/v1/channels/${made.json.id}\\b.*401`));
    expect(changes[3]).toMatch(/change refused.*POST.*\/api\/v1\/auth\/sign-in/);
    // Reads are not changes; nothing anyone sent is written down.
    expect(lines.slice(from).join("\n")).not.toMatch(new RegExp(`${secret}|${KEY}|Logged`));
  });

  it("logs GraphQL mutations by the fields they ran, made or refused, never the variables", async () => {
    const from = lines.length;
    const create = `mutation ($input: ChannelCreateInput!) { createChannel(input: $input) { id } }`;
    const made = await api.graphql(create, { input: { name: "Graph Logged", number: "42" } }, withKey);
    expect(made.json.errors, made.text).toBeUndefined();
    const refused = await api.graphql(create, { input: { name: "Graph Logged Again", number: "43" } });
    expect(refused.json.errors).toBeDefined();
    expect((await api.graphql(`{ channels { id } }`)).status).toBe(200);

    await expect.poll(() => logged(from, "change").length).toBe(2);
    const changes = logged(from, "change");
    expect(changes[0]).toMatch(/change made.*graphql.*createChannel.*127\.0\.0\.1/);
    expect(changes[1]).toMatch(/change refused.*graphql.*createChannel/);
    expect(lines.slice(from).join("\n")).not.toMatch(new RegExp(`Graph Logged|${KEY}`));
  });
});
