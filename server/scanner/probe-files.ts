import path from "node:path";
import type { SkippedFolder } from "../domain/scan-protocol";
import { forEachConcurrently } from "../domain/for-each-concurrently";
import { ArtworkCache } from "./artwork/artwork-cache";
import type { Candidate } from "./candidates";
import { itemBatches } from "./item-batches";
import { describeFile, type DescribeContext, type FileSidecars } from "./describe-file";
import { maxReleaseYear } from "./naming";
import type { ScanClient } from "./scan-client";
import type { ScanRunOptions } from "./scan-run";

const BATCH_SIZE = 25;
const PROGRESS_INTERVAL_MS = 250;

/** A new or changed file: what its stat and sidecars were when the scan decided to read it. */
export interface FileToProbe {
  candidate: Candidate;
  size: number;
  mtimeMs: number;
  sidecars: FileSidecars;
}

/**
 * Probes the new and changed files of a scan in parallel (in walk order) and reports them to the server in
 * batches, with progress over all `candidates` (`done` of them already settled). Returns how many were stored;
 * those that cannot be read join `failed`.
 */
export async function probeFiles(client: ScanClient, candidates: readonly Candidate[], toProbe: FileToProbe[], done: number, failed: SkippedFolder[], options: ScanRunOptions): Promise<number> {
  let lastProgress = 0;
  const progress = async (folder: string | null, force = false) => {
    const now = Date.now();
    if (!force && now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    await client.post("progress", { percent: candidates.length ? (100 * done) / candidates.length : 100, currentFolder: folder });
  };
  // Probe in walk order whatever order the stats finished in.
  const walkOrder = new Map(candidates.map((c, i) => [c.path, i]));
  toProbe.sort((a, b) => walkOrder.get(a.candidate.path)! - walkOrder.get(b.candidate.path)!);
  await progress(null, true);

  const warn = (file: string, reason: string) => options.log(`${file}: ${reason}`);
  const context: DescribeContext = {
    ffprobe: options.ffprobe,
    showCache: new Map(),
    artwork: { cache: new ArtworkCache(path.join(options.dataDir, "artwork"), options.ffmpeg), ffmpeg: options.ffmpeg, levels: new Map(), warn },
    maxYear: maxReleaseYear(Date.now()),
    warn,
  };
  const batches = itemBatches(client, BATCH_SIZE);
  let probed = 0;
  await forEachConcurrently(toProbe, options.concurrency, async ({ candidate, size, mtimeMs, sidecars }) => {
    try {
      const described = await describeFile(candidate, { size, mtimeMs }, context, sidecars);
      probed += 1;
      await batches.add(described);
    } catch (error) {
      failed.push({ path: candidate.path, reason: (error as Error).message });
      options.log(`${candidate.path}: ${(error as Error).message}`);
    }
    done += 1;
    await progress(path.dirname(candidate.path));
  });
  await batches.flush();
  return probed;
}
