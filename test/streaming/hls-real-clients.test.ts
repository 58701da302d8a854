/**
 * Real HLS clients read a channel's audio renditions (#27): ffprobe and mpv through FFmpeg's HLS demuxer,
 * streamlink through its own. A Soft-subtitle channel carries two audio languages (eng 440 Hz, spa 880 Hz)
 * of a generated clip; what each client picked is checked by the tone it decoded.
 *
 * Subtitles: Debian's FFmpeg 5.1 (and so ffprobe and mpv 0.35, which play HLS through it) skips subtitle
 * renditions unless told `strict=experimental`, and then reads a rendition through its WebVTT demuxer, which
 * waits for the end of a live playlist for ever and ignores X-TIMESTAMP-MAP. So players that send a libavformat
 * or mpv User-Agent get, per language, a finished playlist of one document holding the next hours' cues on the
 * video's PTS clock (whole-subtitle-document.test.ts); mpv given `--demuxer-lavf-o=strict=experimental --sid`
 * switches to the Spanish track here and shows each cue with its picture. Other players get the live WebVTT
 * renditions, checked segment by segment in tracks-and-subtitles.test.ts.
 */
import { execFile as execFileCb, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, useTestServer } from "../support/test-server";
import { ffmpegChildren, ffprobeJson, waitUntil } from "./support/stream-fixtures";
import { makeTwoLanguageClip, streamTone, toneHz } from "./support/track-media";

const run = promisify(execFileCb);
const SECONDS = 120;

afterAll(() => {
  expect(ffmpegChildren()).toEqual([]);
});
const logLines: string[] = [];
const { server, api } = useTestServer({ env: { Streaming__IdleTimeoutSeconds: "60", Logging__Level: "info" }, onLog: (line) => logLines.push(line) });
let folder: string;
let master: string;

