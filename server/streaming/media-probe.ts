/**
 * ffprobe for the files a stream plays, turned into what the argument builder reads. Results are
 * cached by path, size and modification time (a changed file is probed again); sidecar subtitles come from
 * the folder's listing, read again when the folder changed. Keyframes come from the container's own index
 * (read in process, cached the same way), from ffprobe only for a file without one.
 */
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { MediaStreamKind } from "../domain/enums";
import { readKeyframeIndex } from "../media/keyframe-index/read-keyframe-index";
import { runFfprobe, runFfprobeRemote, type ProbeInfo } from "../media/probe";
import { subtitleKindOfCodec } from "./ffmpeg/stream-selection";
import { probeKeyframes } from "./keyframe-probe";
import { sidecarSubtitles } from "./subtitles/sidecar-subtitles";
import type { ProbedSource } from "./ffmpeg/types";

const PROBE_TIMEOUT_MS = 20_000;
const CACHE_SIZE = 256;

export class MediaProbe {
  private readonly cache = new Map<string, ProbedSource>();
  /** Files probed so far (by path), whatever their size and time then: `knows`. */
  private readonly seen = new Set<string>();
  private readonly listings = new Map<string, { mtimeMs: number; names: string[] }>();
  /** Keyframe times from each file's index by path, size and time; null: the file has none (ffprobe reads them). */
  private readonly keyframeIndexes = new Map<string, Promise<number[] | null>>();

  constructor(private readonly ffprobePath: string) {}

  /** True once `file` was probed (a changed file is probed again, but it was known). */
  knows(file: string): boolean {
    return this.seen.has(file);
  }

  async probe(file: string): Promise<ProbedSource> {
    // A media-source stream (loopback proxy URL) has no file to stat: it is probed once per run.
    if (/^https?:\/\//.test(file)) return this.cached(file, () => runFfprobe(this.ffprobePath, file, PROBE_TIMEOUT_MS).then(toProbedSource));
    const folder = path.dirname(file);
    const [info, folderInfo] = await Promise.all([stat(file), stat(folder).catch(() => undefined)]);
    // The file is probed again only when it changed; its folder is listed again when the folder changed (a
    // subtitle file added next to the media is seen, and a busy folder costs a listing, not an ffprobe run).
    const [source, names] = await Promise.all([
      this.cached(`${file}\0${info.size}\0${info.mtimeMs}`, () => runFfprobe(this.ffprobePath, file, PROBE_TIMEOUT_MS).then(toProbedSource)),
      this.listing(folder, folderInfo?.mtimeMs),
    ]);
    return { ...source, subtitles: [...source.subtitles, ...sidecarSubtitles(path.basename(file), names, (name) => path.join(folder, name))] };
  }

  private async cached(key: string, probe: () => Promise<ProbedSource>): Promise<ProbedSource> {
    const known = this.cache.get(key);
    if (known) return known;
    const source = await probe();
    if (this.seen.size >= CACHE_SIZE * 4) this.seen.clear();
    this.seen.add(key.split("\0")[0]!);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, source);
    return source;
  }

  /** The names in `folder`, read again when its modification time changed. */
  private async listing(folder: string, mtimeMs: number | undefined): Promise<string[]> {
    const known = this.listings.get(folder);
    if (known && mtimeMs !== undefined && known.mtimeMs === mtimeMs) return known.names;
    const names = await readdir(folder).catch(() => [] as string[]);
    if (this.listings.size >= CACHE_SIZE) this.listings.delete(this.listings.keys().next().value!);
    if (mtimeMs !== undefined) this.listings.set(folder, { mtimeMs, names });
    return names;
  }

  /** A remote stream, probed every time (a live source changes): `options` are its input options (whitelist, headers, timeouts). */
  async probeRemote(url: string, options: readonly string[], timeoutMs: number): Promise<ProbedSource> {
    return toProbedSource(await runFfprobeRemote(this.ffprobePath, url, options, timeoutMs));
  }

  /**
   * Video keyframe times (ms) within the intervals: from the container's index (a few small reads, no process
   * start: a copied piece's cold start waits for this), else from ffprobe (see keyframe-probe.ts).
   */
  async keyframes(file: string, intervals: ReadonlyArray<[number, number]>): Promise<number[]> {
    const indexed = /^https?:\/\//.test(file) ? null : await this.keyframeIndex(file);
    if (!indexed) return probeKeyframes(this.ffprobePath, file, intervals);
    return indexed.filter((ms) => intervals.some(([from, to]) => ms >= Math.max(0, from) && ms <= to));
  }

  private async keyframeIndex(file: string): Promise<number[] | null> {
    const info = await stat(file).catch(() => undefined);
    if (!info) return null;
    const key = `${file}\0${info.size}\0${info.mtimeMs}`;
    let known = this.keyframeIndexes.get(key);
    if (!known) {
      known = readKeyframeIndex(file).then((times) => times ?? null, () => null);
      if (this.keyframeIndexes.size >= CACHE_SIZE) this.keyframeIndexes.delete(this.keyframeIndexes.keys().next().value!);
      this.keyframeIndexes.set(key, known);
    }
    return known;
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
