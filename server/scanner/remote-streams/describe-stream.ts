/**
 * A remote stream item (an item file, or an IPTV playlist entry) as the scanner reports it: the source is
 * prepared (redirects, HLS playlist check) and probed with ffprobe within 10 s; a source that does not answer
 * is still reported, marked with its error, so it can be scheduled and is shown as broken.
 */
import type { ScannedArtwork, ScannedFile, ScannedMetadata, ScannedProbe } from "../../domain/scan-protocol";
import type { RemoteStreamUrl } from "../../domain/remote-stream";
import { probeStream } from "../../media/remote-streams/probe-stream";

export interface StreamItem {
  libraryPathId: number;
  path: string;
  size: number;
  mtime: number;
  sidecarStamp: string;
  metadata: ScannedMetadata;
  source: { ok: true; value: RemoteStreamUrl } | { ok: false; message: string };
  headers: Record<string, string>;
  live: boolean;
  durationMs?: number;
  artwork: ScannedArtwork[];
}

const EMPTY_PROBE: ScannedProbe = { durationMs: 0, streams: [], chapters: [] };

export async function describeStream(item: StreamItem, ffprobe: string): Promise<ScannedFile> {
  const base = { libraryPathId: item.libraryPathId, path: item.path, size: item.size, mtime: item.mtime, kind: "RemoteStream" as const, metadata: item.metadata, sidecarStamp: item.sidecarStamp, artwork: item.artwork };
  const durationMs = item.durationMs ?? 0;
  if (!item.source.ok) return { ...base, probe: { ...EMPTY_PROBE, durationMs }, stream: { url: null, headers: {}, live: item.live, error: `url: ${item.source.message}` } };
  const source = item.source.value;
  const stream = { url: source.url, headers: item.headers, live: item.live };
  const probed = await probeStream({ url: source.url, scheme: source.scheme, headers: item.headers, live: item.live }, ffprobe);
  if (!probed.ok) return { ...base, probe: { ...EMPTY_PROBE, durationMs }, stream: { ...stream, error: probed.reason } };
  const { tags: _tags, ...info } = probed.value;
  const streams = info.streams.map(({ level: _l, hasBFrames: _b, sampleRate: _r, ...s }) => s);
  return { ...base, probe: { ...info, streams, chapters: [], durationMs }, stream: { ...stream, error: null } };
}

