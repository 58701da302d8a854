import type { Database } from "../db/database";
import { FillerPreset } from "../db/entities/filler-preset";
import type { ScheduleItem } from "../db/entities/schedule";
import type { Repositories } from "../db/repositories";
import { FillerKind, FillerMode } from "../domain/enums";
import { compileBooleanExpression } from "../playout/grammar/expression";
import { CHAPTER_VARIABLES } from "../playout/grammar/expression-variables";
import { checkTarget, FILLER_TARGETS, lookUpTargets } from "./content-targets";
import { DomainError } from "./domain-error";
import type { FillerPresetInput } from "./filler-preset-input";
import { FILLER_SLOTS } from "./schedule-item-rules";
import { parseTimeSpan } from "./validation/time-span";
import { Violations } from "./validation/violations";

export const FILLER_KINDS: readonly FillerKind[] = [FillerKind.PreRoll, FillerKind.MidRoll, FillerKind.PostRoll, FillerKind.Tail, FillerKind.Fallback];
/** Tail filler plays whole items after a Flood/Duration block and fallback filler loops to fill a gap: neither has a mode. */
const MODELESS_KINDS: readonly FillerKind[] = [FillerKind.Tail, FillerKind.Fallback];
/** Minutes that divide an hour into sensible boundaries (:00/:05…, :00/:15…, :00/:30, on the hour). */
export const PAD_MINUTES: readonly number[] = [5, 10, 15, 30, 60];
export const MAX_FILLER_COUNT = 1000;
const MAX_EXPRESSION = 500;
const DAY_SECONDS = 24 * 3600;

type ModeField = "duration" | "count" | "padToNearestMinute";
/** The mode settings and the modes that use each. */
const MODE_FIELDS: ReadonlyArray<readonly [ModeField, readonly FillerMode[]]> = [
  ["duration", [FillerMode.Duration]],
  ["count", [FillerMode.Count, FillerMode.RandomCount]],
  ["padToNearestMinute", [FillerMode.Pad]],
];

const PADDING_SLOTS = ["preRollFillerId", "midRollFillerId", "postRollFillerId"] as const;

type PresetFields = Pick<FillerPreset, "target" | "name" | "kind" | "mode" | "durationSeconds" | "count" | "padToNearestMinute" | "allowWatermarks" | "expression" | "useChaptersAsMediaItems">;

/** Filler presets: every rule lives here, shared by REST and GraphQL. */
export class FillerPresetService {
  constructor(private readonly db: Database) {}

  list(): Promise<FillerPreset[]> {
    return this.db.read((repos) => repos.fillerPresets.list());
  }

  get(id: number): Promise<FillerPreset> {
    return this.db.read((repos) => this.find(repos, id));
  }

  create(input: FillerPresetInput): Promise<FillerPreset> {
    return this.db.write(async (repos) => repos.fillerPresets.save(Object.assign(new FillerPreset(), await this.validate(repos, input))));
  }

  /** Replaces every field. A preset in use keeps fitting its users: its kind must still match, and pad rules must hold. */
  update(id: number, input: FillerPresetInput): Promise<FillerPreset> {
    return this.db.write(async (repos) => {
      const preset = await this.find(repos, id);
      const fields = await this.validate(repos, input, id);
      await this.checkUsersStillFit(repos, id, fields);
      return repos.fillerPresets.save(Object.assign(preset, fields));
    });
  }

