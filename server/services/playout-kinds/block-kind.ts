import type { Database } from "../../db/database";
import type { Playout } from "../../db/entities/playout";
import type { Repositories } from "../../db/repositories";
import type { PlayoutTemplateRow } from "../../db/repositories/block-repository";
import { DayOfWeek, PlayoutKind } from "../../domain/enums";
import { buildBlockPlayout, type BlockBuildState, type BlockPlaybackOrder } from "../../playout/block";
import { contentTargetKey } from "../content-targets";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutSourceInput, PlayoutTemplateAssignmentInput } from "../playout-input";
import { Violations } from "../validation/violations";
import type { KindBuildRequest, KindBuildResult, PlayoutKindStrategy, PlayoutSource } from "./kind-strategy";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() + 1 === Number(m[2]) && d.getUTCDate() === Number(m[3]);
}

/** Block playouts: block templates assigned to dates, expanded by the pure block builder. */
export class BlockKind implements PlayoutKindStrategy {
  readonly kind = PlayoutKind.Block;
  readonly fixedTimesReason = "Block playouts place their blocks at fixed times of day";
  /** Assignments checked by `checkSource`, stored by `afterSave` of the same create/update. */
  private readonly checked = new WeakMap<PlayoutSourceInput, PlayoutTemplateRow[]>();

  constructor(
    private readonly db: Database,
    private readonly content: PlayoutContentService,
  ) {}

  async checkSource(input: PlayoutSourceInput, existing?: Playout): Promise<PlayoutSource> {
    const v = new Violations();
    if (input.scheduleId !== undefined && input.scheduleId !== null) v.add("scheduleId", "only Classic playouts take a schedule");
    if (input.scheduleFile !== undefined && input.scheduleFile !== null) v.add("scheduleFile", "only Sequential, Scripted and ExternalJson playouts take a schedule file");
    if (input.definition !== undefined && input.definition !== null) v.add("definition", "only Sequential playouts take a definition");
    const templates = input.templates;
    if (templates === undefined || templates === null) {
      if (!existing) v.add("templates", "is required for a Block playout: which block templates play on which dates");
    } else if (!Array.isArray(templates) || templates.length === 0) v.add("templates", "must assign at least one block template");
    else if (templates.length > 100) v.add("templates", "must not hold more than 100 assignments");
    else {
      const ids = templates.map((t) => t?.templateId).filter((id): id is number => Number.isInteger(id));
      const known = new Set((await this.db.read((repos) => repos.blocks.findTemplates(ids))).map((t) => t.id));
      const rows = templates.map((t, i) => this.checkAssignment(v, `templates[${i}].`, t, known));
      if (!v.any) this.checked.set(input, rows);
    }
    v.throwIfAny();
    return { scheduleId: null, scheduleFile: null, definition: null };
  }

  async afterSave(repos: Repositories, playoutId: number, input: PlayoutSourceInput): Promise<void> {
    const rows = this.checked.get(input);
    if (!rows) return;
    // checkSource ran outside this transaction: a template deleted since then would fail the foreign key (a 500).
    const known = new Set((await repos.blocks.findTemplates(rows.map((r) => r.templateId))).map((t) => t.id));
    const v = new Violations();
    rows.forEach((row, i) => !known.has(row.templateId) && v.add(`templates[${i}].templateId`, `block template ${row.templateId} does not exist`));
    v.throwIfAny();
    await repos.blocks.replacePlayoutTemplates(playoutId, rows);
  }

