import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../../db/database";
import { PlayoutKind } from "../../domain/enums";
import { layOutChannel, parseChannelFile, type ExternalChannel, type FileLookup } from "../../playout/external-json";
import { DomainError } from "../domain-error";
import { locateConfinedFile } from "../files/confined-file";
import type { PlayoutFolders } from "../files/playout-folders";
import type { PlayoutSourceInput } from "../playout-input";
import { Violations } from "../validation/violations";
import type { KindBuildRequest, KindBuildResult, PlayoutKindStrategy, PlayoutSource } from "./kind-strategy";

const MAX_FILE_BYTES = 64 * 1024 * 1024;
const STAT_CONCURRENCY = 16;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The time shift a saved ExternalJson state carries (0 before any). */
function shiftOf(state: string | null): number {
  if (!state) return 0;
  const value = (JSON.parse(state) as { shiftMs?: unknown }).shiftMs;
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/**
 * ExternalJson playouts: a dizqueTV channel file whose programmes play back to back from its start time.
 * Files in a library play as library items; other existing local files play directly; missing ones are
 * offline gaps with a warning. Every build re-reads the file and replaces the timeline from now.
 */
export class ExternalJsonKind implements PlayoutKindStrategy {
  readonly kind = PlayoutKind.ExternalJson;

  constructor(
    private readonly db: Database,
    private readonly folders: PlayoutFolders,
  ) {}

  async checkSource(input: PlayoutSourceInput): Promise<PlayoutSource> {
    const v = new Violations();
    if (input.scheduleId !== undefined && input.scheduleId !== null) v.add("scheduleId", "only Classic playouts take a schedule");
    if (input.definition !== undefined && input.definition !== null) v.add("definition", "only Sequential playouts take a definition");
    if (input.templates !== undefined && input.templates !== null) v.add("templates", "only Block playouts take templates");
    const file = input.scheduleFile;
    if (file === undefined || file === null || file.trim() === "") v.add("scheduleFile", `is required: the path of a dizqueTV channel JSON file in ${this.folders.playouts} or the scripts folder`);
    else if (!path.isAbsolute(file)) v.add("scheduleFile", "must be an absolute path");
    v.throwIfAny();
    const found = this.locate(file!);
    if (!found.ok) throw DomainError.invalid("scheduleFile", found.message);
    const loaded = await this.load(found.path);
    if (!loaded.ok) throw DomainError.validation(loaded.errors.map((e) => ({ field: "scheduleFile", message: `${file}: ${e.path}: ${e.message}` })));
    return { scheduleId: null, scheduleFile: file!, definition: null };
  }

  async build(request: KindBuildRequest): Promise<KindBuildResult> {
    const file = request.playout.scheduleFile;
    if (!file) throw new Error("the playout has no channel file");
    // Checked on every build: a playout saved before files were confined fails here and reads nothing.
    const found = this.locate(file);
    if (!found.ok) throw new Error(`the channel file ${found.message}`);
    const loaded = await this.load(found.path);
    if (!loaded.ok) throw new Error(`${file}: ${loaded.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}`);
    const from = request.start;
    const to = request.start + request.horizonMs;
    // On-demand pauses and skips moved the timeline: the file's programmes play that much later (or earlier).
    const shiftMs = shiftOf(request.previousState);
    const channel = { ...loaded.channel, startTime: loaded.channel.startTime + shiftMs };
    const lookup = await this.lookupFiles(channel, path.dirname(found.path), from, to);
    const layout = layOutChannel(channel, from, to, (f) => lookup.get(f) ?? { kind: "missing" });
    return { items: layout.items, state: JSON.stringify({ version: 1, file, shiftMs }), warnings: layout.warnings, replaces: true };
  }

  shiftState(state: string | null, deltaMs: number): string | null {
    const parsed = state ? (JSON.parse(state) as Record<string, unknown>) : { version: 1 };
    return JSON.stringify({ ...parsed, shiftMs: shiftOf(state) + deltaMs });
  }

  /** The channel file, only from `<data>/playouts/` or the scripts folder (symbolic links followed). */
  private locate(file: string) {
    const label = `the folders channel files are read from (${this.folders.playouts} and the scripts folder ${this.folders.scripts})`;
    return locateConfinedFile(file, [this.folders.playouts, this.folders.scripts], label);
  }

  private async load(file: string): Promise<{ ok: true; channel: ExternalChannel } | { ok: false; errors: Array<{ path: string; message: string }> }> {
    let text: string;
    try {
      const info = await stat(file);
      if (info.size > MAX_FILE_BYTES) return { ok: false, errors: [{ path: "$", message: `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` }] };
      text = await readFile(file, "utf8");
    } catch (error) {
      return { ok: false, errors: [{ path: "$", message: `cannot read the file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}` }] };
    }
    return parseChannelFile(text);
  }

  /** Finds the programmes' files (only those in the build window): library item, plain file, or missing. */
  private async lookupFiles(channel: ExternalChannel, folder: string, from: number, to: number): Promise<Map<string, FileLookup>> {
    const wanted = new Set<string>();
    let start = channel.startTime;
    for (const program of channel.programs) {
      const finish = start + program.durationMs;
      if (finish > from && start < to && program.file && !program.isOffline) wanted.add(program.file);
      if (start >= to) break;
      start = finish;
    }
    // Relative paths are read next to the channel file and may not leave its folder.
    const resolved = new Map<string, string | null>();
    for (const f of wanted) {
      const absolute = path.resolve(folder, f);
      const inside = path.isAbsolute(f) || !path.relative(folder, absolute).startsWith("..");
      resolved.set(f, inside ? absolute : null);
    }
    const library = await this.db.read((repos) => repos.mediaItems.playableIdsByPath([...resolved.values()].filter((p): p is string => p !== null)));
    const result = new Map<string, FileLookup>();
    const pending = [...resolved];
    const worker = async () => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const [original, absolute] = next;
        if (absolute === null) result.set(original, { kind: "missing" });
        else if (library.has(absolute)) result.set(original, { kind: "library", mediaItemId: library.get(absolute)! });
        else result.set(original, (await isFile(absolute)) ? { kind: "file", path: absolute } : { kind: "missing" });
      }
    };
    await Promise.all(Array.from({ length: STAT_CONCURRENCY }, worker));
    return result;
  }
}
