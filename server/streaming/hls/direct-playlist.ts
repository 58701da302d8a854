/**
 * The one-entry playlists of the MPEG-TS and HLS-direct modes (pure text), and the media sequence
 * of the HLS-direct playlist, which moves on when the item on air changes.
 */
import type { StreamPlan } from "../../domain/stream-plan";

/** A playlist whose only entry is the channel's continuous MPEG-TS stream at `url`. */
export function tsEntryPlaylist(url: string): string {
  return ["#EXTM3U", "#EXT-X-VERSION:3", "#EXTINF:-1,", url, ""].join("\n");
}

/** HLS direct: one entry, the current item from its offset (`url` carries `index`). */
export function hlsDirectPlaylist(index: number, plan: StreamPlan, url: string): string {
  const seconds = (plan.content.limitMs / 1000).toFixed(3);
  return ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:10", `#EXT-X-MEDIA-SEQUENCE:${index}`, "#EXT-X-DISCONTINUITY", `#EXTINF:${seconds},`, url, ""].join("\n");
}

/** Per channel, the HLS-direct media sequence: the same while the same piece plays, the next one after. */
export class HlsDirectSequence {
  private readonly known = new Map<string, { key: string; index: number }>();

  indexFor(channelNumber: string, plan: StreamPlan): number {
    const content = plan.content;
    const key = content.kind === "media" ? `${content.path}@${Math.round(plan.at - content.seekMs)}` : `${content.kind}@${Math.round(plan.at + content.limitMs)}`;
    const known = this.known.get(channelNumber);
    const index = known?.key === key ? known.index : (known?.index ?? -1) + 1;
    this.known.set(channelNumber, { key, index });
    return index;
  }
}
