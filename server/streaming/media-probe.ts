/**
 * ffprobe for the files a stream plays, turned into what the argument builder reads. Results are
 * cached by path, size and modification time (a changed file is probed again).
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { MediaStreamKind } from "../domain/enums";
import { runFfprobe, runFfprobeRemote, type ProbeInfo } from "../media/probe";
import { subtitleKindOfCodec } from "./ffmpeg/stream-selection";
import { probeKeyframes } from "./keyframe-probe";
import { sidecarSubtitles } from "./subtitles/sidecar-subtitles";
import type { ProbedSource } from "./ffmpeg/types";

const PROBE_TIMEOUT_MS = 20_000;
const CACHE_SIZE = 256;

export class MediaProbe {
  private readonly cache = new Map<string, ProbedSource>();

  constructor(private readonly ffprobePath: string) {}

  async probe(file: string): Promise<ProbedSource> {
    // A media-source stream (loopback proxy URL) has no file to stat: it is probed once per run.
    const remote = /^https?:\/\//.test(file);
    // The folder's time too: a subtitle file added next to the media is seen.
    const key = remote ? file : await Promise.all([stat(file), stat(path.dirname(file)).catch(() => undefined)]).then(([info, folder]) => `${file}\0${info.size}\0${info.mtimeMs}\0${folder?.mtimeMs}`);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const source = toProbedSource(await runFfprobe(this.ffprobePath, file, PROBE_TIMEOUT_MS));
    if (!remote) {
      const folder = path.dirname(file);
      const names = await readdir(folder).catch(() => [] as string[]);
      source.subtitles.push(...sidecarSubtitles(path.basename(file), names, (name) => path.join(folder, name)));
    }
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, source);
    return source;
  }

  /** A remote stream, probed every time (a live source changes): `options` are its input options (whitelist, headers, timeouts). */
  async probeRemote(url: string, options: readonly string[], timeoutMs: number): Promise<ProbedSource> {
    return toProbedSource(await runFfprobeRemote(this.ffprobePath, url, options, timeoutMs));
  }

  /** Video keyframe times (ms) within the intervals (see keyframe-probe.ts). */
  keyframes(file: string, intervals: ReadonlyArray<[number, number]>): Promise<number[]> {
    return probeKeyframes(this.ffprobePath, file, intervals);
  }
}

/** Codecs of pictures attached to a file (cover art); other attachments are fonts and the like. */
const PICTURE_CODECS = new Set(["mjpeg", "png", "bmp", "gif", "webp", "tiff"]);

export function toProbedSource(info: ProbeInfo): ProbedSource {
  const video = info.streams.find((s) => s.kind === MediaStreamKind.Video);
  const cover = info.streams.find((s) => s.kind === MediaStreamKind.Attachment && PICTURE_CODECS.has(s.codec ?? ""));
  return {
    container: info.container,
    durationMs: info.durationMs > 0 ? info.durationMs : undefined,
    ...(cover ? { coverArt: { index: cover.index } } : {}),
    video: video
      ? {
          index: video.index,
          codec: video.codec ?? "unknown",
          width: video.width ?? info.width ?? 0,
          height: video.height ?? info.height ?? 0,
          sampleAspectRatio: info.sampleAspectRatio,
          frameRate: info.frameRate,
          scanKind: info.scanKind === "interlaced" ? "Interlaced" : info.scanKind === "progressive" ? "Progressive" : "Unknown",
          pixelFormat: video.pixelFormat ?? undefined,
          profile: video.profile ?? undefined,
          level: video.level ?? undefined,
          bitDepth: video.bitDepth ?? undefined,
          hasBFrames: video.hasBFrames,
          ...(video.colour?.transfer ? { colorTransfer: video.colour.transfer } : {}),
          ...(video.colour?.primaries ? { colorPrimaries: video.colour.primaries } : {}),
          ...(video.colour?.dolbyVision ? { dolbyVision: video.colour.dolbyVision } : {}),
          ...(video.colour?.maxLuminanceNits ? { maxLuminanceNits: video.colour.maxLuminanceNits } : {}),
        }
      : undefined,
    audio: info.streams
      .filter((s) => s.kind === MediaStreamKind.Audio)
      .map((s) => ({ index: s.index, codec: s.codec ?? "unknown", channels: s.channels ?? 2, sampleRate: s.sampleRate ?? undefined, language: s.language ?? undefined, title: s.title ?? undefined, isDefault: s.isDefault })),
    subtitles: info.streams
      .filter((s) => s.kind === MediaStreamKind.Subtitle)
      .map((s) => ({ index: s.index, codec: s.codec ?? "unknown", language: s.language ?? undefined, forced: s.isForced, isDefault: s.isDefault, kind: subtitleKindOfCodec(s.codec ?? "") })),
  };
}
