import fs from "node:fs";
import type { ScanPlan, SkippedFolder } from "../domain/scan-protocol";
import { LibraryKind } from "../domain/enums";
import { isRejected, toCandidate, type Candidate } from "./candidates";
import { FolderFiles } from "./artwork/folder-files";
import { sidecarsOf } from "./artwork/item-artwork";
import { walkFolder, type WalkRules } from "./folder-walker";
import { IGNORE_MARKER_FILES, isIgnoredFile, isIgnoredFolder } from "./media-files";
import { forEachConcurrently } from "../domain/for-each-concurrently";
import type { ScanClient } from "./scan-client";
import type { FileToProbe } from "./probe-files";

export interface ScanRunOptions {
  force: boolean;
  ffprobe: string;
  ffmpeg: string;
  dataDir: string;
  concurrency: number;
  log(message: string): void;
}

const SEEN_CHUNK = 1000;
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
 * everything to the server in batches.
 */
export async function runScan(client: ScanClient, options: ScanRunOptions): Promise<void> {
  const plan = await client.get<ScanPlan>("plan");
  const kind = plan.kind as LibraryKind;
  // Loaded only for such libraries: it brings the YAML parser, two thirds of this process's module load time,
  // which every rescan of a file library paid before it could stat a file.
  if (kind === LibraryKind.RemoteStreams) return (await import("./remote-streams/scan-remote-streams.js")).runRemoteStreamScan(client, plan, options);
  const known = new Map(plan.files.map((f) => [f.path, f]));
  const skippedFolders: SkippedFolder[] = [];
  const failed: SkippedFolder[] = [];
  const candidates: Candidate[] = [];
  const walked: Array<{ path: string; files: string[] }> = [];
  const roots = new Map(plan.paths.map((p) => [p.id, p.path]));

  for (const libraryPath of plan.paths) {
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

  const unchanged: string[] = [];
  const toProbe: FileToProbe[] = [];
  const folders = new FolderFiles(walked);
  const compare = (candidate: Candidate, stat: fs.Stats) => {
    const root = roots.get(candidate.libraryPathId)!;
    const sidecars = sidecarsOf(candidate, root, folders);
    const stamp = folders.stamp(sidecars.files);
    const previous = known.get(candidate.path);
    if (!options.force && previous && previous.size === stat.size && previous.mtime === Math.floor(stat.mtimeMs) && previous.sidecarStamp === stamp) {
      unchanged.push(candidate.path);
    } else {
      toProbe.push({ candidate, size: stat.size, mtimeMs: stat.mtimeMs, sidecars: { root, sidecars, stamp } });
    }
  };
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
    compare(candidate, stat);
  }
  await forEachConcurrently(candidates.slice(next), STAT_CONCURRENCY, async (candidate) => {
    let stat;
    try {
      stat = await fs.promises.stat(candidate.path);
    } catch (error) {
      cannotStat(candidate, error);
      return;
    }
    compare(candidate, stat);
  });
  for (let i = 0; i < unchanged.length; i += SEEN_CHUNK) await client.post("seen", { paths: unchanged.slice(i, i + SEEN_CHUNK) });
  let probed = 0;
  if (toProbe.length) {
    // Probing brings ffprobe handling, NFO and artwork code, left unloaded when nothing changed.
    const { probeFiles } = await import("./probe-files.js");
    probed = await probeFiles(client, candidates, toProbe, unchanged.length, failed, options);
  }
  await client.post("finished", { probed, unchanged: unchanged.length, failed, skippedFolders });
}
