import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTestServer, withTestServer } from "../support/test-server";

const { api } = useTestServer();

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

  it("a configured FFmpeg that cannot run is not used: the PATH or bundled one is (start-up check)", async () => {
    await withTestServer({ env: { FFmpeg__Path: path.join(os.tmpdir(), "airwave-no-such-folder", "no-ffmpeg-here") } }, async (_broken, brokenApi) => {
      const response = await brokenApi.get("/api/v1/ffmpeg/info");
      expect(response.status).toBe(200);
      expect(response.json).toMatchObject({ available: true, ffmpegSource: expect.stringMatching(/^(path|bundled)$/) });
      expect(response.json.version).toMatch(/^ffmpeg version /);
    });
  });
});
