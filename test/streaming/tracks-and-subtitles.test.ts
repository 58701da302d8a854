/**
 * Audio tracks and soft subtitles end to end (#27), on generated media: a counting clip (luma tells the
 * second) with two audio tracks (eng 440 Hz, spa 880 Hz), an embedded English SRT and a sidecar `.es.srt`,
 * played from 8 s into the item by a Soft-subtitle channel carrying both audio languages. Checked with
 * ffprobe and the segments themselves.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HlsSession } from "../../server/streaming/hls/hls-session";
import type { SessionManager } from "../../server/streaming/session-manager";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, ffprobeJson, frameStats, secondOfLuma, waitUntil } from "./support/stream-fixtures";
import { makeTwoLanguageClip, streamTone } from "./support/track-media";

const SECONDS = 40;
const SEEK_S = 8;

afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "60" } });
const manager = () => server.services.streaming as SessionManager;
let folder: string;
let media: string;

beforeAll(async () => {
  folder = makeTempDir("airwave-tracks-");
  media = makeTwoLanguageClip(folder, "Two Languages", {
    seconds: SECONDS,
    english: [[3, 5, "English three"], [12, 14, "English twelve"], [20, 22, "English twenty"]],
    spanish: [[12, 14, "Hola doce"], [24, 26, "Hola veinticuatro"]],
  }).media;
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tracks", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
  expect(profile.status, profile.text).toBe(201);
  const file = path.join(server.dataDir, "playouts", "channel-80.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - SEEK_S * 1000).toISOString(), programs: [{ title: "Two", duration: SECONDS * 1000, file: media }, { title: "Night", duration: 600_000, isOffline: true }] }));
  const channel = await api.post("/api/v1/channels", {
    name: "Tracks", number: "80", ffmpegProfileId: profile.json.id, streamingMode: "HttpLiveStreamingSegmenter",
    audioLanguageCodes: ["eng", "es"], subtitleMode: "Any", subtitleDelivery: "Soft", subtitleLanguageCodes: ["en", "spa"],
  });
  expect(channel.status, channel.text).toBe(201);
  expect(channel.json).toMatchObject({ audioLanguageCodes: ["eng", "spa"], subtitleDelivery: "Soft", subtitleLanguageCodes: ["eng", "spa"] });
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
}, 120_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe("audio tracks and soft subtitles (real FFmpeg)", () => {
  let session: HlsSession;
  let master: string;
  const base = () => `${server.url}/iptv`;

  it("lists both audio and both subtitle languages in the master playlist", async () => {
    // The machine may be busy: a first request that times out (503) is asked again, as a player would.
    let response = await api.get("/iptv/channel/80.m3u8?mode=segmenter");
    for (let tries = 0; response.status === 503 && tries < 3; tries++) response = await api.get("/iptv/channel/80.m3u8?mode=segmenter");
    expect(response.status, response.text).toBe(200);
    master = response.text;
    session = manager().find("80") as HlsSession;
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,URI="[^"]+\/iptv\/session\/80\/audio-0\.m3u8"/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="es",NAME="Spanish",DEFAULT=NO,AUTOSELECT=YES,URI="[^"]+\/iptv\/session\/80\/audio-1\.m3u8"/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,FORCED=NO,URI="[^"]+\/subtitles-0\.m3u8"/);
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Spanish",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="[^"]+\/subtitles-1\.m3u8"/);
    expect(master).toMatch(/#EXT-X-STREAM-INF:.*AUDIO="audio",SUBTITLES="subs"/);
  }, 60_000);

  it("carries two audio streams tagged eng/spa in the TS, at 440 and 880 Hz; the audio rendition is the Spanish one", async () => {
    await waitUntil(() => session.segments.length >= 3, 40_000, "three segments");
    const segment = session.file(session.segments[1]!.number);
    const probe = await ffprobeJson(segment);
    const audio = probe.streams.filter((s: { codec_type: string }) => s.codec_type === "audio");
    expect(audio.map((s: { tags?: { language?: string } }) => s.tags?.language)).toEqual(["eng", "spa"]);
    expect(await streamTone(segment, "0:a:0")).toBeGreaterThan(430);
    expect(await streamTone(segment, "0:a:0")).toBeLessThan(450);
    expect(Math.abs((await streamTone(segment, "0:a:1")) - 880)).toBeLessThan(15);

    const rendition = await api.get("/iptv/session/80/audio-1.m3u8");
    expect(rendition.status).toBe(200);
    const name = /^(live\d{6}-[a-z0-9-]+\.a1\.ts)/m.exec(rendition.text)![1]!;
    const audioOnly = path.join(folder, "rendition.ts");
    fs.writeFileSync(audioOnly, Buffer.from(await (await fetch(`${base()}/session/80/${name}`)).arrayBuffer()));
    const only = await ffprobeJson(audioOnly);
    expect(only.streams.map((s: { codec_type: string }) => s.codec_type)).toEqual(["audio"]);
    expect(Math.abs((await streamTone(audioOnly, "0:a:0")) - 880)).toBeLessThan(15);
  }, 90_000);

  it("puts each cue in the WebVTT segment at the time its picture shows, after the seek into the item (±0.5 s)", async () => {
    await waitUntil(() => session.segments.length >= 6, 60_000, "six segments");
    const seen: string[] = [];
    const cueTimes = async (track: number, text: string): Promise<number | undefined> => {
      const playlist = (await api.get(`/iptv/session/80/subtitles-${track}.m3u8`)).text;
      expect(playlist).toMatch(new RegExp(`^live\\d{6}-[a-z0-9-]+\\.s${track}\\.vtt$`, "m"));
      // Every segment the session still keeps (the playlist lists only the last ten).
      const names = session.segments.map((x) => `live${String(x.number).padStart(6, "0")}-${x.tag}.s${track}.vtt`);
      for (const name of names) {
        const vtt = (await api.get(`/iptv/session/80/${name}`)).text;
        seen.push(vtt);
        expect(vtt.startsWith("WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n")).toBe(true);
        const cue = new RegExp(`(\\d+):(\\d{2}):(\\d{2}\\.\\d{3}) --> [^\\n]+\\n${text}`).exec(vtt);
        if (cue) return Number(cue[1]) * 3600 + Number(cue[2]) * 60 + Number(cue[3]);
      }
      return undefined;
    };
    // Each cue's start is a time on the segments' PTS clock: the frame shown then is the cue's second.
    for (const [track, text, second] of [[0, "English twelve", 12], [1, "Hola doce", 12]] as const) {
      const at = await cueTimes(track, text);
      expect(at, `${text} listed in ${seen.join("\n")}`).toBeDefined();
      const segment = await segmentAt(at!);
      const stats = await frameStats(segment.file, at! - segment.startS + 0.02);
      expect(Math.abs(secondOfLuma(stats.topLuma, 5) - second), `${text}: luma ${stats.topLuma}`).toBeLessThanOrEqual(0);
      const before = await frameStats(segment.file, Math.max(0, at! - segment.startS - 0.5));
      expect(secondOfLuma(before.topLuma, 5)).toBeGreaterThanOrEqual(second - 1);
    }
    // A cue before the seek point (3 s) is not shown.
    expect(await cueTimes(0, "English three")).toBeUndefined();
  }, 120_000);

  async function segmentAt(seconds: number): Promise<{ file: string; startS: number }> {
    for (const s of session.segments) {
      const file = session.file(s.number);
      const probe = await ffprobeJson(file);
      const start = Number(probe.streams.find((x: { codec_type: string }) => x.codec_type === "video").start_time);
      if (seconds >= start && seconds < start + s.durationMs / 1000) return { file, startS: start };
    }
    throw new Error(`no segment holds ${seconds} s`);
  }

});
