import { StreamingMode } from "../domain/enums";

/** Where a media player fetches a channel's stream, relative to the server's base URL. */
export function channelStreamPath(number: string, mode: StreamingMode): string {
  switch (mode) {
    case StreamingMode.TransportStream:
      return `/iptv/channel/${number}.ts?mode=ts-legacy`;
    case StreamingMode.TransportStreamHybrid:
      return `/iptv/channel/${number}.ts`;
    case StreamingMode.HttpLiveStreamingSegmenter:
      return `/iptv/channel/${number}.m3u8?mode=segmenter`;
    case StreamingMode.HttpLiveStreamingDirect:
      return `/iptv/channel/${number}.m3u8?mode=hls-direct`;
  }
}
