import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiClient, type ApiClient } from "../support/http";
import { makeTempDir, startTestServer, type TestServer } from "../support/test-server";

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

describe("GET /api/v1/ffmpeg/info", () => {
  it("shows the FFmpeg in use, its version and what it can encode", async () => {
    const response = await api.get("/api/v1/ffmpeg/info");
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ available: true, ffmpegSource: expect.stringMatching(/^(path|bundled|configured)$/) });
    expect(response.json.version).toMatch(/^ffmpeg version /);
    expect(response.json.videoEncoders).toContain("libx264");
    expect(response.json.audioEncoders).toContain("aac");
    expect(typeof response.json.supportsReadrate).toBe("boolean");
  });

  it("says when the configured FFmpeg cannot run", async () => {
    const broken = await startTestServer({ env: { FFmpeg__Path: `${makeTempDir()}/no-ffmpeg-here` } });
    try {
      const response = await apiClient(broken.url).get("/api/v1/ffmpeg/info");
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ available: false, ffmpegSource: "configured", videoEncoders: [] });
      expect(response.json.error).toMatch(/ENOENT|no-ffmpeg-here/);
    } finally {
      await broken.stop();
      broken.removeDataDir();
    }
  });
});
