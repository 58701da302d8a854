import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiClient, type RawResponse } from "../support/http";
import { useTestServer } from "../support/test-server";
import { channelProgrammes } from "../support/xmltv";

/**
 * The channel's playout mode and the skip route over REST and GraphQL: the rules, the status codes and
 * error codes, and the write key. (Timeline arithmetic: test/playout/time-shift.test.ts; streams:
 * test/streaming/on-demand-streams.test.ts.)
 */
const KEY = "on-demand-write-key-0123456789";
const { server, api: anonymous } = useTestServer({ env: { Api__WriteKey: KEY } });
const api = () => apiClient(server.url, { "X-Api-Key": KEY });
const MIN = 60_000;
let counter = 0;

/** A channel with an ExternalJson playout: three 30-minute programmes from 10 minutes ago, then more. */
async function channelWithPlayout(extra: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
  const number = `${600 + counter++}.5`;
  const clip = path.join(server.dataDir, "playouts", "clip.mkv");
  fs.writeFileSync(clip, "not played in these tests");
  const file = path.join(server.dataDir, "playouts", `channel-${number}.json`);
  const programs = Array.from({ length: 200 }, (_, i) => ({ title: `Programme ${i + 1}`, duration: 30 * MIN, file: clip }));
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 10 * MIN).toISOString(), programs }));
  const channel = await api().post("/api/v1/channels", { name: `On demand ${number}`, number, ...extra });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api().post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
  return { id: channel.json.id, number };
}

/** A channel with a Classic playout (a schedule of one item over an empty collection: the build may fail, the playout exists). */
async function classicChannel(name: string): Promise<{ id: number; scheduleId: number }> {
  const collection = await api().post("/api/v1/collections", { name: `${name} collection` });
  const schedule = await api().post("/api/v1/schedules", { name });
  const items = await api().put(`/api/v1/schedules/${schedule.json.id}/items`, { items: [{ playoutMode: "One", collectionType: "Collection", collectionId: collection.json.id, playbackOrder: "Chronological" }] });
  expect(items.status, items.text).toBe(200);
  const channel = await api().post("/api/v1/channels", { name });
  const made = await api().post("/api/v1/playouts", { channelId: channel.json.id, kind: "Classic", scheduleId: schedule.json.id });
  expect(made.status, made.text).toBe(201);
  return { id: channel.json.id, scheduleId: schedule.json.id };
}

function expect422(response: RawResponse, field: string, message: RegExp): void {
  expect(response.status, response.text).toBe(422);
  expect(response.headers["content-type"]).toMatch(/application\/problem\+json/);
  expect(response.json.errors).toContainEqual({ field, message: expect.stringMatching(message) });
}

