/**
 * The streams media players play (reference §3, §4):
 * - `/iptv/channel/{n}.m3u8` — `segmenter` (master playlist of the channel's shared session),
 *   `hls-direct`, `ts`/`ts-legacy` (a one-entry playlist), `mixed` (the channel's own mode);
 * - `/iptv/session/{n}/hls.m3u8` (starts the session when there is none) and `/iptv/session/{n}/live%06d-<tag>.ts`
 *   — the shared session;
 * - `/iptv/channel/{n}.ts` — hybrid (the shared session as one MPEG-TS stream, no process of its own),
 *   `ts-legacy` (one FFmpeg per viewer), `mixed`/none (the channel's mode);
 * - `/iptv/hls-direct/{n}[.ts]` — the current item remuxed; `/iptv/hdhr/channel/{n}.ts` — the tuner stream.
 * Every URL emitted carries the request's access token.
 */
import fs from "node:fs";
import type { Request, Response, Router } from "express";
import { requestBaseUrl } from "../http/base-url";
import { sendProblem } from "../http/problem-details";
import type { Services } from "../services";
import { channelStreamPath } from "../services/channel-stream-path";
import type { LiveSession, StreamSessionOwner, ViewerIdentity } from "../domain/stream-session";
import { hlsDirectPlaylist, HlsDirectSequence, tsEntryPlaylist } from "../streaming/hls/direct-playlist";
import { masterPlaylist, parseSegmentUrlName } from "../streaming/hls/playlist";
import { readsWholeSubtitles, wholeSubtitlePlaylist, wholeWebVtt } from "../streaming/subtitles/whole-document";
import { chooseChannelStream, tsStreamMode, type TsStreamMode } from "../streaming/stream-choice";
import { requestAccessToken } from "./access";

export const HLS_CONTENT_TYPE = "application/vnd.apple.mpegurl";
export const TS_CONTENT_TYPE = "video/mp2t";
/** A segment URL names its content for good (see `SessionSegment.tag`). */
export const SEGMENT_CACHE_CONTROL = "public, max-age=86400, immutable";
/** The shared session's media playlist changes every segment: a cache in front (nginx) may reuse it for a second. */
export const LIVE_PLAYLIST_CACHE_CONTROL = "public, max-age=1";
/** How long the first request waits for the session's first segment. */
const START_TIMEOUT_MS = 15_000;

