/**
 * Which stream a media player gets for `/iptv/channel/{n}.ts|.m3u8?mode=…` (pure): the requested mode,
 * or for `mixed`/none the channel's own streaming mode, possibly by a redirect to the channel's URL.
 */
import { StreamingMode } from "../domain/enums";

/** An MPEG-TS stream: the shared session's segments (`hybrid`) or one FFmpeg for this viewer. */
export type TsStreamMode = "hybrid" | "ts-legacy";

export type ChannelStreamChoice =
  /** Send the player to the channel's own stream URL (`channelStreamPath` of this mode). */
  | { kind: "redirect"; mode: StreamingMode }
  | { kind: "ts-stream"; mode: TsStreamMode }
  /** A one-entry playlist pointing at the channel's `.ts` stream (`?mode=ts-legacy` when `legacy`). */
  | { kind: "ts-playlist"; legacy: boolean }
  /** One-entry playlist of the current item remuxed. */
  | { kind: "hls-direct" }
  /** Master playlist of the channel's shared HLS session. */
  | { kind: "segmenter" }
  | { kind: "unknown-mode"; message: string };

const SEGMENTER_MODES = new Set(["segmenter", "segmenter-v2", "segmenter-fmp4"]);

/** `requested` is the lower-cased `mode` query value, undefined when absent or empty. */
export function chooseChannelStream(extension: "ts" | "m3u8", requested: string | undefined, channelMode: StreamingMode): ChannelStreamChoice {
  if (extension === "ts") {
    if (requested === undefined || requested === "mixed") {
      if (channelMode === StreamingMode.HttpLiveStreamingSegmenter || channelMode === StreamingMode.HttpLiveStreamingDirect) return { kind: "redirect", mode: channelMode };
      return { kind: "ts-stream", mode: channelMode === StreamingMode.TransportStream ? "ts-legacy" : "hybrid" };
    }
    return { kind: "ts-stream", mode: tsStreamMode(requested) };
  }
  let effective = requested ?? "mixed";
  if (effective === "mixed") {
    if (channelMode === StreamingMode.TransportStream || channelMode === StreamingMode.TransportStreamHybrid) return { kind: "redirect", mode: channelMode };
    effective = channelMode === StreamingMode.HttpLiveStreamingDirect ? "hls-direct" : "segmenter";
  }
  if (effective === "hls-direct") return { kind: "hls-direct" };
  if (effective === "ts" || effective === "ts-legacy") return { kind: "ts-playlist", legacy: effective === "ts-legacy" };
  if (SEGMENTER_MODES.has(effective)) return { kind: "segmenter" };
  return { kind: "unknown-mode", message: `mode must be one of mixed, segmenter, hls-direct, ts, ts-legacy (got ${effective})` };
}

/** The MPEG-TS stream for an explicit mode (the HDHomeRun tuner URL, `.ts?mode=`): per viewer only when asked. */
export function tsStreamMode(requested: string | undefined): TsStreamMode {
  return requested === "ts-legacy" ? "ts-legacy" : "hybrid";
}
