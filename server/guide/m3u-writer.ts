/**
 * The `/iptv/channels.m3u` playlist: a header pointing at the XMLTV guide, then one `#EXTINF` entry
 * and stream URL per enabled channel, in numeric channel order.
 */
import { StreamingMode } from "../domain/enums";
import { channelStreamPath } from "./stream-path";
import { channelGuideId, type ChannelIdOptions } from "./channel-identifier";
import { sortByChannelNumber } from "./channel-sort";
import { channelLogoLocation } from "./logo-url";
import type { GuideChannel, UrlContext } from "./types";
import { serverUrl } from "./url";

/** The playlist `mode` query parameter. */
export type PlaylistMode = "mixed" | "segmenter" | "hls-direct" | "ts" | "ts-legacy";

export const PLAYLIST_MODES: readonly PlaylistMode[] = ["mixed", "segmenter", "hls-direct", "ts", "ts-legacy"];

export interface M3uOptions extends UrlContext, ChannelIdOptions {
  /** `mixed` (default) uses each channel's streaming mode; any other mode is forced onto every entry. */
  mode?: PlaylistMode;
  /** Kodi clients get `#KODIPROP` lines that make inputstream.ffmpegdirect play the stream. */
  kodi?: boolean;
}

export function parsePlaylistMode(value: string | undefined): PlaylistMode {
  const mode = value?.trim().toLowerCase();
  return PLAYLIST_MODES.find((m) => m === mode) ?? "mixed";
}

/** The streaming mode an entry uses under a playlist mode. */
export function entryStreamingMode(channelMode: StreamingMode, playlistMode: PlaylistMode): StreamingMode {
  switch (playlistMode) {
    case "mixed":
      return channelMode;
    case "segmenter":
      return StreamingMode.HttpLiveStreamingSegmenter;
    case "hls-direct":
      return StreamingMode.HttpLiveStreamingDirect;
    case "ts":
      return StreamingMode.TransportStreamHybrid;
    case "ts-legacy":
      return StreamingMode.TransportStream;
  }
}

export function writeM3u(channels: readonly GuideChannel[], options: M3uOptions): string {
  const guideUrl = serverUrl(options, "/iptv/xmltv.xml");
  const lines = [`#EXTM3U url-tvg="${attribute(guideUrl)}" x-tvg-url="${attribute(guideUrl)}"`];
  const enabled = sortByChannelNumber(channels.filter((c) => c.isEnabled !== false));
  for (const channel of enabled) lines.push(...m3uEntry(channel, options));
  return `${lines.join("\n")}\n`;
}

export function m3uEntry(channel: GuideChannel, options: M3uOptions): string[] {
  const mode = entryStreamingMode(channel.streamingMode, options.mode ?? "mixed");
  const lines: string[] = [];
  if (options.kodi) {
    const isTs = mode === StreamingMode.TransportStream || mode === StreamingMode.TransportStreamHybrid;
    lines.push(
      "#KODIPROP:inputstream=inputstream.ffmpegdirect",
      `#KODIPROP:mimetype=${isTs ? "video/mp2t" : "application/x-mpegURL"}`,
      "#KODIPROP:inputstream.ffmpegdirect.open_mode=ffmpeg",
    );
  }
  const uid = compactUniqueId(channel.uniqueId);
  const attributes: Array<[string, string]> = [
    ["tvg-id", channelGuideId(channel.number, options)],
    ["channel-id", uid],
    ["CUID", uid],
    ["channel-number", channel.number],
    ["tvg-chno", channel.number],
    ["tvg-name", channel.name],
    ["tvg-logo", logoUrl(channel, options)],
    ["group-title", channel.group ?? ""],
  ];
  if (channel.videoCodec) attributes.push(["tvc-stream-vcodec", channel.videoCodec.toLowerCase()]);
  if (channel.audioCodec) attributes.push(["tvc-stream-acodec", channel.audioCodec.toLowerCase()]);
  const rendered = attributes.map(([key, value]) => `${key}="${attribute(value)}"`).join(" ");
  lines.push(`#EXTINF:-1 ${rendered},${singleLine(channel.name)}`);
  lines.push(serverUrl(options, channelStreamPath(channel.number, mode)));
  return lines;
}

/** External logos untouched (the token never goes to another host); our own logos get base + token. */
function logoUrl(channel: GuideChannel, ctx: UrlContext): string {
  const location = channelLogoLocation(channel);
  return "external" in location ? location.external : serverUrl(ctx, location.path);
}

/** A GUID as URL-safe base64 of its 16 bytes (RFC 4122 byte order) without padding; other ids unchanged. */
export function compactUniqueId(uniqueId: string): string {
  const hex = uniqueId.replace(/[{}-]/g, "");
  if (!/^[0-9a-fA-F]{32}$/.test(hex)) return uniqueId;
  return Buffer.from(hex, "hex").toString("base64url");
}

/** An attribute value: one line, no double quotes (M3U has no escape syntax, so `"` becomes `'`). */
function attribute(value: string): string {
  return singleLine(value).replace(/"/g, "'");
}

function singleLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}