  /** Refused (422) while a schedule item or a channel uses the preset. */
  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      await this.find(repos, id);
      const [items, channels] = await Promise.all([repos.fillerPresets.scheduleItemsUsing(id), repos.fillerPresets.channelsUsing(id)]);
      const users = [
        ...items.map((u) => `schedule ${u.scheduleId} item ${u.itemId}`),
        ...channels.map((number) => `channel ${number} (fallback filler)`),
      ];
      if (users.length) throw DomainError.invalid("id", `the filler preset is in use by ${users.join(", ")}`);
      await repos.fillerPresets.delete(id);
    });
  }

  private async find(repos: Repositories, id: number): Promise<FillerPreset> {
    const preset = await repos.fillerPresets.findById(id);
    if (!preset) throw DomainError.notFound("Filler preset", id);
    return preset;
  }

  private async validate(repos: Repositories, input: FillerPresetInput, exceptId?: number): Promise<PresetFields> {
    const v = new Violations();
    const name = v.text("name", typeof input.name === "string" ? input.name : "", 1, 50);
    if (!v.has("name") && (await repos.fillerPresets.isNameTaken(name, exceptId))) v.add("name", `a filler preset named "${name}" already exists`);

    const kind = input.fillerKind;
    const kindKnown = FILLER_KINDS.includes(kind);
    if (!kindKnown) v.add("fillerKind", `must be one of ${FILLER_KINDS.join(", ")}`);
    const modeless = MODELESS_KINDS.includes(kind);

    // mode and the settings each mode uses
    let mode: FillerMode | null = null;
    if (modeless) {
      if (input.fillerMode != null) v.add("fillerMode", `must not be given for fillerKind ${kind} (tail and fallback filler have no mode)`);
      for (const [field] of MODE_FIELDS) {
        if (input[field] != null) v.add(field, `must not be given for fillerKind ${kind} (tail and fallback filler have no mode)`);
      }
    } else if (kindKnown) {
      if (input.fillerMode == null) v.add("fillerMode", `is required for fillerKind ${kind}`);
      else if (!Object.values(FillerMode).includes(input.fillerMode)) v.add("fillerMode", `must be one of ${Object.values(FillerMode).join(", ")}`);
      else mode = input.fillerMode;
    }
    let durationSeconds: number | null = null;
    let count: number | null = null;
    let padToNearestMinute: number | null = null;
    if (mode !== null) {
      for (const [field, modes] of MODE_FIELDS) {
        if (modes.includes(mode)) {
          if (input[field] == null) v.add(field, `is required with fillerMode ${mode}`);
        } else if (input[field] != null) {
          v.add(field, `must not be given with fillerMode ${mode} (only ${modes.join(" and ")} use${modes.length > 1 ? "" : "s"} it)`);
        }
      }
      if (mode === FillerMode.Duration && input.duration != null) {
        const seconds = typeof input.duration === "string" ? parseTimeSpan(input.duration) : undefined;
        if (seconds === undefined || seconds <= 0 || seconds > DAY_SECONDS) v.add("duration", "must be hh:mm:ss, more than 00:00:00 and at most 24:00:00");
        else durationSeconds = seconds;
      }
      if ((mode === FillerMode.Count || mode === FillerMode.RandomCount) && input.count != null) {
        v.integer("count", input.count, 1, MAX_FILLER_COUNT);
        count = input.count;
      }
      if (mode === FillerMode.Pad && input.padToNearestMinute != null) {
        if (!PAD_MINUTES.includes(input.padToNearestMinute)) v.add("padToNearestMinute", `must be one of ${PAD_MINUTES.join(", ")}`);
        padToNearestMinute = input.padToNearestMinute;
      }
    }

    // chapters and the mid-roll expression
    const useChaptersAsMediaItems = this.flag(v, "useChaptersAsMediaItems", input.useChaptersAsMediaItems, false);
    if (useChaptersAsMediaItems && kind === FillerKind.Fallback) v.add("useChaptersAsMediaItems", "must be false for fillerKind Fallback (fallback filler is looped and trimmed, not split)");
    let expression: string | null = null;
    if (input.expression != null) {
      if (typeof input.expression !== "string") v.add("expression", "must be text");
      else expression = input.expression.trim() || null;
    }
    if (expression !== null) {
      if (kindKnown && kind !== FillerKind.MidRoll) v.add("expression", `must not be given for fillerKind ${kind} (only MidRoll uses it)`);
      else if (expression.length > MAX_EXPRESSION) v.add("expression", `must not be longer than ${MAX_EXPRESSION} characters`);
      else {
        const compiled = compileBooleanExpression(expression, CHAPTER_VARIABLES);
        if (!compiled.ok) v.add("expression", `is not a valid mid-roll expression: ${compiled.message}`);
      }
    }
    const allowWatermarks = this.flag(v, "allowWatermarks", input.allowWatermarks, true);

    // content
    const known = await lookUpTargets(repos, [input], FILLER_TARGETS);
    const target = checkTarget(v, "", input, known, FILLER_TARGETS);

    v.throwIfAny();
    return {
      name,
      kind,
      mode,
      durationSeconds,
      count,
      padToNearestMinute,
      allowWatermarks,
      target,
      expression,
      useChaptersAsMediaItems,
    };
  }

  private flag(v: Violations, field: string, value: boolean | null | undefined, fallback: boolean): boolean {
    if (value == null) return fallback;
    if (typeof value !== "boolean") {
      v.add(field, "must be true or false");
      return fallback;
    }
    return value;
  }

  /**
   * A preset that schedule items or channels use must keep fitting them: the slot's kind, a channel's
   * fallback kind, and the schedule's pad rules (one padding filler per item, and then a fallback).
   */
  private async checkUsersStillFit(repos: Repositories, id: number, next: PresetFields): Promise<void> {
    const v = new Violations();
    const uses = await repos.fillerPresets.scheduleItemsUsing(id);
    const items = uses.length ? (await repos.schedules.items([...new Set(uses.map((u) => u.scheduleId))])).filter((i) => uses.some((u) => u.itemId === i.id)) : [];
    for (const item of items) {
      for (const [slot, kind] of FILLER_SLOTS) {
        if (item[slot] === id && next.kind !== kind) v.add("fillerKind", `must stay ${kind}: schedule ${item.scheduleId} item ${item.id} uses the preset as its ${kind} filler`);
      }
    }
    if (next.mode === FillerMode.Pad && !v.any) await this.checkPadRules(repos, v, id, items);
    const channels = await repos.fillerPresets.channelsUsing(id);
    if (channels.length && next.kind !== FillerKind.Fallback) v.add("fillerKind", `must stay Fallback: channel(s) ${channels.join(", ")} use the preset as fallback filler`);
    v.throwIfAny();
  }

  private async checkPadRules(repos: Repositories, v: Violations, id: number, items: readonly ScheduleItem[]): Promise<void> {
    const otherIds = [...new Set(items.flatMap((i) => PADDING_SLOTS.map((s) => i[s])).filter((other): other is number => other !== null && other !== id))];
    const padding = new Set((await repos.fillerPresets.findByIds(otherIds)).filter((p) => p.mode === FillerMode.Pad).map((p) => p.id));
    for (const item of items) {
      const pads = PADDING_SLOTS.filter((s) => item[s] === id || (item[s] !== null && padding.has(item[s] as number))).length;
      if (pads > 1) v.add("fillerMode", `must not be Pad: schedule ${item.scheduleId} item ${item.id} would have more than one padding filler`);
      else if (pads === 1 && item.fallbackFillerId === null) v.add("fillerMode", `must not be Pad: schedule ${item.scheduleId} item ${item.id} has no fallback filler to pad with`);
    }
  }
}
