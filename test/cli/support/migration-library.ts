import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { ffprobeJson, makeCountingClip, openStream } from "../../streaming/support/stream-fixtures";
import type { ApiClient } from "../../support/http";
import { scanAndWait } from "../../support/library-scan";

/** The movies the imported channels play: two 10 s counting clips and a 5 s bumper; Counting A has an imdb id in its NFO. */
export interface MigrationLibrary {
  root: string;
  countingA: string;
  countingB: string;
  bumper: string;
  /** Media item ids by title. */
  ids: Record<string, number>;
}

function movie(root: string, name: string, seconds: number, cb: number): string {
  const file = path.join(root, name, `${name}.mkv`);
  makeCountingClip(file, seconds, cb);
  return file;
}

/** Makes the clips, adds them as a Movies library and scans it for real. */
export async function scannedLibrary(api: ApiClient, root: string): Promise<MigrationLibrary> {
  const countingA = movie(root, "Counting A (2001)", 10, 100);
  const countingB = movie(root, "Counting B (2002)", 10, 160);
  const bumper = movie(root, "Bumper (2003)", 5, 128);
  fs.writeFileSync(path.join(root, "Counting A (2001)", "movie.nfo"), '<?xml version="1.0"?><movie><title>Counting A</title><year>2001</year><uniqueid type="imdb" default="true">tt0100001</uniqueid></movie>');
  const library = await api.post("/api/v1/libraries", { name: "Imported Movies", kind: "Movies", paths: [root] });
  expect(library.status, library.text).toBe(201);
  await scanAndWait(api, library.json.id);
  const items = (await api.get(`/api/v1/media/items?libraryId=${library.json.id}&kind=Movie`)).json.items as { id: number; title: string }[];
  const ids = Object.fromEntries(items.map((item) => [item.title, item.id]));
  expect(Object.keys(ids).sort()).toEqual(["Bumper", "Counting A", "Counting B"]);
  return { root, countingA, countingB, bumper, ids };
}

/**
 * The channel is on air from library items: what it plays now or next is one of `expected`, and its live
 * MPEG-TS stream delivers video and audio that ffprobe reads.
 */
export async function expectPlaysFromLibrary(api: ApiClient, serverUrl: string, channel: { id: number; number: string }, expected: number[], workDir: string): Promise<void> {
  const now = await api.get(`/api/v1/channels/${channel.id}/now`);
  expect(now.status, now.text).toBe(200);
  const onAir = [now.json.current, ...now.json.next].filter(Boolean).map((item: { mediaItemId?: number }) => item.mediaItemId);
  expect(onAir.some((id: number | undefined) => id !== undefined && expected.includes(id)), JSON.stringify(now.json)).toBe(true);

  const stream = await openStream(`${serverUrl}/iptv/channel/${channel.number}.ts`);
  try {
    expect(stream.status).toBe(200);
    await stream.waitForBytes(188 * 400, 45_000);
    const bytes = stream.bytes();
    expect(bytes[0]).toBe(0x47);
    const file = path.join(workDir, `channel-${channel.number}.ts`);
    fs.writeFileSync(file, bytes);
    const probe = await ffprobeJson(file);
    expect(probe.format.format_name).toBe("mpegts");
    expect(probe.streams.map((s: { codec_type: string }) => s.codec_type).sort()).toEqual(["audio", "video"]);
  } finally {
    stream.close();
    await api.delete(`/api/v1/sessions/${channel.number}`);
  }
}
