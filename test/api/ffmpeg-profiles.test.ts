import { beforeAll, describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

const { api } = useTestServer();
let defaultProfileId: number;

beforeAll(async () => {
  defaultProfileId = (await api.get("/api/v1/ffmpeg/profiles")).json[0].id;
});

let counter = 0;
const uniqueName = () => `Profile ${++counter}`;

async function createProfile(body: Record<string, unknown> = {}) {
  const response = await api.post("/api/v1/ffmpeg/profiles", { name: uniqueName(), ...body });
  expect(response.status, response.text).toBe(201);
  return response.json;
}

describe("FFmpeg profiles", () => {
  it("the seeded default profile is 1920x1080 H264/AAC", async () => {
    const response = await api.get(`/api/v1/ffmpeg/profiles/${defaultProfileId}`);
    expect(response.json).toEqual({
      id: defaultProfileId,
      name: "1920x1080 x264 aac",
      isDefault: true,
      threadCount: 0,
      hardwareAcceleration: "None",
      resolution: { width: 1920, height: 1080 },
      scalingBehavior: "ScaleAndPad",
      videoFormat: "H264",
      videoProfile: "high",
      bitDepth: 8,
      videoBitrate: 2000,
      videoBufferSize: 4000,
      audioFormat: "Aac",
      audioBitrate: 192,
      audioBufferSize: 384,
      audioChannels: 2,
      audioSampleRate: 48,
      normalizeFramerate: false,
      deinterlaceVideo: true,
      normalizeLoudness: false,
      copyWhenCompatible: true,
    });
  });

  it("copyWhenCompatible is on by default and switches off and on over REST and GraphQL; no acceleration failure is shown without streams", async () => {
    const created = await createProfile();
    expect(created.copyWhenCompatible).toBe(true);
    expect(created).not.toHaveProperty("accelerationFailure"); // null, omitted by REST
    const off = await api.patch(`/api/v1/ffmpeg/profiles/${created.id}`, { copyWhenCompatible: false });
    expect(off.json.copyWhenCompatible).toBe(false);
    const bad = await api.patch(`/api/v1/ffmpeg/profiles/${created.id}`, { copyWhenCompatible: "sometimes" });
    expect(bad.status).toBe(400);
    const on = await api.graphql(`mutation { updateFFmpegProfile(id: ${created.id}, input: { copyWhenCompatible: true }) { copyWhenCompatible accelerationFailure { failingUntil } } }`);
    expect(on.json.data.updateFFmpegProfile).toEqual({ copyWhenCompatible: true, accelerationFailure: null });
    expect((await api.get(`/api/v1/ffmpeg/profiles/${created.id}`)).json.copyWhenCompatible).toBe(true);
  });

  it("creates with 201, Location and defaults", async () => {
    const response = await api.post("/api/v1/ffmpeg/profiles", { name: "HD", resolution: { width: 1280, height: 720 }, videoFormat: "Hevc" });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/ffmpeg/profiles/${response.json.id}`);
    expect(response.json).toMatchObject({ name: "HD", isDefault: false, resolution: { width: 1280, height: 720 }, videoFormat: "Hevc", videoProfile: "main", audioBitrate: 192 });
    expect(response.json.vaapiDevice).toBeUndefined();
  });

  it("picks the 10-bit encoder profile by default", async () => {
    expect((await createProfile({ bitDepth: 10 })).videoProfile).toBe("high10");
    expect((await createProfile({ bitDepth: 10, videoFormat: "Hevc" })).videoProfile).toBe("main10");
  });

  it("accepts a VAAPI device with Vaapi acceleration and a custom resolution", async () => {
    const profile = await createProfile({ hardwareAcceleration: "Vaapi", vaapiDevice: "/dev/dri/renderD128", resolution: { width: 1000, height: 562 } });
    expect(profile).toMatchObject({ vaapiDevice: "/dev/dri/renderD128", resolution: { width: 1000, height: 562 } });
  });

  it.each([
    ["name", { name: "" }],
    ["name", { name: "n".repeat(51) }],
    ["threadCount", { threadCount: -1 }],
    ["threadCount", { threadCount: 65 }],
    ["resolution.width", { resolution: { width: 1921, height: 1080 } }],
    ["resolution.height", { resolution: { width: 1920, height: 8 } }],
    ["resolution.width", { resolution: { width: 7682, height: 1080 } }],
    ["vaapiDevice", { vaapiDevice: "/dev/dri/renderD128" }],
    ["vaapiDevice", { hardwareAcceleration: "Vaapi", vaapiDevice: "renderD128" }],
    ["videoFormat", { hardwareAcceleration: "Nvenc", videoFormat: "Mpeg2Video" }],
    ["videoFormat", { hardwareAcceleration: "VideoToolbox", videoFormat: "Mpeg2Video" }],
    ["bitDepth", { bitDepth: 12 }],
    ["bitDepth", { bitDepth: 10, videoFormat: "Mpeg2Video" }],
    ["videoProfile", { videoProfile: "ultra" }],
    ["videoProfile", { bitDepth: 10, videoProfile: "high" }],
    ["videoProfile", { videoFormat: "Hevc", videoProfile: "high" }],
    ["videoBitrate", { videoBitrate: 0 }],
    ["videoBufferSize", { videoBufferSize: -5 }],
    ["audioBitrate", { audioFormat: "Ac3", audioBitrate: 1000 }],
    ["audioChannels", { audioFormat: "Ac3", audioChannels: 8 }],
    ["audioChannels", { audioChannels: 0 }],
    ["audioSampleRate", { audioSampleRate: 50 }],
    ["audioSampleRate", { audioFormat: "Ac3", audioSampleRate: 96 }],
  ])("422 on %s: %j", async (field, body) => {
    const response = await api.post("/api/v1/ffmpeg/profiles", { name: uniqueName(), ...body });
    expect(response.status, response.text).toBe(422);
    expect(response.json.title).toBe("Validation failed");
    expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("names are unique without regard to letter case", async () => {
    await createProfile({ name: "Unique One" });
    const response = await api.post("/api/v1/ffmpeg/profiles", { name: "UNIQUE one" });
    expect(response.status).toBe(422);
    expect(response.json.errors[0].field).toBe("name");
  });

  it.each([
    ["resolution.width", { resolution: { width: "1920", height: 1080 } }],
    ["bitDepth", { bitDepth: 8.5 }],
    ["hardwareAcceleration", { hardwareAcceleration: "Cuda" }],
    ["resolution.height", { resolution: { width: 1920 } }],
    ["normalizeLoudness", { normalizeLoudness: 1 }],
  ])("400 on wrong type %s", async (field, body) => {
    const response = await api.post("/api/v1/ffmpeg/profiles", { name: uniqueName(), ...body });
    expect(response.status, response.text).toBe(400);
    expect(response.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it("PATCH keeps other fields; a new format takes that format's default encoder profile", async () => {
    const created = await createProfile({ videoBitrate: 5000 });
    const response = await api.patch(`/api/v1/ffmpeg/profiles/${created.id}`, { videoFormat: "Hevc" });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ videoFormat: "Hevc", videoProfile: "main", videoBitrate: 5000, name: created.name });
  });

  it("PUT replaces with defaults for omitted fields", async () => {
    const created = await createProfile({ videoBitrate: 5000, audioChannels: 6 });
    const response = await api.put(`/api/v1/ffmpeg/profiles/${created.id}`, { name: created.name });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ videoBitrate: 2000, audioChannels: 2 });
  });

  it("a channel's profile must exist, and defaults to the default profile", async () => {
    const profile = await createProfile();
    const channel = await api.post("/api/v1/channels", { name: "On profile", ffmpegProfileId: profile.id });
    expect(channel.json.ffmpegProfileId).toBe(profile.id);
  });

  describe("delete", () => {
    it("an unused profile: 204, then 404", async () => {
      const created = await createProfile();
      expect((await api.delete(`/api/v1/ffmpeg/profiles/${created.id}`)).status).toBe(204);
      expect((await api.get(`/api/v1/ffmpeg/profiles/${created.id}`)).status).toBe(404);
      expect((await api.delete(`/api/v1/ffmpeg/profiles/${created.id}`)).status).toBe(404);
    });

    it("a profile channels use: 422 naming them", async () => {
      const created = await createProfile();
      const user = (await api.post("/api/v1/channels", { name: "User", ffmpegProfileId: created.id })).json;
      const response = await api.delete(`/api/v1/ffmpeg/profiles/${created.id}`);
      expect(response.status).toBe(422);
      expect(response.json.detail).toContain(`the profile is used by channel ${user.number} "User"; give it another profile first`);
      expect((await api.get(`/api/v1/ffmpeg/profiles/${created.id}`)).status).toBe(200);
    });

    it("the default profile: 422", async () => {
      const response = await api.delete(`/api/v1/ffmpeg/profiles/${defaultProfileId}`);
      expect(response.status).toBe(422);
      expect(response.json.detail).toContain("default");
    });
  });

  describe("duplicate, test and hardware accelerations", () => {
    it("duplicates every field under a new name, twice without a clash", async () => {
      const source = await createProfile({ resolution: { width: 640, height: 360 }, videoBitrate: 900, videoBufferSize: 1800, audioChannels: 6, normalizeLoudness: true });
      const first = await api.post(`/api/v1/ffmpeg/profiles/${source.id}/duplicate`, {});
      const second = await api.post(`/api/v1/ffmpeg/profiles/${source.id}/duplicate`, {});
      expect(first.status).toBe(201);
      const { id: _a, name: _b, isDefault: _c, ...fields } = source;
      expect(first.json).toEqual({ ...fields, id: expect.any(Number), name: `${source.name} (copy)`, isDefault: false });
      expect(second.json.name).toBe(`${source.name} (copy 2)`);
      expect((await api.post("/api/v1/ffmpeg/profiles/999999/duplicate", {})).status).toBe(404);
    });

    // FFmpeg's error text on failure: test/streaming/ffmpeg-trials.test.ts (no valid profile makes this FFmpeg fail).
    it("tests a profile on a generated test pattern and reports the speed", { timeout: 60_000 }, async () => {
      const small = await createProfile({ resolution: { width: 320, height: 180 }, videoBitrate: 500, videoBufferSize: 1000 });
      const ok = await api.post(`/api/v1/ffmpeg/profiles/${small.id}/test`, {});
      expect(ok.status).toBe(200);
      expect(ok.json).toMatchObject({ ok: true, encodedMs: 5000, videoEncoder: "libx264", acceleration: "None" });
      expect(ok.json.speed).toBeGreaterThan(0);
      expect((await api.post("/api/v1/ffmpeg/profiles/999999/test", {})).status).toBe(404);
    });

    it("lists every hardware acceleration, usable or with the reason it is not", async () => {
      const list = (await api.get("/api/v1/ffmpeg/accelerations")).json as Array<{ acceleration: string; usable: boolean; reason?: string }>;
      expect(list.map((a) => a.acceleration).sort()).toEqual(["Amf", "Nvenc", "Qsv", "Vaapi", "VideoToolbox"]);
      for (const a of list) expect(a.usable || (a.reason ?? "").length > 0).toBe(true);
    });
  });
});