beforeAll(async () => {
  folder = makeTempDir("airwave-clients-");
  // Every odd second of the clip has a cue ("Hola 7" from 7 s to 8 s), the even ones none.
  const cues = (text: string) => Array.from({ length: SECONDS / 2 - 1 }, (_, i) => [2 * i + 1, 2 * i + 2, `${text} ${2 * i + 1}`] as [number, number, string]);
  const { media } = makeTwoLanguageClip(folder, "Two Languages", { seconds: SECONDS, english: cues("English"), spanish: cues("Hola"), step: 1 });
  const profile = await api.post("/api/v1/ffmpeg/profiles", { name: "Tracks", resolution: { width: 160, height: 90 }, videoBitrate: 300, videoBufferSize: 600, audioBitrate: 64, audioBufferSize: 128 });
  expect(profile.status, profile.text).toBe(201);
  const file = path.join(server.dataDir, "playouts", "channel-81.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ startTime: new Date(Date.now() - 5000).toISOString(), programs: [{ title: "Two", duration: SECONDS * 1000, file: media }, { title: "Night", duration: 600_000, isOffline: true }] }));
  const channel = await api.post("/api/v1/channels", {
    name: "Tracks", number: "81", ffmpegProfileId: profile.json.id, streamingMode: "HttpLiveStreamingSegmenter",
    audioLanguageCodes: ["eng", "spa"], subtitleMode: "Any", subtitleDelivery: "Soft", subtitleLanguageCodes: ["eng", "spa"],
  });
  expect(channel.status, channel.text).toBe(201);
  const playout = await api.post("/api/v1/playouts", { channelId: channel.json.id, kind: "ExternalJson", scheduleFile: file });
  expect(playout.status, playout.text).toBe(201);
  master = `${server.url}/iptv/channel/81.m3u8?mode=segmenter`;
  // The machine may be busy: a first request that times out (503) is asked again, as a player would.
  let response = await api.get("/iptv/channel/81.m3u8?mode=segmenter");
  for (let tries = 0; response.status === 503 && tries < 8; tries++) response = await api.get("/iptv/channel/81.m3u8?mode=segmenter");
  expect(response.status, `${response.text}\n${logLines.slice(-30).join("")}`).toBe(200);
}, 240_000);

afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

/**
 * The clients keep their caches, settings and temporary files in the test's folder, not in the user's home or
 * /tmp: streamlink muxes renditions through named pipes (streamlinkpipe-*) that an interrupted run can leave.
 */
const clientEnv = () => ({ ...process.env, HOME: folder, XDG_CONFIG_HOME: folder, XDG_CACHE_HOME: folder, XDG_DATA_HOME: folder, XDG_STATE_HOME: folder, TMPDIR: folder });

async function client(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  try {
    return await run(command, args, { env: clientEnv(), timeout: 90_000, maxBuffer: 16 << 20 });
  } catch (error) {
    const failed = error as { message: string; stdout?: string; stderr?: string };
    throw new Error(`${failed.message}\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`);
  }
}

/**
 * Runs streamlink until `file` holds `bytes` (its `--hls-duration` ends a stream muxed from renditions before
 * anything is written), then interrupts it as a user would (Ctrl+C).
 */
async function record(args: string[], file: string, bytes: number): Promise<void> {
  const child = spawn("streamlink", args, { env: clientEnv(), stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitUntil(() => child.exitCode !== null || (fs.existsSync(file) && fs.statSync(file).size >= bytes), 90_000, `streamlink writing ${bytes} bytes`);
  } finally {
    if (child.exitCode === null) child.kill("SIGINT");
    await exited;
  }
  expect(fs.existsSync(file) ? fs.statSync(file).size : 0, output).toBeGreaterThanOrEqual(bytes);
}

/** mpv playing the master for 6 s of media into a WAV file: the audio language it selected and the tone it played. */
async function mpvAudio(extra: string[]): Promise<{ lang: string; hz: number }> {
  const wav = path.join(folder, `mpv-${extra.join("")}.wav`);
  const { stdout } = await client("mpv", ["--no-config", "--quiet", "--vo=null", "--ao=pcm", `--ao-pcm-file=${wav}`, "--length=6", "--term-playing-msg=SELECTED-AUDIO=${current-tracks/audio/lang}", ...extra, master]);
  const lang = /^SELECTED-AUDIO=(.*)$/m.exec(stdout)?.[1];
  expect(lang, stdout).toBeDefined();
  // The tone of what it played, from its first non-silent sample on (a busy machine may start the audio late).
  const { stdout: pcm } = await run("ffmpeg", ["-v", "error", "-i", wav, "-ac", "1", "-ar", "48000", "-f", "s16le", "pipe:1"], { encoding: "buffer", maxBuffer: 64 << 20 });
  let first = 0;
  while (first + 1 < pcm.length && Math.abs(pcm.readInt16LE(first)) < 100) first += 2;
  const played = pcm.subarray(first);
  expect(played.length / 2 / 48_000, `seconds of sound mpv played (${stdout})`).toBeGreaterThan(1);
  return { lang: lang!, hz: toneHz(played.subarray(48_000 * 2 * 0.2)) };
}

/**
 * The clip's second shown at a video PTS (s), read from the pictures (second `s` is a grey of luma 40 + s): the
 * PTS where a segment's luma steps up is where the second of its new luma starts.
 */
async function clipClock(): Promise<(pts: number) => number> {
  let playlist: string[] = [];
  // The session starts with short segments: wait for a whole one.
  await waitUntil(async () => {
    playlist = (await api.get("/iptv/session/81/hls.m3u8")).text.split("\n");
    return playlist.some((l) => l.startsWith("#EXTINF:") && parseFloat(l.slice(8)) >= 2);
  }, 30_000, "a segment of 2 s or more");
  const stats = path.join(folder, "luma.txt");
  // From the newest segment back (the first ones are half a second long and may hold no step).
  for (let at = playlist.length - 1; at >= 0; at--) {
    if (!playlist[at]!.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) continue;
    const segment = playlist.slice(at).find((l) => l && !l.startsWith("#"))!;
    await run("ffmpeg", ["-v", "error", "-y", "-copyts", "-i", `${server.url}/iptv/session/81/${segment}`, "-vf", `signalstats,metadata=mode=print:key=lavfi.signalstats.YAVG:file=${stats}`, "-f", "null", "-"]);
    const frames = [...fs.readFileSync(stats, "utf8").matchAll(/pts_time:([\d.]+)\s+lavfi\.signalstats\.YAVG=([\d.]+)/g)].map((m) => ({ pts: Number(m[1]), luma: Number(m[2]) }));
    const step = frames.findIndex((f, i) => i > 0 && f.luma - frames[i - 1]!.luma > 0.5);
    if (step < 0) continue;
    const boundary = frames[step]!.pts;
    const second = Math.round(frames[step]!.luma - 40);
    return (pts) => second + pts - boundary;
  }
  throw new Error(`no clip second starts in the listed segments\n${playlist.join("\n")}`);
}

describe("real HLS clients read the renditions", () => {
  // First: the clip's cues (up to its second 118) must still be on air.
  it("mpv switches to the Spanish subtitles with --sid and shows each cue with its picture", async () => {
    // FFmpeg-based players get the whole document; the answer says it varies by User-Agent.
    const asMpv = await fetch(master, { headers: { "User-Agent": "libmpv" } });
    const standard = await fetch(master, { headers: { "User-Agent": "VLC/3.0.18 LibVLC/3.0.18" } });
    expect(asMpv.headers.get("vary")).toMatch(/User-Agent/i);
    const [mpvMaster, standardMaster] = [await asMpv.text(), await standard.text()];
    expect(mpvMaster).toContain("/subtitles-1-whole.m3u8");
    expect(standardMaster).toContain("/subtitles-1.m3u8");
    expect(standardMaster).not.toContain("-whole");

    const clipSecond = await clipClock();
    const { stdout, stderr } = await client("mpv", [
      "--no-config", "--vo=null", "--ao=null", "--length=10", "--rebase-start-time=no", "--demuxer-lavf-o=strict=experimental", "--sid=2",
      "--term-playing-msg=SELECTED-SUB=${current-tracks/sub/lang}", "--term-status-msg=[T=${=time-pos} SUB=${sub-text}]", master,
    ]);
    // Status lines come with a terminal's erase-line code: one line each once it is gone.
    const output = `${stdout}\n${stderr}`.replace(/\r|\x1b\[K/g, "\n");
    // The track list names the Spanish rendition --sid=2, and it is the one playing.
    expect(output, output).toMatch(/--sid=2 --slang=es/);
    expect(/^SELECTED-SUB=(.*)$/m.exec(output)?.[1], output).toBe("es");
    // Each subtitle shown is the Spanish cue of the clip's second on screen (±0.5 s): time-pos is the video's
    // PTS (not rebased), which the pictures tie to the clip's seconds.
    const shown = [...output.matchAll(/^\[T=([\d.]+) SUB=(.*)\]$/gm)].map((m) => ({ second: clipSecond(Number(m[1])), text: m[2]! }));
    const withText = shown.filter((s) => s.text !== "");
    for (const { second, text } of withText) {
      const cue = /^Hola (\d+)$/.exec(text);
      expect(cue, `${text} at ${second}`).not.toBeNull();
      const from = Number(cue![1]);
      expect(second, `"${text}" shown at clip second ${second.toFixed(2)}`).toBeGreaterThanOrEqual(from - 0.5);
      expect(second, `"${text}" shown at clip second ${second.toFixed(2)}`).toBeLessThanOrEqual(from + 1.5);
    }
    expect(new Set(withText.map((s) => s.text)).size, output.slice(-1500)).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it("ffprobe reads the master: video, and both audio renditions tagged en and es, at 440 and 880 Hz", async () => {
    const probe = await ffprobeJson(master);
    const streams = probe.streams as Array<{ index: number; codec_type: string; tags?: { language?: string } }>;
    expect(streams.some((s) => s.codec_type === "video")).toBe(true);
    const tagged = streams.filter((s) => s.codec_type === "audio" && s.tags?.language);
    expect(tagged.map((s) => s.tags!.language)).toEqual(["en", "es"]);
    const [english, spanish] = await Promise.all(tagged.map((stream) => streamTone(master, `0:${stream.index}`, ["-t", "2"])));
    expect(Math.abs(english! - 440)).toBeLessThan(15);
    expect(Math.abs(spanish! - 880)).toBeLessThan(15);
  }, 120_000);

  it("streamlink lists the variant and records it with the Spanish audio rendition", async () => {
    // Every audio rendition has its own playlist, so the best stream is the variant muxed with one (no single URL).
    const { stdout } = await client("streamlink", ["--json", master]);
    const listed = JSON.parse(stdout) as { streams: Record<string, { type: string }> };
    expect(Object.keys(listed.streams), stdout).toEqual(expect.arrayContaining(["90p", "best"]));
    const recording = path.join(folder, "streamlink.ts");
    await record(["--hls-audio-select", "es", "-o", recording, master, "best"], recording, 150_000);
    const streams = (await ffprobeJson(recording)).streams as Array<{ index: number; codec_type: string; tags?: { language?: string } }>;
    expect(streams.some((s) => s.codec_type === "video")).toBe(true);
    // streamlink muxes the variant's own tracks (eng, spa) and the selected rendition after them.
    const audio = streams.filter((s) => s.codec_type === "audio");
    expect(audio.length, JSON.stringify(streams)).toBe(3);
    expect(Math.abs((await streamTone(recording, `0:${audio[2]!.index}`)) - 880)).toBeLessThan(15);
  }, 120_000);

  it("mpv plays the default English track, and the Spanish one with --aid=2", async () => {
    // Two players at once (each plays 6 s of media in real time, into its own file).
    const [english, spanish] = await Promise.all([mpvAudio([]), mpvAudio(["--aid=2"])]);
    expect(english.lang).toBe("en");
    expect(Math.abs(english.hz - 440)).toBeLessThan(15);
    expect(spanish.lang).toBe("es");
    expect(Math.abs(spanish.hz - 880)).toBeLessThan(15);
  }, 120_000);
});
