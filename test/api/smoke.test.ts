import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient } from "../support/http";
import { startTestServer, type TestServer } from "../support/test-server";

describe("a freshly started server", () => {
  let server: TestServer;
  let api: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
    server.removeDataDir();
  });

  it("seeds channel 1 on the default profile", async () => {
    const channels = await api.get("/api/v1/channels");
    expect(channels.status).toBe(200);
    expect(channels.json).toHaveLength(1);
    expect(channels.json[0]).toMatchObject({ number: "1", name: "Airwave", streamingMode: "TransportStreamHybrid" });
    const profiles = await api.get("/api/v1/ffmpeg/profiles");
    expect(profiles.json[0]).toMatchObject({ id: channels.json[0].ffmpegProfileId, isDefault: true, videoFormat: "H264", audioFormat: "Aac", resolution: { width: 1920, height: 1080 } });
  });
});
