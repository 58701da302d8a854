import fs from "node:fs/promises";
import path from "node:path";
import { LibraryKind } from "../domain/enums";
import type { ScannedFile, ScanPlan, SkippedFolder } from "../domain/scan-protocol";
import { isRejected, toCandidate, type Candidate } from "./candidates";
import { ArtworkCache } from "./artwork/artwork-cache";
import { FolderFiles } from "./artwork/folder-files";
import { sidecarsOf } from "./artwork/item-artwork";
import { describeFile, type DescribeContext, type FileSidecars } from "./describe-file";
import { walkFolder, type WalkRules } from "./folder-walker";
import { IGNORE_MARKER_FILES, isIgnoredFile, isIgnoredFolder } from "./media-files";
import { maxReleaseYear } from "./naming";
import { forEachConcurrently } from "../domain/for-each-concurrently";
import type { ScanClient } from "./scan-client";

export interface ScanRunOptions {
  force: boolean;
  ffprobe: string;
  ffmpeg: string;
  dataDir: string;
  concurrency: number;
  log(message: string): void;
}

const BATCH_SIZE = 25;
const SEEN_CHUNK = 1000;
const PROGRESS_INTERVAL_MS = 250;
const STAT_CONCURRENCY = 32;

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

  let done = 0;
  let lastProgress = 0;
  const progress = async (folder: string | null, force = false) => {
    const now = Date.now();
    if (!force && now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    await client.post("progress", { percent: candidates.length ? (100 * done) / candidates.length : 100, currentFolder: folder });
  };

  const unchanged: string[] = [];
  const toProbe: Array<{ candidate: Candidate; size: number; mtimeMs: number; sidecars: FileSidecars }> = [];
  const folders = new FolderFiles(walked);
  // Stats are cheap but many: keep the file system busy instead of waiting for each in turn.
  await forEachConcurrently(candidates, STAT_CONCURRENCY, async (candidate) => {
    let stat;
    try {
      stat = await fs.stat(candidate.path);
    } catch (error) {
      failed.push({ path: candidate.path, reason: (error as NodeJS.ErrnoException).code ?? "cannot stat" });
      return;
    }
    const root = roots.get(candidate.libraryPathId)!;
    const sidecars = sidecarsOf(candidate, root, folders);
    const stamp = folders.stamp(sidecars.files);
    const previous = known.get(candidate.path);
    if (!options.force && previous && previous.size === stat.size && previous.mtime === Math.floor(stat.mtimeMs) && previous.sidecarStamp === stamp) {
      unchanged.push(candidate.path);
      done += 1;
    } else {
      toProbe.push({ candidate, size: stat.size, mtimeMs: stat.mtimeMs, sidecars: { root, sidecars, stamp } });
    }
  });
  // Probe in walk order whatever order the stats finished in.
  const walkOrder = new Map(candidates.map((c, i) => [c.path, i]));
  toProbe.sort((a, b) => walkOrder.get(a.candidate.path)! - walkOrder.get(b.candidate.path)!);
  for (let i = 0; i < unchanged.length; i += SEEN_CHUNK) await client.post("seen", { paths: unchanged.slice(i, i + SEEN_CHUNK) });
  await progress(null, true);

  const warn = (file: string, reason: string) => options.log(`${file}: ${reason}`);
  const context: DescribeContext = {
    ffprobe: options.ffprobe,
    showCache: new Map(),
    artwork: { cache: new ArtworkCache(path.join(options.dataDir, "artwork"), options.ffmpeg), ffmpeg: options.ffmpeg, levels: new Map(), warn },
    maxYear: maxReleaseYear(Date.now()),
    warn,
  };
  let batch: ScannedFile[] = [];
  let sending: Promise<unknown> = Promise.resolve();
  const flush = () => {
    const files = batch;
    batch = [];
    if (files.length) sending = sending.then(() => client.post("items", { files }));
    return sending;
  };
  let probed = 0;
  await forEachConcurrently(toProbe, options.concurrency, async ({ candidate, size, mtimeMs, sidecars }) => {
    try {
      // Await first: `batch` may be swapped by another lane's flush while this file is probed.
      const described = await describeFile(candidate, { size, mtimeMs }, context, sidecars);
      batch.push(described);
      probed += 1;
      if (batch.length >= BATCH_SIZE) await flush();
    } catch (error) {
      failed.push({ path: candidate.path, reason: (error as Error).message });
      options.log(`${candidate.path}: ${(error as Error).message}`);
    }
    done += 1;
    await progress(path.dirname(candidate.path));
  });
  await flush();
  await client.post("finished", { probed, unchanged: unchanged.length, failed, skippedFolders });
}
