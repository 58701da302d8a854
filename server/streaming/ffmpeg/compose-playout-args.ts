/**
 * Top-level composer: the complete FFmpeg argument vector that transcodes one playout item (from a
 * seek offset, for a limited duration) into the channel's format, as MPEG-TS or HLS.
 *
 * Argument order: global → inputs (main input with -fflags/-ss/pacing, then watermark, graphics images,
 * sidecar subtitle and generated stand-in inputs) → -filter_complex → -map → video encoder → audio encoder →
 * -t → muxer (metadata, timing, output).
 */
import { HardwareAcceleration } from "../../domain/enums";
import { buildAudioFilterChain, channelLayout, sampleRateHz } from "./audio-filter-chain";
import { audioEncoderArgs, videoEncoderArgs } from "./encoder-args";
import { decideCopy, type CopyDecision } from "./copy-decision";
import { chooseAudioEncoder, chooseVideoEncoder, type VideoEncoderChoice } from "./encoder-choice";
import { outputFrameRate } from "./frame-rate";
import { globalArgs, inputFlags, lavfiInput, networkInputArgs, pacingArgs, seekArgs } from "./input-args";
import { muxerArgs, quickStartSeconds } from "./output-muxer";
import { songVisualSegments } from "./song-visual";
import { drawableGraphics } from "./graphics/drawable";
import { selectAudioStream, selectAudioTracks, selectSubtitleStream, type AudioTrack } from "./stream-selection";
import { dynamicRangeLabel, dynamicRangeOf, toneMapPlan, toneMapUnavailable, type ToneMapping } from "./tone-mapping";
import { formatFfmpegDuration } from "./time-format";
import type {
  EncoderCapabilities,
  FFmpegCommand,
  FFmpegProfile,
  PlayRequest,
  ProbedAudioStream,
  ProbedSource,
  ProbedSubtitleStream,
  ProbedVideoStream,
} from "./types";
import { buildVideoFilterChain, type VideoChainOptions } from "./video-filter-chain";

/** Filters the song picture needs (all in any usual FFmpeg build with libfreetype). */
const SONG_FILTERS = ["drawtext", "gblur", "overlay", "loop", "eq"] as const;

export interface PlayoutCommand extends FFmpegCommand {
  /** `-c:v` actually used (after any hardware fallback). */
  videoEncoder: string;
  acceleration: HardwareAcceleration;
  audioStream?: ProbedAudioStream;
  /** Several audio tracks: what fills each (in output order). */
  audioTracks?: AudioTrack[];
  subtitleStream?: ProbedSubtitleStream;
  /** An HDR source's tone map (absent for SDR, and when the picture is copied). */
  toneMapping?: ToneMapping;
  /** The `-t` limit in ms, when the output is bounded. */
  limitMs?: number;
  /** Whether video and audio are copied or transcoded, and why. */
  decision: CopyDecision;
}

/** What a copied video stream reports as its "encoder". */
const COPY_VIDEO: VideoEncoderChoice = { encoder: "copy", acceleration: HardwareAcceleration.None, bitDepth: 8, pixelFormat: "yuv420p", warnings: [] };

