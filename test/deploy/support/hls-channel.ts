import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import type { ApiClient } from "../../support/http";

/**
 * A segmenter (HLS) channel on a tiny transcoding profile, playing `clip` (10 s) over and over for two minutes,
 * from an ExternalJson channel file written into `fileFolder` (the data folder's `playouts`, or the scripts folder).
 */
export async function createHlsChannel(api: ApiClient, fileFolder: string, number: string, clip: string): Promise<void> {
  const profile = await api.post("/api/v1/ffmpeg/profiles", {
    name: "Tiny", copyWhenCompatible: false, resolution: { width: 160, height: 90 },
    videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128, deinterlaceVideo: false,
  });
  expect(profile.status, profile.text).toBe(201);
  const file = path.join(fileFolder, `channel-${number}.json`);
  const programs = Array.from({ length: 12 }, (_, i) => ({ title: `Clip ${i}`, duration: 10_000, file: clip }));
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 1000).toISOString(), programs }));
  const channel = await api.post("/api/v1/channels", { name: `HLS ${number}`, number, ffmpegProfileId: profile.json.id, streamingMode: "HttpLiveStreamingSegmenter" });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
}

export const segmentNames = (playlist: string) => playlist.split("\n").filter((line) => line !== "" && !line.startsWith("#"));