export function addStreamRoutes(router: Router, services: Services, trustProxy: boolean): void {
  const directSequence = new HlsDirectSequence();
  const owner = (res: Response): StreamSessionOwner | undefined => {
    if (!services.streaming) sendProblem(res, 503, "streaming is not available on this server");
    return services.streaming;
  };
  const tokenQuery = (res: Response, first = true) => {
    const token = requestAccessToken(res);
    return token ? `${first ? "?" : "&"}access_token=${encodeURIComponent(token)}` : "";
  };
  const withToken = (res: Response, url: string) => url + tokenQuery(res, !url.includes("?"));

  router.get("/iptv/channel/:file", async (req, res) => {
    const parsed = /^(.+)\.(ts|m3u8)$/.exec(String(req.params.file));
    if (!parsed) return notFound(req, res);
    const [, number, extension] = parsed as unknown as [string, string, "ts" | "m3u8"];
    const channel = await services.streamSources.channel(number);
    const choice = chooseChannelStream(extension, queryMode(req), channel.streamingMode);
    switch (choice.kind) {
      case "redirect":
        return res.redirect(302, withToken(res, channelStreamPath(number, choice.mode)));
      case "ts-stream":
        // MPEG-TS viewers cannot switch soft subtitles: they get their own FFmpeg that burns them in.
        return streamTs(req, res, number, channel.softSubtitles?.length ? "ts-legacy" : choice.mode);
      case "hls-direct":
        return directPlaylist(req, res, number);
      case "ts-playlist": {
        const url = `${requestBaseUrl(req, trustProxy)}/iptv/channel/${number}.ts${choice.legacy ? "?mode=ts-legacy" : ""}`;
        return sendPlaylist(res, tsEntryPlaylist(withToken(res, url)));
      }
      case "unknown-mode":
        return sendProblem(res, 400, choice.message);
      case "segmenter":
        break;
    }
    const streaming = owner(res);
    if (!streaming) return;
    const session = streaming.session(number);
    session.touch(clientKey(req));
    if (req.method !== "HEAD" && !(await started(res, session))) return;
    // Seen again as it gets its answer: a start slower than the idle timeout must not drop the viewer it starts for.
    session.touch(clientKey(req));
    const base = `${requestBaseUrl(req, trustProxy)}/iptv/session/${number}`;
    const tracks = session.tracks();
    // FFmpeg before 8 (mpv, ffprobe) blocks on a live WebVTT rendition: those players get one finished document.
    const subtitleName = readsWholeSubtitles(req.get("user-agent")) ? (k: number) => `subtitles-${k}-whole` : (k: number) => `subtitles-${k}`;
    res.vary("User-Agent");
    const renditions = {
      // Every audio track is a playlist of its own, the first too: players that read the variant's MPEG-TS through
      // FFmpeg's HLS demuxer (mpv, Kodi, ffprobe) see no PMT language tags there, so a track without a URI would be
      // listed out of order (`--aid=2` would be English) and the muxed Spanish track unnamed.
      audio: tracks.audio.map((language, k) => ({ language, url: `${base}/audio-${k}.m3u8${tokenQuery(res)}` })),
      subtitles: tracks.subtitles.map((t, k) => ({ ...t, url: `${base}/${subtitleName(k)}.m3u8${tokenQuery(res)}` })),
    };
    sendPlaylist(res, masterPlaylist(channel.profile, `${base}/hls.m3u8${tokenQuery(res)}`, renditions));
  });

  router.get("/iptv/session/:number/:file", async (req, res) => {
    const number = String(req.params.number);
    const file = String(req.params.file);
    const session = services.streaming?.find(number);
    if (file === "hls.m3u8") {
      // No session here (it idled out, or this node took the channel over from one that went down): start
      // it, so players keep their URL and see a new session instead of an error.
      let live = session;
      if (!live) {
        await services.streamSources.channel(number);
        const streaming = owner(res);
        if (!streaming) return;
        live = streaming.session(number);
      }
      live.touch(clientKey(req));
      if (!(await started(res, live))) return;
      live.touch(clientKey(req));
      return sendPlaylist(res, live.mediaPlaylist(tokenQuery(res)), LIVE_PLAYLIST_CACHE_CONTROL);
    }
    const whole = /^subtitles-(\d)-whole\.(m3u8|vtt)$/.exec(file);
    if (whole) {
      const cues = await session?.wholeSubtitles(Number(whole[1]));
      if (!session || !cues) return notFound(req, res);
      session.touch(clientKey(req));
      if (whole[2] === "m3u8") return sendPlaylist(res, wholeSubtitlePlaylist(`subtitles-${whole[1]}-whole.vtt${tokenQuery(res)}`, cues));
      res.setHeader("Cache-Control", "no-cache");
      res.type("text/vtt; charset=utf-8");
      return void res.send(req.method === "HEAD" ? undefined : wholeWebVtt(cues));
    }
    const rendition = /^(audio|subtitles)-(\d)\.m3u8$/.exec(file);
    if (rendition) {
      const text = session?.renditionPlaylist(rendition[1] as "audio" | "subtitles", Number(rendition[2]), tokenQuery(res));
      if (!session || text === undefined) return notFound(req, res);
      session.touch(clientKey(req));
      return sendPlaylist(res, text, LIVE_PLAYLIST_CACHE_CONTROL);
    }
    if (/\.(a\d\.ts|s\d\.vtt)$/.test(file)) return renditionSegment(req, res, session, file);
    const path = session?.segmentFile(file);
    if (!session || !path) return notFound(req, res);
    session.touch(clientKey(req));
    // A tagged name (`live000042-<tag>.ts`, as playlists list them) never changes content: caches keep it.
    res.setHeader("Cache-Control", parseSegmentUrlName(file)?.tag ? SEGMENT_CACHE_CONTROL : "no-cache");
    res.type(TS_CONTENT_TYPE);
    if (req.method === "HEAD") return void res.end();
    const stream = fs.createReadStream(path);
    stream.on("error", () => (res.headersSent ? res.destroy() : notFound(req, res)));
    stream.pipe(res);
  });

  router.get("/iptv/hdhr/channel/:file", async (req, res) => {
    const parsed = /^(.+)\.ts$/.exec(String(req.params.file));
    if (!parsed) return notFound(req, res);
    const channel = await services.streamSources.channel(parsed[1]!);
    return streamTs(req, res, parsed[1]!, channel.softSubtitles?.length ? "ts-legacy" : tsStreamMode(queryMode(req)));
  });

  router.get("/iptv/hls-direct/:file", async (req, res) => {
    const number = String(req.params.file).replace(/\.(ts|mkv|mp4)$/, "");
    await services.onDemand.tuneIn(number);
    const plan = await services.streamSources.planNow(number);
    const streaming = owner(res);
    if (!streaming) return;
    startStreamResponse(res);
    if (req.method === "HEAD") return void res.end();
    let closed = false;
    res.once("close", () => (closed = true));
    await streaming.watchPerViewer(number, "hls-direct", res, plan, () => closed, clientKey(req));
    if (!res.writableEnded) res.end();
  });

  async function streamTs(req: Request, res: Response, number: string, mode: TsStreamMode): Promise<void> {
    const streaming = owner(res);
    if (!streaming) return;
    if (mode === "ts-legacy") await services.onDemand.tuneIn(number);
    const plan = mode === "ts-legacy" ? await services.streamSources.planNow(number) : undefined;
    startStreamResponse(res);
    if (req.method === "HEAD") return void res.end();
    let closed = false;
    res.once("close", () => (closed = true));
    if (plan) await streaming.watchPerViewer(number, "ts-legacy", res, plan, () => closed, clientKey(req));
    else await streaming.watchAsTs(number, res, () => closed, clientKey(req));
    if (!res.writableEnded) res.end();
  }

  async function renditionSegment(req: Request, res: Response, session: LiveSession | undefined, file: string): Promise<void> {
    const found = session ? await session.renditionSegment(file) : undefined;
    if (!session || !found) return notFound(req, res);
    session.touch(clientKey(req));
    res.setHeader("Cache-Control", SEGMENT_CACHE_CONTROL);
    if ("text" in found) {
      res.type("text/vtt; charset=utf-8");
      return void res.send(req.method === "HEAD" ? undefined : found.text);
    }
    res.type(TS_CONTENT_TYPE);
    if (req.method === "HEAD") return void res.end();
    const stream = fs.createReadStream(found.file);
    stream.on("error", () => (res.headersSent ? res.destroy() : notFound(req, res)));
    stream.pipe(res);
  }

  async function directPlaylist(req: Request, res: Response, number: string): Promise<void> {
    await services.onDemand.tuneIn(number);
    const plan = await services.streamSources.planNow(number);
    const index = directSequence.indexFor(number, plan);
    const url = withToken(res, `${requestBaseUrl(req, trustProxy)}/iptv/hls-direct/${number}.ts?index=${index}`);
    sendPlaylist(res, hlsDirectPlaylist(index, plan, url));
  }
}

