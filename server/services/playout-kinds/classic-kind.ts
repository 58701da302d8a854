import type { Database } from "../../db/database";
import type { Playout } from "../../db/entities/playout";
import { PlayoutKind } from "../../domain/enums";
import { buildClassicPlayout, scheduleFingerprint, type ClassicBuildState } from "../../playout/classic";
import { ClassicContentResolver, toClassicSchedule } from "../classic-content-resolver";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutSourceInput } from "../playout-input";
import { Violations } from "../validation/violations";
import type { KindBuildRequest, KindBuildResult, PlayoutKindStrategy, PlayoutSource } from "./kind-strategy";

/** Classic playouts: a schedule (ordered items by playout mode) run by the pure Classic builder. */
export class ClassicKind implements PlayoutKindStrategy {
  readonly kind = PlayoutKind.Classic;
  readonly fixedTimesReason = "Classic schedules start items at fixed times of day and keep their own schedule clock";
  private readonly resolver: ClassicContentResolver;

  constructor(
    private readonly db: Database,
    content: PlayoutContentService,
  ) {
    this.resolver = new ClassicContentResolver(db, content);
  }

  async checkSource(input: PlayoutSourceInput, existing?: Playout): Promise<PlayoutSource> {
    const v = new Violations();
    if (input.scheduleFile !== undefined && input.scheduleFile !== null) v.add("scheduleFile", "only Sequential, Scripted and ExternalJson playouts take a schedule file");
    if (input.definition !== undefined && input.definition !== null) v.add("definition", "only Sequential playouts take a definition");
    if (input.templates !== undefined && input.templates !== null) v.add("templates", "only Block playouts take templates");
    const scheduleId = input.scheduleId ?? (existing ? existing.scheduleId : undefined);
    if (scheduleId === undefined || scheduleId === null) v.add("scheduleId", "is required for a Classic playout");
    else if (!Number.isInteger(scheduleId) || scheduleId < 1) v.add("scheduleId", "must be a positive integer");
    else {
      const found = await this.db.read(async (repos) => {
        const schedule = await repos.schedules.findById(scheduleId);
        return schedule ? { schedule, itemCount: (await repos.schedules.items([scheduleId])).length } : null;
      });
      if (!found) v.add("scheduleId", `schedule ${scheduleId} does not exist`);
      else if (found.itemCount === 0) v.add("scheduleId", `schedule "${found.schedule.name}" has no items; a Classic playout needs a schedule with items`);
    }
    v.throwIfAny();
    return { scheduleId: scheduleId!, scheduleFile: null, definition: null };
  }

  async build(request: KindBuildRequest): Promise<KindBuildResult> {
    const { playout } = request;
    if (playout.scheduleId === null || playout.scheduleId === undefined) throw new Error("the playout has no schedule");
    const source = await this.resolver.load(playout.channelId, playout.scheduleId, request.channel);
    const previousState = parseState(request.previousState);
    const result = buildClassicPlayout({
      schedule: toClassicSchedule(source),
      content: { content: source.content.content, groups: source.content.groups },
      previousState,
      mode: request.mode,
      start: request.start,
      horizonMs: request.horizonMs,
      timeZone: request.timeZone,
      seed: playout.seed,
      budget: request.budget,
    });
    const problems = source.content.problems.map((p) => `content "${p.key}": ${p.message}`);
    return { items: result.items, state: JSON.stringify(result.state), warnings: [...problems, ...result.warnings], replaces: result.replaces };
  }

  async adoptImportedState(playout: Playout, state: string): Promise<string> {
    const parsed = parseState(state);
    if (!parsed || playout.scheduleId === null) return state;
    const source = await this.resolver.load(playout.channelId, playout.scheduleId);
    return JSON.stringify({ ...parsed, fingerprint: scheduleFingerprint(toClassicSchedule(source)) });
  }
}

function parseState(text: string | null): ClassicBuildState | undefined {
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<ClassicBuildState>;
    return state.version === 1 && state.current && Array.isArray(state.checkpoints) ? (state as ClassicBuildState) : undefined;
  } catch {
    return undefined;
  }
}