describe("channel playoutMode", () => {
  it("defaults to Continuous; OnDemand is set and read back over REST and GraphQL", async () => {
    const created = await api().post("/api/v1/channels", { name: "Mode default" });
    expect(created.json.playoutMode).toBe("Continuous");
    const patched = await api().patch(`/api/v1/channels/${created.json.id}`, { playoutMode: "OnDemand" });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json.playoutMode).toBe("OnDemand");
    expect((await api().get(`/api/v1/channels/${created.json.id}`)).json.playoutMode).toBe("OnDemand");
    const viaGraphql = await api().graphql("mutation($id: Int!) { updateChannel(id: $id, input: { playoutMode: Continuous }) { playoutMode } }", { id: created.json.id });
    expect(viaGraphql.json.data.updateChannel.playoutMode).toBe("Continuous");
    const read = await api().graphql("query($id: Int!) { channel(id: $id) { playoutMode } }", { id: created.json.id });
    expect(read.json.data.channel.playoutMode).toBe("Continuous");
  });

  it("an unknown mode is 400 (REST type check) and a GraphQL validation error; nothing changes", async () => {
    const created = await api().post("/api/v1/channels", { name: "Mode bad" });
    const bad = await api().patch(`/api/v1/channels/${created.json.id}`, { playoutMode: "Sometimes" });
    expect(bad.status).toBe(400);
    const gql = await api().graphql("mutation($id: Int!) { updateChannel(id: $id, input: { playoutMode: Sometimes }) { id } }", { id: created.json.id });
    expect(gql.json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect((await api().get(`/api/v1/channels/${created.json.id}`)).json.playoutMode).toBe("Continuous");
  });

  it("a mirror channel cannot be on-demand (422 naming playoutMode); a mirror of an on-demand channel can be made", async () => {
    const source = await channelWithPlayout({ playoutMode: "OnDemand" });
    expect422(await api().post("/api/v1/channels", { name: "Mirror", mirrorSourceChannelId: source.id, playoutMode: "OnDemand" }), "playoutMode", /mirror channel cannot be on-demand/);
    const gql = await api().graphql("mutation($id: Int!) { createChannel(input: { name: \"Mirror\", mirrorSourceChannelId: $id, playoutMode: OnDemand }) { id } }", { id: source.id });
    expect(gql.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
    const mirror = await api().post("/api/v1/channels", { name: "Mirror", mirrorSourceChannelId: source.id });
    expect(mirror.status, mirror.text).toBe(201);
    expect(mirror.json.playoutMode).toBe("Continuous");
  });

  it("a Classic playout cannot be on-demand: 422 with the reason, both ways round", async () => {
    const classic = await classicChannel("Classic");
    expect422(await api().patch(`/api/v1/channels/${classic.id}`, { playoutMode: "OnDemand" }), "playoutMode", /Classic playout cannot be on-demand: Classic schedules start items at fixed times/);
    expect((await api().get(`/api/v1/channels/${classic.id}`)).json.playoutMode).toBe("Continuous");
    const onDemand = await api().post("/api/v1/channels", { name: "Wants classic", playoutMode: "OnDemand" });
    expect422(await api().post("/api/v1/playouts", { channelId: onDemand.json.id, kind: "Classic", scheduleId: classic.scheduleId }), "kind", /is on-demand and Classic playouts cannot be/);
  });
});

describe("POST /api/v1/channels/{id}/skip", () => {
  it("ends the programme on air: the next one starts now and every later one moves earlier by the time skipped", async () => {
    const channel = await channelWithPlayout();
    const before = await api().get(`/api/v1/channels/${channel.id}/now`);
    expect(before.json.current.title).toBe("Programme 1");
    const skipped = await api().post(`/api/v1/channels/${channel.id}/skip`);
    expect(skipped.status, skipped.text).toBe(200);
    expect(skipped.json).toMatchObject({ channelId: channel.id, next: { title: "Programme 2" } });
    expect(skipped.json.skippedSeconds).toBeGreaterThan(19 * 60);
    expect(skipped.json.skippedSeconds).toBeLessThanOrEqual(20 * 60);
    expect(skipped.json.next.start).toBe(skipped.json.at);
    const after = await api().get(`/api/v1/channels/${channel.id}/now`);
    expect(after.json.current.title).toBe("Programme 2");
    expect(after.json.next[0]).toMatchObject({ title: "Programme 3" });
    expect(Date.parse(after.json.next[0].start) - Date.parse(skipped.json.at)).toBe(30 * MIN);
    // The guide follows: XMLTV and the UI grid both start Programme 2 at the skip (XMLTV in whole seconds).
    const xmltv = channelProgrammes((await anonymous.get("/iptv/xmltv.xml")).text, `On demand ${channel.number}`);
    const second = xmltv.find((p) => p.title === "Programme 2")!;
    expect(Math.abs(second.start - Date.parse(skipped.json.at))).toBeLessThan(1000);
    expect(xmltv[xmltv.indexOf(second) + 1]).toMatchObject({ title: "Programme 3", start: second.start + 30 * MIN });
    const grid = await anonymous.graphql("{ guide { channelId programmes { start title } } }");
    const row = grid.json.data.guide.find((r: { channelId: number }) => r.channelId === channel.id);
    expect(row.programmes.find((p: { title: string }) => p.title === "Programme 2").start).toBe(skipped.json.at);
  });

  it("GraphQL skipChannel does the same", async () => {
    const channel = await channelWithPlayout();
    const result = await api().graphql("mutation($id: Int!) { skipChannel(id: $id) { channelId skippedSeconds nextTitle at } }", { id: channel.id });
    expect(result.json.data.skipChannel).toMatchObject({ channelId: channel.id, nextTitle: "Programme 2" });
    expect((await api().get(`/api/v1/channels/${channel.id}/now`)).json.current.title).toBe("Programme 2");
  });

  it("unknown channel 404; no playout 422; a mirror 422; a fixed-time kind 422 naming the reason", async () => {
    const missing = await api().post("/api/v1/channels/999999/skip");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/application\/problem\+json/);
    const bare = await api().post("/api/v1/channels", { name: "No playout" });
    expect422(await api().post(`/api/v1/channels/${bare.json.id}/skip`), "id", /has no playout/);
    const source = await channelWithPlayout();
    const mirror = await api().post("/api/v1/channels", { name: "Mirror", mirrorSourceChannelId: source.id });
    expect422(await api().post(`/api/v1/channels/${mirror.json.id}/skip`), "id", /mirrors channel .*skip on the source/);
    const classic = await classicChannel("Classic skip");
    expect422(await api().post(`/api/v1/channels/${classic.id}/skip`), "id", /cannot skip on channel .*Classic schedules start items at fixed times/);
    const gqlMissing = await api().graphql("mutation { skipChannel(id: 999999) { channelId } }");
    expect(gqlMissing.json.errors[0].extensions.code).toBe("NOT_FOUND");
    const gqlBare = await api().graphql("mutation($id: Int!) { skipChannel(id: $id) { channelId } }", { id: bare.json.id });
    expect(gqlBare.json.errors[0].extensions.code).toBe("VALIDATION_FAILED");
  });

  it("the write key is required: without it 401 over REST and UNAUTHORIZED over GraphQL, and nothing is skipped", async () => {
    const channel = await channelWithPlayout();
    expect((await anonymous.post(`/api/v1/channels/${channel.id}/skip`)).status).toBe(401);
    const gql = await anonymous.graphql("mutation($id: Int!) { skipChannel(id: $id) { channelId } }", { id: channel.id });
    expect(gql.json.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect((await anonymous.patch(`/api/v1/channels/${channel.id}`, { playoutMode: "OnDemand" })).status).toBe(401);
    expect((await anonymous.get(`/api/v1/channels/${channel.id}/now`)).json.current.title).toBe("Programme 1");
    expect((await anonymous.get(`/api/v1/channels/${channel.id}`)).json.playoutMode).toBe("Continuous");
  });
});

describe("on-demand states", () => {
  it("lists on-demand channels: a new one waits at its start until someone watches (REST and GraphQL)", async () => {
    const before = Date.now();
    const channel = await channelWithPlayout({ playoutMode: "OnDemand" });
    const rest = await anonymous.get("/api/v1/sessions/on-demand");
    expect(rest.status).toBe(200);
    const state = rest.json.find((s: { channelId: number }) => s.channelId === channel.id);
    expect(state).toMatchObject({ channelNumber: channel.number, channelName: `On demand ${channel.number}`, playing: false, checkpoint: { title: "Programme 1" } });
    expect(Date.parse(state.pausedSince)).toBeGreaterThanOrEqual(before - 1000);
    // Paused 10 minutes into the first programme (the file starts 10 minutes before the playout is made).
    expect(state.checkpoint.offsetSeconds).toBeGreaterThanOrEqual(600);
    expect(state.checkpoint.offsetSeconds).toBeLessThan(620);
    const gql = await anonymous.graphql("{ onDemandStates { channelId playing pausedSince checkpoint { title offsetSeconds } } }");
    expect(gql.json.data.onDemandStates).toContainEqual({ channelId: channel.id, playing: false, pausedSince: state.pausedSince, checkpoint: { title: "Programme 1", offsetSeconds: state.checkpoint.offsetSeconds } });
  });
});