function queryMode(req: Request): string | undefined {
  const mode = req.query.mode;
  const value = Array.isArray(mode) ? mode[0] : mode;
  return typeof value === "string" && value !== "" ? value.toLowerCase() : undefined;
}

/** Who asks: HLS viewers are told apart by address and user agent (they hold no connection). */
function clientKey(req: Request): ViewerIdentity {
  return { address: req.ip ?? "", userAgent: req.get("user-agent") ?? null };
}

async function started(res: Response, session: { firstSegment(ms: number): Promise<void> }): Promise<boolean> {
  try {
    await session.firstSegment(START_TIMEOUT_MS);
    return true;
  } catch (error) {
    sendProblem(res, 503, `the channel's stream could not start: ${(error as Error).message}`);
    return false;
  }
}

function sendPlaylist(res: Response, text: string, cacheControl = "no-cache"): void {
  res.setHeader("Cache-Control", cacheControl);
  res.type(HLS_CONTENT_TYPE).send(text);
}

function startStreamResponse(res: Response): void {
  res.status(200);
  res.setHeader("Cache-Control", "no-cache");
  res.setHeader("Content-Type", TS_CONTENT_TYPE);
  // Players learn at once that the stream is coming, before FFmpeg's first bytes.
  res.flushHeaders();
}

function notFound(req: Request, res: Response): void {
  sendProblem(res, 404, `no resource at ${req.method} ${req.path}`);
}
