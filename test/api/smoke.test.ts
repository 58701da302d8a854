import { describe, expect, it } from "vitest";
import { useTestServer } from "../support/test-server";

describe("a freshly started server", () => {
  const { server, api } = useTestServer();

  it("seeds channel 1 on the default profile", async () => {
    const channels = await api.get("/api/v1/channels");
    expect(channels.status).toBe(200);
    expect(channels.json).toHaveLength(1);
    expect(channels.json[0]).toMatchObject({ number: "1", name: "Airwave", streamingMode: "TransportStreamHybrid" });
    const profiles = await api.get("/api/v1/ffmpeg/profiles");
    expect(profiles.json[0]).toMatchObject({ id: channels.json[0].ffmpegProfileId, isDefault: true, videoFormat: "H264", audioFormat: "Aac", resolution: { width: 1920, height: 1080 } });
  });
});