  async build(request: KindBuildRequest): Promise<KindBuildResult> {
    const { playout } = request;
    const loaded = await this.db.read(async (repos) => {
      const assignments = await repos.blocks.playoutTemplates([playout.id]);
      const templates = await repos.blocks.findTemplates([...new Set(assignments.map((a) => a.templateId))]);
      const templateItems = await repos.blocks.templateItems(templates.map((t) => t.id));
      const blocks = await repos.blocks.findBlocks([...new Set(templateItems.map((i) => i.blockId))]);
      const blockItems = await repos.blocks.blockItems(blocks.map((b) => b.id));
      const channel = await repos.channels.findById(playout.channelId);
      const gapPreset = channel?.fallbackFillerId ? await repos.fillerPresets.findById(channel.fallbackFillerId) : null;
      return { assignments, templates, templateItems, blocks, blockItems, gapPreset };
    });
    const targets = [...loaded.blockItems, ...(loaded.gapPreset ? [loaded.gapPreset] : [])].map((owner) => owner.target);
    const resolved = await this.content.resolveTargets(targets);
    const content: Record<string, import("../../playout/content").MediaItem[]> = {};
    for (const [key, value] of Object.entries(resolved.content)) content[key] = "items" in value ? [...value.items] : value.entries.flatMap((e) => [...e.items]);
    const previous = parseState(request.previousState);
    const result = buildBlockPlayout({
      blocks: loaded.blocks.map((b) => ({
        id: b.id,
        name: b.name,
        minutes: b.minutes,
        stopScheduling: b.stopScheduling,
        items: loaded.blockItems
          .filter((i) => i.blockId === b.id)
          .map((i) => ({
            id: i.id,
            index: i.position,
            contentKey: contentTargetKey(i.target),
            playbackOrder: i.playbackOrder as BlockPlaybackOrder,
            includeInProgramGuide: i.includeInProgramGuide,
            disableWatermarks: i.disableWatermarks,
            watermarkIds: i.watermarkIds,
            graphicsIds: i.graphicsIds,
            graphicsMode: i.graphicsMode,
          })),
      })),
      templates: loaded.templates.map((t) => ({ id: t.id, name: t.name, items: loaded.templateItems.filter((i) => i.templateId === t.id).map((i) => ({ blockId: i.blockId, startTimeSeconds: i.startTimeSeconds })) })),
      assignments: loaded.assignments.map((a) => ({
        templateId: a.templateId,
        priority: a.priority,
        ...(a.daysOfWeek ? { daysOfWeek: a.daysOfWeek } : {}),
        ...(a.daysOfMonth ? { daysOfMonth: a.daysOfMonth } : {}),
        ...(a.monthsOfYear ? { monthsOfYear: a.monthsOfYear } : {}),
        ...(a.startDate ? { startDate: a.startDate } : {}),
        ...(a.endDate ? { endDate: a.endDate } : {}),
      })),
      content,
      gapFiller: loaded.gapPreset ? { contentKey: contentTargetKey(loaded.gapPreset.target) } : null,
      previousState: previous,
      mode: request.mode,
      start: request.start,
      horizonMs: request.horizonMs,
      timeZone: request.timeZone,
      seed: playout.seed,
      budget: request.budget,
    });
    const problems = resolved.problems.map((p) => `content "${p.key}": ${p.message}`);
    return { items: result.items, state: JSON.stringify(result.state), warnings: [...problems, ...result.warnings], replaces: result.replaces };
  }

  private checkAssignment(v: Violations, at: string, input: PlayoutTemplateAssignmentInput, known: Set<number>): PlayoutTemplateRow {
    const a = input ?? ({} as PlayoutTemplateAssignmentInput);
    if (!Number.isInteger(a.templateId)) v.add(`${at}templateId`, "must be a block template id");
    else if (!known.has(a.templateId)) v.add(`${at}templateId`, `block template ${a.templateId} does not exist`);
    const priority = a.priority ?? 0;
    v.integer(`${at}priority`, priority, -1000, 1000);
    const list = <T>(field: string, values: T[] | undefined, ok: (value: T) => boolean, rule: string): T[] | null => {
      if (values === undefined || values === null) return null;
      if (!Array.isArray(values)) {
        v.add(`${at}${field}`, "must be a list");
        return null;
      }
      values.forEach((value, i) => !ok(value) && v.add(`${at}${field}[${i}]`, rule));
      return values.length ? [...new Set(values)] : null;
    };
    const daysOfWeek = list("daysOfWeek", a.daysOfWeek, (d) => Object.values(DayOfWeek).includes(d), `must be one of ${Object.values(DayOfWeek).join(", ")}`);
    const daysOfMonth = list("daysOfMonth", a.daysOfMonth, (d) => Number.isInteger(d) && d >= 1 && d <= 31, "must be a day of the month from 1 to 31");
    const monthsOfYear = list("monthsOfYear", a.monthsOfYear, (m) => Number.isInteger(m) && m >= 1 && m <= 12, "must be a month from 1 to 12");
    const date = (field: "startDate" | "endDate") => {
      const value = a[field];
      if (value === undefined || value === null) return null;
      if (typeof value !== "string" || !isDate(value)) {
        v.add(`${at}${field}`, "must be a date yyyy-MM-dd");
        return null;
      }
      return value;
    };
    const startDate = date("startDate");
    const endDate = date("endDate");
    if (startDate && endDate && startDate > endDate) v.add(`${at}endDate`, "must not be before startDate");
    return { templateId: a.templateId, priority, daysOfWeek, daysOfMonth, monthsOfYear, startDate, endDate };
  }
}

function parseState(text: string | null): BlockBuildState | undefined {
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as Partial<BlockBuildState>;
    return state.version === 1 && Array.isArray(state.history) ? (state as BlockBuildState) : undefined;
  } catch {
    return undefined;
  }
}
