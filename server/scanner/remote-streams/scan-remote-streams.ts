/**
 * The scan of a RemoteStreams library: every `*.yml`, `*.yaml` and `*.json` item file and every `*.m3u`
 * IPTV playlist under its folders, and the library's playlist URL. Unchanged files (size, mtime, artwork
 * next to them) and unchanged playlist entries (a digest of the entry) are not probed again; an item file
 * with a broken field is reported as failed with the field named; removed files and entries go to the trash.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { forEachConcurrently } from "../../domain/for-each-concurrently";
import type { ScannedArtwork, ScanPlan, SkippedFolder } from "../../domain/scan-protocol";
import { fetchRemote } from "../../media/remote-streams/fetch-remote";
import { MAX_M3U_BYTES, parseM3u, type M3uEntry } from "../../media/remote-streams/m3u";
import { MAX_STREAM_FILE_BYTES, parseStreamFile } from "../../media/remote-streams/stream-file";
import { ArtworkCache } from "../artwork/artwork-cache";
import { cacheArtwork } from "../artwork/cache-artwork";
import { FolderFiles } from "../artwork/folder-files";
import { sidecarsOf } from "../artwork/item-artwork";
import { walkFolder } from "../folder-walker";
import { IGNORE_MARKER_FILES, isIgnoredFolder } from "../media-files";
import { sortTitle } from "../naming";
import { itemBatches } from "../item-batches";
import type { ScanClient } from "../scan-client";
import type { ScanRunOptions } from "../scan-run";
import { describeStream, type StreamItem } from "./describe-stream";

const ITEM_FILE = /\.(ya?ml|json)$/i;
const PLAYLIST_FILE = /\.m3u$/i;
const BATCH_SIZE = 25;
const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** Folder (inside the library's data folder) whose item paths stand for the entries of the playlist URL. */
export const M3U_URL_ENTRIES = "m3u-url";

interface Work {
  item: StreamItem;
  logoUrl?: string;
}

