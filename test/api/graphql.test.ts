import { describe, expect, it, vi } from "vitest";
import { useTestServer } from "../support/test-server";

const { server, api } = useTestServer();

const CHANNEL_FIELDS = "id uniqueId number name group categories ffmpegProfileId streamingMode logoUrl isEnabled showInEpg subtitleMode streamUrl playoutId";

describe("GraphQL", () => {
  it("lists channels with their profile, stream URL and enums by name", async () => {
    const response = await api.graphql(`{ channels { ${CHANNEL_FIELDS} ffmpegProfile { id name isDefault resolution { width height } videoFormat } } }`);
    expect(response.status).toBe(200);
    expect(response.json.errors).toBeUndefined();
    const [first] = response.json.data.channels;
    expect(first).toMatchObject({ number: "1", streamingMode: "TransportStreamHybrid", ffmpegProfile: { isDefault: true, resolution: { width: 1920, height: 1080 }, videoFormat: "H264" } });
    expect(first.streamUrl).toBe(`${server.url}/iptv/channel/1.ts`);
  });

  it("resolves every channel's profile with one batched load, not one per channel", async () => {
    const profileIds: number[] = [];
    for (let i = 0; i < 3; i++) {
      profileIds.push((await api.post("/api/v1/ffmpeg/profiles", { name: `Batch ${i}` })).json.id);
    }
    for (let i = 0; i < 12; i++) {
      await api.post("/api/v1/channels", { name: `Batch ${i}`, ffmpegProfileId: profileIds[i % 3] });
    }
    const spy = vi.spyOn(server.services.ffmpegProfiles, "getMany");
    const response = await api.graphql("{ channels { id ffmpegProfile { id name } } }");
    expect(response.json.errors).toBeUndefined();
    expect(response.json.data.channels.length).toBeGreaterThanOrEqual(13);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(new Set(spy.mock.calls[0][0]).size).toBe(4);
    spy.mockRestore();
  });

  it("channel(id) returns one channel and NOT_FOUND for an absent one", async () => {
    expect((await api.graphql("{ channel(id: 1) { number } }")).json.data.channel.number).toBe("1");
    const missing = await api.graphql("{ channel(id: 424242) { number } }");
    expect(missing.json.errors[0].extensions.code).toBe("NOT_FOUND");
    expect(missing.json.errors[0].message).toBe("Channel 424242 does not exist");
  });

  it("createChannel, updateChannel and deleteChannel go through the same rules as REST", async () => {
    const created = await api.graphql(
      `mutation($input: ChannelCreateInput!) { createChannel(input: $input) { ${CHANNEL_FIELDS} preferredAudioLanguageCode } }`,
      { input: { name: "GQL", number: "300", streamingMode: "HttpLiveStreamingDirect", preferredAudioLanguageCode: "de" } },
    );
    expect(created.json.errors).toBeUndefined();
    const channel = created.json.data.createChannel;
    expect(channel).toMatchObject({ name: "GQL", number: "300", streamingMode: "HttpLiveStreamingDirect", preferredAudioLanguageCode: "ger", group: "Airwave" });
    expect((await api.get(`/api/v1/channels/${channel.id}`)).json.name).toBe("GQL");

    const updated = await api.graphql(`mutation { updateChannel(id: ${channel.id}, input: { name: "GQL 2" }) { name number } }`);
    expect(updated.json.data.updateChannel).toEqual({ name: "GQL 2", number: "300" });

    const deleted = await api.graphql(`mutation { deleteChannel(id: ${channel.id}) }`);
    expect(deleted.json.data.deleteChannel).toBe(String(channel.id));
    expect((await api.get(`/api/v1/channels/${channel.id}`)).status).toBe(404);
  });

  it("validation failures carry the same messages as REST, with VALIDATION_FAILED and the field list", async () => {
    const input = { name: "", number: "1", logoUrl: "nope", isEnabled: false, showInEpg: true };
    const rest = await api.post("/api/v1/channels", input);
    expect(rest.status).toBe(422);
    const gql = await api.graphql("mutation($input: ChannelCreateInput!) { createChannel(input: $input) { id } }", { input });
    const [error] = gql.json.errors;
    expect(error.extensions.code).toBe("VALIDATION_FAILED");
    expect(error.extensions.errors).toEqual(rest.json.errors);
    expect(error.message).toBe(rest.json.detail);
    expect(gql.json.data).toBeNull();
  });

  it("deleting an absent channel is NOT_FOUND", async () => {
    const response = await api.graphql("mutation { deleteChannel(id: 99999) }");
    expect(response.json.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("FFmpeg profile queries and mutations", async () => {
    const list = await api.graphql("{ ffmpegProfiles { id name isDefault } }");
    expect(list.json.data.ffmpegProfiles.filter((p: { isDefault: boolean }) => p.isDefault)).toHaveLength(1);
    const created = await api.graphql(`mutation { createFFmpegProfile(input: { name: "GQL profile", resolution: { width: 1280, height: 720 }, audioFormat: Ac3 }) { id name resolution { width height } audioFormat videoProfile } }`);
    expect(created.json.errors).toBeUndefined();
    const profile = created.json.data.createFFmpegProfile;
    expect(profile).toMatchObject({ name: "GQL profile", resolution: { width: 1280, height: 720 }, audioFormat: "Ac3", videoProfile: "high" });
    const updated = await api.graphql(`mutation { updateFFmpegProfile(id: ${profile.id}, input: { videoBitrate: 3000 }) { videoBitrate name } }`);
    expect(updated.json.data.updateFFmpegProfile).toEqual({ videoBitrate: 3000, name: "GQL profile" });
    const invalid = await api.graphql(`mutation { updateFFmpegProfile(id: ${profile.id}, input: { threadCount: -1 }) { id } }`);
    expect(invalid.json.errors[0].extensions).toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "threadCount" }] });
    expect((await api.graphql(`mutation { deleteFFmpegProfile(id: ${profile.id}) }`)).json.data.deleteFFmpegProfile).toBe(String(profile.id));
    expect((await api.graphql(`{ ffmpegProfile(id: ${profile.id}) { id } }`)).json.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("a wrong type in a GraphQL input is rejected before any service runs", async () => {
    const response = await api.graphql(`mutation { createChannel(input: { name: 5 }) { id } }`);
    expect(response.status).toBe(400);
    expect(response.json.errors[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("opening /graphql in a browser serves a local page that loads nothing from the internet", async () => {
    const page = await api.get("/graphql", { accept: "text/html,application/xhtml+xml" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.text).toContain("Airwave GraphQL");
    expect(page.text).not.toMatch(/(src|href)\s*=\s*["']?https?:/i);
    expect(page.text).not.toMatch(/cdn|googleapis|apollographql\.com/i);
  });
});
