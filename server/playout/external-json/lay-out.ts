import { FillerKind } from "../../domain/enums";
import type { TimelineItem } from "../timeline-item";
import type { ExternalChannel, ExternalProgram } from "./channel-file";

/** What the caller found for a programme's file. */
export type FileLookup = { kind: "library"; mediaItemId: number } | { kind: "file"; path: string } | { kind: "missing" };

export interface ExternalLayout {
  items: TimelineItem[];
  warnings: string[];
}

function metadataOf(program: ExternalProgram) {
  return {
    title: program.title,
    ...(program.showTitle !== undefined ? { showTitle: program.showTitle } : {}),
    ...(program.season !== undefined ? { season: program.season } : {}),
    ...(program.episode !== undefined ? { episode: program.episode } : {}),
    ...(program.year !== undefined ? { year: program.year } : {}),
    ...(program.icon !== undefined ? { icon: program.icon } : {}),
    ...(program.type !== undefined ? { type: program.type } : {}),
  };
}

/**
 * The programmes overlapping [from, to), back to back from the channel's start time. A programme whose file
 * is missing (or that has none) becomes an offline gap, with one warning per distinct file.
 */
export function layOutChannel(channel: ExternalChannel, from: number, to: number, lookup: (file: string) => FileLookup): ExternalLayout {
  const items: TimelineItem[] = [];
  const missing = new Set<string>();
  const unplayable: string[] = [];
  let start = channel.startTime;
  let guideGroup = 0;
  let reachedEnd = true;
  for (const program of channel.programs) {
    const finish = start + program.durationMs;
    if (finish > from && start < to) {
      const base = { start, finish, inPointMs: 0, outPointMs: program.durationMs, fillerKind: FillerKind.None, disableWatermarks: false };
      const found: FileLookup = program.isOffline || !program.file ? { kind: "missing" } : lookup(program.file);
      if (found.kind === "missing") {
        if (!program.isOffline) {
          if (program.file) missing.add(program.file);
          else unplayable.push(program.title);
        }
        items.push({ ...base, mediaItemId: null, guideGroup: 0, contentKey: null });
      } else {
        guideGroup += 1;
        items.push({
          ...base,
          mediaItemId: found.kind === "library" ? found.mediaItemId : null,
          guideGroup,
          contentKey: "external-json",
          hiddenFromGuide: program.durationMs < channel.guideMinimumDurationSeconds * 1000,
          ...(found.kind === "file" ? { externalPath: found.path } : {}),
          externalMetadata: metadataOf(program),
        });
      }
    }
    if (start >= to) {
      reachedEnd = false;
      break;
    }
    start = finish;
  }
  const warnings: string[] = [];
  if (missing.size) warnings.push(`${missing.size} file(s) not found, played as offline: ${[...missing].slice(0, 5).join(", ")}${missing.size > 5 ? ", …" : ""}`);
  if (unplayable.length) warnings.push(`${unplayable.length} programme(s) without a local file, played as offline: ${unplayable.slice(0, 5).join(", ")}`);
  if (reachedEnd && start <= from) warnings.push(`the channel file's programmes ended at ${new Date(start).toISOString()}; the channel is offline`);
  else if (reachedEnd && start < to) warnings.push(`the channel file's programmes end at ${new Date(start).toISOString()}; the channel is offline after that`);
  return { items, warnings };
}
