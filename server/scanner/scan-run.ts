import fs from "node:fs";
import type { KnownFile, ScanPlan, SkippedFolder } from "../domain/scan-protocol";
import { LibraryKind } from "../domain/enums";
import { isRejected, toCandidate, type Candidate } from "./candidates";
import { FolderFiles } from "./artwork/folder-files";
import { sidecarsOf } from "./artwork/item-artwork";
import { walkFolder, type WalkRules } from "./folder-walker";
import { IGNORE_MARKER_FILES, isIgnoredFile, isIgnoredFolder } from "./media-files";
import { forEachConcurrently } from "../domain/for-each-concurrently";
import type { ScanClient } from "./scan-client";
import type { FileToProbe } from "./probe-files";
import type { ScanTarget } from "./scanner-messages";

export interface ScanRunOptions {
  force: boolean;
  ffprobe: string;
  ffmpeg: string;
  dataDir: string;
  concurrency: number;
  log(message: string): void;
}

/** Unchanged paths are reported in requests of about this size (well under the server's 1 MB body limit). */
const SEEN_CHUNK_CHARS = 256 * 1024;
const STAT_CONCURRENCY = 32;
/** Stats run one after the other while they average under this (local disks); slower (a network share), concurrently. */
const QUICK_STAT_MS = 1;
const STATS_BEFORE_JUDGING = 32;

function walkRules(kind: LibraryKind): WalkRules {
  const context = kind === LibraryKind.Shows ? "shows" : "movies";
  return { ignoreFolder: (name) => isIgnoredFolder(name, context), ignoreFile: isIgnoredFile, ignoreMarkers: IGNORE_MARKER_FILES };
}

/**
 * One scan, in the scanner child process: walk the library's paths, skip files whose size and mtime
 * and whose sidecars (NFOs, artwork images) are unchanged, probe the rest in parallel, and report
 * everything to the server in batches. The walk and the stats run while the server reads the plan (the
 * files it knows): only the comparison needs it. `target` is the library as the scan was ordered (its
 * paths cannot change while it is scanned).
 */
export async function runScan(client: ScanClient, options: ScanRunOptions, target: ScanTarget): Promise<void> {
  const planned = client.get<ScanPlan>("plan");
  const kind = target.kind as LibraryKind;
  // Loaded only for such libraries: it brings the YAML parser, two thirds of this process's module load time,
  // which every rescan of a file library paid before it could stat a file.
  if (kind === LibraryKind.RemoteStreams) return (await import("./remote-streams/scan-remote-streams.js")).runRemoteStreamScan(client, await planned, options);
  // Awaited after the stats; a failure meanwhile is not an unhandled rejection.
  planned.catch(() => undefined);
  const skippedFolders: SkippedFolder[] = [];
  const failed: SkippedFolder[] = [];
  const candidates: Candidate[] = [];
  const walked: Array<{ path: string; files: string[] }> = [];
  const roots = new Map(target.paths.map((p) => [p.id, p.path]));

  for (const libraryPath of target.paths) {
    let walk;
    try {
      walk = await walkFolder(libraryPath.path, walkRules(kind));
    } catch (error) {
      skippedFolders.push({ path: libraryPath.path, reason: (error as NodeJS.ErrnoException).code ?? String(error) });
      continue;
    }
    for (const skipped of walk.skipped) {
      options.log(`skipped ${skipped.path}: ${skipped.reason}`);
      skippedFolders.push(skipped);
    }
    for (const folder of walk.folders) {
      walked.push(folder);
      for (const file of folder.files) {
        const candidate = toCandidate(kind, libraryPath.id, libraryPath.path, file);
        if (!candidate) continue;
        if (isRejected(candidate)) failed.push(candidate);
        else candidates.push(candidate);
      }
    }
  }

  const stats: Array<{ candidate: Candidate; stat: fs.Stats }> = [];
  const statted = (candidate: Candidate, stat: fs.Stats) => stats.push({ candidate, stat });
  const cannotStat = (candidate: Candidate, error: unknown) => failed.push({ path: candidate.path, reason: (error as NodeJS.ErrnoException).code ?? "cannot stat" });
  // A blocking stat of a local file costs a fraction of a trip through the thread pool and its promise (a no-change
  // rescan is mostly stats), so they run one after the other while they are quick; on a slow file system (a network
  // share) the rest run STAT_CONCURRENCY at a time, keeping it busy instead of waiting for each in turn.
  let next = 0;
  let statMs = 0;
  while (next < candidates.length && (next < STATS_BEFORE_JUDGING || statMs / next < QUICK_STAT_MS)) {
    const candidate = candidates[next++];
    const started = performance.now();
    let stat;
    try {
      stat = fs.statSync(candidate.path);
    } catch (error) {
      cannotStat(candidate, error);
      continue;
    } finally {
      statMs += performance.now() - started;
    }
    statted(candidate, stat);
  }
  await forEachConcurrently(candidates.slice(next), STAT_CONCURRENCY, async (candidate) => {
    let stat;
    try {
      stat = await fs.promises.stat(candidate.path);
    } catch (error) {
      cannotStat(candidate, error);
      return;
    }
    statted(candidate, stat);
  });

  const known = new Map((await planned).files.map((f) => [f.path, f]));
  const folders = new FolderFiles(walked);
  const unchanged: string[] = [];
  const toProbe: FileToProbe[] = [];
  for (const { candidate, stat } of stats) {
    const root = roots.get(candidate.libraryPathId)!;
    const sidecars = sidecarsOf(candidate, root, folders);
    const stamp = folders.stamp(sidecars.files);
    if (!options.force && isUnchanged(known.get(candidate.path), stat, stamp)) unchanged.push(candidate.path);
    else toProbe.push({ candidate, size: stat.size, mtimeMs: stat.mtimeMs, sidecars: { root, sidecars, stamp } });
  }
  for (const paths of chunksOfChars(unchanged, SEEN_CHUNK_CHARS)) await client.post("seen", { paths });
  let probed = 0;
  if (toProbe.length) {
    // Probing brings ffprobe handling, NFO and artwork code, left unloaded when nothing changed.
    const { probeFiles } = await import("./probe-files.js");
    probed = await probeFiles(client, candidates, toProbe, unchanged.length, failed, options);
  }
  await client.post("finished", { probed, unchanged: unchanged.length, failed, skippedFolders });
}

function isUnchanged(previous: KnownFile | undefined, stat: fs.Stats, sidecarStamp: string): boolean {
  return !!previous && previous.size === stat.size && previous.mtime === Math.floor(stat.mtimeMs) && previous.sidecarStamp === sidecarStamp;
}

/** `items` in runs whose lengths add up to about `chars` each. */
export function* chunksOfChars(items: readonly string[], chars: number): Generator<string[]> {
  let start = 0;
  let length = 0;
  for (let i = 0; i < items.length; i++) {
    length += items[i]!.length;
    if (length >= chars) {
      yield items.slice(start, i + 1);
      start = i + 1;
      length = 0;
    }
  }
  if (start < items.length) yield items.slice(start);
}