export async function runRemoteStreamScan(client: ScanClient, plan: ScanPlan, options: ScanRunOptions): Promise<void> {
  const known = new Map(plan.files.map((f) => [f.path, f]));
  const failed: SkippedFolder[] = [];
  const skippedFolders: SkippedFolder[] = [];
  const unchanged: string[] = [];
  const work: Work[] = [];
  const art = { cache: new ArtworkCache(path.join(options.dataDir, "artwork"), options.ffmpeg), ffmpeg: options.ffmpeg, levels: new Map(), warn: (file: string, reason: string) => options.log(`${file}: ${reason}`) };
  const isUnchanged = (p: string, size: number, mtime: number, stamp: string) => {
    const previous = known.get(p);
    return !options.force && previous !== undefined && previous.size === size && previous.mtime === mtime && previous.sidecarStamp === stamp;
  };
  const addEntries = (libraryPathId: number, prefix: string, entries: M3uEntry[]) => {
    for (const entry of entries) {
      const entryPath = `${prefix}/${encodeURIComponent(entry.key)}`;
      const stamp = digest([entry.rawUrl, entry.name, entry.tvgId ?? "", entry.tvgName ?? "", entry.logo ?? "", entry.group ?? ""]);
      if (isUnchanged(entryPath, 0, 0, stamp)) {
        unchanged.push(entryPath);
        continue;
      }
      const metadata = { title: entry.name, sortTitle: sortTitle(entry.name), genres: entry.group ? [entry.group] : [], guids: entry.tvgId ? [{ source: "tvg", value: entry.tvgId }] : [], ...(entry.tvgName && entry.tvgName !== entry.name ? { originalTitle: entry.tvgName } : {}) };
      work.push({ item: { libraryPathId, path: entryPath, size: 0, mtime: 0, sidecarStamp: stamp, metadata, source: entry.source, headers: {}, live: true, artwork: [] }, logoUrl: entry.logo });
    }
  };

  const dataPath = plan.paths.find((p) => p.path.startsWith(path.join(options.dataDir, "remote-streams") + path.sep));
  if (plan.m3uUrl && dataPath) {
    const fetched = await fetchRemote(plan.m3uUrl, { maxBytes: MAX_M3U_BYTES });
    const parsed = fetched.ok ? parseM3u(fetched.text) : undefined;
    if (!fetched.ok || !parsed?.ok) {
      // The playlist cannot be read now: its entries stay as they are (not trashed) and the scan says why.
      const reason = !fetched.ok ? fetched.reason : (parsed as { message: string }).message;
      const prefix = path.join(dataPath.path, M3U_URL_ENTRIES);
      skippedFolders.push({ path: prefix, reason: `m3uUrl: ${reason}` });
    } else addEntries(dataPath.id, path.join(dataPath.path, M3U_URL_ENTRIES), parsed.entries);
  }

  for (const libraryPath of plan.paths) {
    let walk;
    try {
      walk = await walkFolder(libraryPath.path, { ignoreFolder: (name) => isIgnoredFolder(name, "movies"), ignoreFile: (name) => name.startsWith("."), ignoreMarkers: IGNORE_MARKER_FILES });
    } catch (error) {
      skippedFolders.push({ path: libraryPath.path, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      continue;
    }
    skippedFolders.push(...walk.skipped);
    const folders = new FolderFiles(walk.folders);
    for (const folder of walk.folders) {
      for (const file of folder.files) {
        const name = path.basename(file);
        if (!ITEM_FILE.test(name) && !PLAYLIST_FILE.test(name)) continue;
        let stat;
        try {
          stat = await fs.stat(file);
        } catch (error) {
          failed.push({ path: file, reason: (error as NodeJS.ErrnoException).code ?? "cannot stat" });
          continue;
        }
        if (PLAYLIST_FILE.test(name)) {
          if (stat.size > MAX_M3U_BYTES) {
            failed.push({ path: file, reason: `larger than ${MAX_M3U_BYTES / 1024 / 1024} MB` });
            continue;
          }
          const parsed = parseM3u(await fs.readFile(file, "utf8"));
          if (!parsed.ok) failed.push({ path: file, reason: parsed.message });
          else addEntries(libraryPath.id, `${file}#`, parsed.entries);
          continue;
        }
        const sidecars = sidecarsOf({ libraryPathId: libraryPath.id, path: file, kind: "RemoteStream" }, libraryPath.path, folders);
        const stamp = folders.stamp(sidecars.files);
        const mtime = Math.floor(stat.mtimeMs);
        if (isUnchanged(file, stat.size, mtime, stamp)) {
          unchanged.push(file);
          continue;
        }
        if (stat.size > MAX_STREAM_FILE_BYTES) {
          failed.push({ path: file, reason: `larger than ${MAX_STREAM_FILE_BYTES / 1024} KiB` });
          continue;
        }
        const parsed = parseStreamFile(await fs.readFile(file, "utf8"));
        if (!parsed.ok) {
          const reason = parsed.errors.map((e) => `${e.field}: ${e.message}`).join("; ");
          failed.push({ path: file, reason });
          options.log(`${file}: ${reason}`);
          continue;
        }
        const def = parsed.value;
        const title = def.title ?? stemOf(name);
        const artwork = await cacheArtwork(sidecars.own, art);
        work.push({
          item: {
            libraryPathId: libraryPath.id, path: file, size: stat.size, mtime, sidecarStamp: stamp,
            metadata: { title, sortTitle: sortTitle(title), plot: def.plot ?? null, genres: def.genres },
            source: { ok: true, value: def.source }, headers: def.headers, live: def.live, ...(def.durationMs !== undefined ? { durationMs: def.durationMs } : {}), artwork,
          },
        });
      }
    }
  }

  for (let i = 0; i < unchanged.length; i += 1000) await client.post("seen", { paths: unchanged.slice(i, i + 1000) });
  const batches = itemBatches(client, BATCH_SIZE);
  let done = 0;
  await forEachConcurrently(work, Math.max(2, options.concurrency), async ({ item, logoUrl }) => {
    if (logoUrl) item.artwork = await logoArtwork(logoUrl, art.cache).catch(() => []);
    const described = await describeStream(item, options.ffprobe);
    if (described.stream?.error) options.log(`${item.path}: ${described.stream.error}`);
    done += 1;
    await batches.add(described);
    await client.post("progress", { percent: (100 * done) / work.length, currentFolder: null }).catch(() => undefined);
  });
  await batches.flush();
  await client.post("finished", { probed: work.length, unchanged: unchanged.length, failed, skippedFolders });
}

/** An entry's `tvg-logo` (http or https only, at most 2 MB, a JPEG, PNG or WebP) into the artwork cache. */
async function logoArtwork(url: string, cache: ArtworkCache): Promise<ScannedArtwork[]> {
  if (!/^https?:\/\//i.test(url)) return [];
  const fetched = await fetchRemote(url, { maxBytes: MAX_LOGO_BYTES, binary: true });
  if (!fetched.ok || !fetched.bytes) return [];
  const stored = await cache.storeBytes(fetched.bytes);
  return [{ kind: "Logo", cacheKey: stored.cacheKey, listKey: stored.listKey, sourcePath: null }];
}

function stemOf(name: string): string {
  return name.replace(ITEM_FILE, "");
}

function digest(parts: readonly string[]): string {
  return createHash("sha256").update(parts.join("\0")).digest("hex").slice(0, 32);
}