export function buildPlayoutArgs(
  profile: FFmpegProfile,
  source: ProbedSource,
  request: PlayRequest,
  caps: EncoderCapabilities,
): PlayoutCommand {
  const transcoder = chooseVideoEncoder(profile, caps);
  const audioEncoder = chooseAudioEncoder(profile, caps);
  const forHls = request.output.kind === "hls";
  const frameRate = outputFrameRate(source.video?.frameRate, profile.normalizeFramerate, profile.normalizedFrameRate);

  const limitMs =
    request.durationMs ?? (source.durationMs !== undefined ? Math.max(0, source.durationMs - request.seekMs) : undefined);

  const audioTracks = request.audioTracks?.length
    ? selectAudioTracks(source.audio, request.audioTracks, request.preferredAudioLanguages, request.languageEquivalence)
    : undefined;
  const audioStream = audioTracks ? audioTracks[0]!.stream : selectAudioStream(source.audio, request.preferredAudioLanguages, request.languageEquivalence);
  // Soft subtitles: text streams are the HLS renditions' job; only picture subtitles are burned in.
  const burnable = request.subtitleDelivery === "soft" ? source.subtitles.filter((s) => s.kind === "Picture") : source.subtitles;
  const subtitleStream = selectSubtitleStream(
    burnable,
    request.subtitleMode,
    request.preferredSubtitleLanguage,
    request.languageEquivalence,
  );

  const graphics = drawableGraphics(request.graphics?.elements ?? [], limitMs, caps);
  const range = dynamicRangeOf(source.video);
  const toneMapMissing = range !== "sdr" ? toneMapUnavailable(caps) : undefined;
  const decision = decideCopy(profile, source.video, audioStream, {
    watermark: request.watermark !== undefined && caps.filters.has("overlay"),
    graphics: graphics.elements.length > 0,
    burnSubtitles: subtitleStream !== undefined && caps.filters.has(subtitleStream.kind === "Text" ? "subtitles" : "overlay"),
    generatedVideo: !source.video,
    videoBlocked: request.videoCopyBlocked,
    toneMap: range !== "sdr" && !toneMapMissing ? dynamicRangeLabel(range) : undefined,
    audioTracks: audioTracks?.length,
  });
  const copyVideo = decision.video.mode === "copy";
  const copyAudio = decision.audio.mode === "copy";
  const videoEncoder = copyVideo ? COPY_VIDEO : transcoder;
  const warnings = [...videoEncoder.warnings, ...graphics.warnings];

  const inputs: string[] = [
    ...inputFlags(forHls, copyVideo),
    ...seekArgs(request.seekMs),
    ...pacingArgs(request.realtime && !request.remoteInput?.live, caps),
    ...(request.remoteInput ? remoteArgs(request.remoteInput) : networkInputArgs(request.inputPath)),
    "-i",
    request.inputPath,
  ];
  let nextInput = 1;

  let watermarkInput: string | undefined;
  if (request.watermark) {
    if (caps.filters.has("overlay")) {
      inputs.push("-i", request.watermark.imagePath);
      watermarkInput = `${nextInput++}:v`;
    } else {
      warnings.push("FFmpeg has no overlay filter; watermark skipped");
    }
  }

  const imageInputs = new Map<number, string>();
  graphics.elements.forEach((graphic, index) => {
    if (graphic.draw.kind !== "image") return;
    inputs.push("-i", graphic.draw.imagePath);
    imageInputs.set(index, `${nextInput++}:v`);
  });

  let subtitle: VideoChainOptions["subtitle"];
  if (subtitleStream) {
    const needed = subtitleStream.kind === "Text" ? "subtitles" : "overlay";
    if (!caps.filters.has(needed)) {
      warnings.push(`FFmpeg has no ${needed} filter; subtitles not burned in`);
    } else if (subtitleStream.kind === "Picture") {
      let input = `0:${subtitleStream.index}`;
      if (subtitleStream.externalPath) {
        inputs.push(...seekArgs(request.seekMs), "-i", subtitleStream.externalPath);
        input = `${nextInput++}:s`;
      }
      subtitle = { stream: subtitleStream, input, ordinal: 0 };
    } else {
      subtitle = { stream: subtitleStream, ordinal: embeddedOrdinal(source.subtitles, subtitleStream) };
    }
  }

  // One input per output track: the track's stream, else generated silence.
  const audioInputs = (audioTracks ? audioTracks.map((t) => t.stream) : [audioStream]).map((stream) => {
    if (stream) return `0:${stream.index}`;
    inputs.push(...lavfiInput(`anullsrc=channel_layout=${channelLayout(profile.audioChannels)}:sample_rate=${sampleRateHz(profile)}`));
    return `${nextInput++}:a`;
  });
  const audioInput = audioInputs[0]!;

  let video: ProbedVideoStream;
  let videoInput: string;
  const songSegments: string[] = [];
  const songDrawable = request.song !== undefined && SONG_FILTERS.every((f) => caps.filters.has(f));
  if (request.song && !source.video && !songDrawable) warnings.push(`FFmpeg lacks one of ${SONG_FILTERS.join(", ")}; song shown as a black frame`);
  if (source.video) {
    video = source.video;
    videoInput = `0:${source.video.index}`;
  } else if (request.song && songDrawable) {
    // The cover: an image file, else the picture inside the song (a second, unseeked input: a seek drops it).
    let coverInput: string | undefined;
    if (request.song.coverPath) {
      inputs.push("-i", request.song.coverPath);
      coverInput = `${nextInput++}:v:0`;
    } else if (source.coverArt) {
      inputs.push(...networkInputArgs(request.inputPath), "-i", request.inputPath);
      coverInput = `${nextInput++}:${source.coverArt.index}`;
    }
    const { width, height } = profile.resolution;
    songSegments.push(...songVisualSegments(request.song, profile.resolution, frameRate, coverInput, "vsong"));
    video = { index: 0, codec: "rawvideo", width, height, frameRate, scanKind: "Progressive" };
    videoInput = "vsong";
  } else {
    const { width, height } = profile.resolution;
    inputs.push(...lavfiInput(`color=c=black:s=${width}x${height}:r=${frameRate}`));
    video = { index: 0, codec: "rawvideo", width, height, frameRate, scanKind: "Progressive" };
    videoInput = `${nextInput++}:v`;
  }

  const bounded = limitMs !== undefined;
  // Generated stand-in streams never end; without a -t limit the real stream must end the output.
  const endWithShortest = !bounded && (!audioStream || !source.video);
  if (endWithShortest) warnings.push("no duration limit known; output ends with the shortest stream");

  if (toneMapMissing) warnings.push(toneMapMissing);
  const drawsAfterToneMap = (subtitle !== undefined && subtitle.stream.kind === "Text") || (request.watermark !== undefined && watermarkInput !== undefined) || graphics.elements.length > 0;
  const toneMap = copyVideo || toneMapMissing ? undefined : toneMapPlan(source.video, videoEncoder.acceleration, caps, drawsAfterToneMap);
  const videoChain = copyVideo ? { segments: [], outputLabel: "" } : buildVideoFilterChain({
    profile,
    video,
    videoInput,
    encoder: videoEncoder,
    frameRate,
    inputPath: request.inputPath,
    seekMs: request.seekMs,
    subtitle,
    watermark: request.watermark && watermarkInput ? { watermark: request.watermark, input: watermarkInput } : undefined,
    graphics: graphics.elements.length ? { graphics: graphics.elements, fontFile: request.graphics!.fontFile, imageInputs } : undefined,
    toneMap,
  });
  const audioChains = copyAudio
    ? []
    : audioInputs.map((input, i) => buildAudioFilterChain({ profile, audioInput: input, bounded, outputLabel: i === 0 ? undefined : `aout${i}` }));
  const audioMaps = copyAudio ? ["-map", audioInput] : audioChains.flatMap((chain) => ["-map", `[${chain.outputLabel}]`]);
  const graph = [...songSegments, ...videoChain.segments, ...audioChains.flatMap((chain) => chain.segments)];

  const args = [
    ...globalArgs(videoEncoder),
    ...inputs,
    ...(graph.length ? ["-filter_complex", graph.join(";")] : []),
    "-map",
    copyVideo ? videoInput : `[${videoChain.outputLabel}]`,
    ...audioMaps,
    ...(copyVideo ? ["-c:v", "copy"] : videoEncoderArgs(profile, videoEncoder, frameRate, { quickStartSeconds: quickStartSeconds(request.output) })),
    ...(copyAudio ? ["-c:a", "copy"] : audioEncoderArgs(profile, audioEncoder)),
    ...(bounded ? ["-t", formatFfmpegDuration(limitMs)] : []),
    ...(endWithShortest ? ["-shortest"] : []),
    ...muxerArgs({
      output: request.output,
      ptsOffsetMs: request.ptsOffsetMs,
      channelName: request.channelName,
      audioLanguage: audioStream?.language,
      audioTrackLanguages: audioTracks?.map((t) => t.language),
      bt709: toneMap !== undefined,
    }),
  ];

  return {
    args,
    warnings,
    videoEncoder: videoEncoder.encoder,
    acceleration: videoEncoder.acceleration,
    audioStream,
    ...(audioTracks ? { audioTracks } : {}),
    subtitleStream: subtitle ? subtitleStream : undefined,
    ...(toneMap ? { toneMapping: toneMap.mapping } : {}),
    limitMs,
    decision,
  };
}

/** A remote input's options, looped (`-stream_loop -1`) when a fixed-length item is longer than its source. */
function remoteArgs(remote: NonNullable<PlayRequest["remoteInput"]>): string[] {
  return [...(remote.loop ? ["-stream_loop", "-1"] : []), ...remote.options];
}

/** Position of an embedded subtitle stream among the file's embedded subtitle streams (libass `si`). */
function embeddedOrdinal(all: readonly ProbedSubtitleStream[], stream: ProbedSubtitleStream): number {
  return all
    .filter((s) => s.externalPath === undefined)
    .sort((a, b) => a.index - b.index)
    .findIndex((s) => s === stream);
}
