import { randomInt } from "node:crypto";
import { BuildMode, PlayoutKind } from "../domain/enums";
import type { Database } from "../db/database";
import { Playout, type PlayoutItem } from "../db/entities/playout";
import type { PlayoutItemRow } from "../db/repositories/playout-repository";
import type { DefinitionError } from "../playout/definition";
import type { PlayoutDefinition } from "../playout/definition/model";
import { findNowPlaying } from "../playout/now-playing";
import { buildSequentialPlayout, BuildError, type SequentialBuildState, type SequentialItem } from "../playout/sequential";
import { DomainError, type FieldError } from "./domain-error";
import type { PlayoutContentService } from "./playout-content-service";
import type { PlayoutCreateInput, PlayoutPreviewInput, PlayoutUpdateInput } from "./playout-input";
import type { PlayoutValidationService } from "./playout-validation-service";
import { Violations } from "./validation/violations";

export interface PlayoutSettings {
  daysToBuild: number;
  timeZone: string;
}

export interface BuildSummary {
  playoutId: number;
  mode: BuildMode;
  success: boolean;
  message: string;
  itemCount: number;
  builtAt: number;
  /** Where the timeline now ends (epoch ms), when it has items. */
  coversUntil: number | null;
}

export interface NowPlayingView {
  channelId: number;
  at: number;
  current: PlayoutItemRow | null;
  /** ms into the current item's media (seek position). */
  offsetMs: number | null;
  /** ms until the current item (or the gap) ends. */
  remainingMs: number | null;
  next: PlayoutItemRow[];
}

const ITEMS_RETAINED_MS = 24 * 3600_000;
const BUILD_TIME_BUDGET_MS = 20_000;

function toFieldErrors(field: string, errors: readonly DefinitionError[]): FieldError[] {
  return errors.map((e) => ({ field, message: `${e.file}:${e.line}:${e.column} ${e.path ? `${e.path}: ` : ""}${e.message}` }));
}

/** Playouts: creation rules, builds (Reset / Refresh / Continue) and reading the timeline. */
export class PlayoutService {
  private readonly building = new Map<number, Promise<BuildSummary>>();

  constructor(
    private readonly db: Database,
    private readonly validation: PlayoutValidationService,
    private readonly content: PlayoutContentService,
    private readonly settings: PlayoutSettings,
    private readonly clock: () => number = Date.now,
  ) {}

  list(): Promise<Playout[]> {
    return this.db.read((repos) => repos.playouts.list());
  }

  async get(id: number): Promise<Playout> {
    const playout = await this.db.read((repos) => repos.playouts.findById(id));
    if (!playout) throw DomainError.notFound("Playout", id);
    return playout;
  }

  /** Creates the channel's playout and runs a Reset build (a failed build is recorded, not thrown). */
  async create(input: PlayoutCreateInput): Promise<{ playout: Playout; build: BuildSummary }> {
    const source = await this.checkSource(input);
    const playout = await this.db.write(async (repos) => {
      const v = new Violations();
      const channel = await repos.channels.findById(input.channelId);
      if (!channel) v.add("channelId", `channel ${input.channelId} does not exist`);
      else {
        if (await repos.playouts.findByChannel(channel.id)) v.add("channelId", `channel ${channel.number} already has a playout`);
        if (channel.mirrorSourceChannelId !== null) v.add("channelId", `channel ${channel.number} mirrors another channel and cannot have its own playout`);
      }
      v.throwIfAny();
      return repos.playouts.save(
        Object.assign(new Playout(), {
          channelId: input.channelId,
          kind: PlayoutKind.Sequential,
          scheduleId: null,
          scheduleFile: source.scheduleFile,
          definition: source.definition,
          seed: randomInt(1, 2 ** 31 - 1),
          buildState: null,
          lastBuildAt: null,
          lastBuildSuccess: null,
          lastBuildMessage: null,
          createdAt: this.clock(),
        }),
      );
    });
    const build = await this.build(playout.id, BuildMode.Reset);
    return { playout: await this.get(playout.id), build };
  }

  /** Replaces the definition (validated first), then runs a Refresh build. */
  async update(id: number, input: PlayoutUpdateInput): Promise<{ playout: Playout; build: BuildSummary }> {
    const existing = await this.get(id);
    const source = await this.checkSource({ ...input, kind: existing.kind, channelId: existing.channelId });
    await this.db.write(async (repos) => {
      const playout = await repos.playouts.findById(id);
      if (!playout) throw DomainError.notFound("Playout", id);
      playout.scheduleFile = source.scheduleFile;
      playout.definition = source.definition;
      await repos.playouts.save(playout);
    });
    const build = await this.build(id, BuildMode.Refresh);
    return { playout: await this.get(id), build };
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.playouts.findById(id))) throw DomainError.notFound("Playout", id);
      await repos.playouts.delete(id);
    });
  }

  /**
   * POST /channels/{id}/playout/reset: a Reset build now. Content positions survive a Reset; with
   * `eraseHistory` they are forgotten too and the playout draws a new seed (a fresh shuffle).
   */
  async resetChannel(channelId: number, eraseHistory = false): Promise<BuildSummary> {
    const playout = await this.db.read(async (repos) => {
      if (!(await repos.channels.findById(channelId))) throw DomainError.notFound("Channel", channelId);
      return repos.playouts.findByChannel(channelId);
    });
    if (!playout) throw DomainError.notFound("Playout of channel", channelId);
    if (eraseHistory) {
      await this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(playout.id);
        if (!stored) throw DomainError.notFound("Playout", playout.id);
        Object.assign(stored, { seed: randomInt(1, 2 ** 31 - 1), buildState: null });
        await repos.playouts.save(stored);
      });
    }
    return this.build(playout.id, BuildMode.Reset);
  }

  /** Continue builds for every playout (the background job, and at start-up). */
  async continueAll(): Promise<BuildSummary[]> {
    const playouts = await this.list();
    const results: BuildSummary[] = [];
    for (const playout of playouts) results.push(await this.build(playout.id, BuildMode.Continue));
    return results;
  }

  /** Builds one playout; one build per playout at a time (a second request waits for the first). */
  build(id: number, mode: BuildMode): Promise<BuildSummary> {
    const previous = this.building.get(id) ?? Promise.resolve(undefined);
    const next = previous.catch(() => undefined).then(() => this.runBuild(id, mode));
    this.building.set(id, next);
    void next.finally(() => {
      if (this.building.get(id) === next) this.building.delete(id);
    });
    return next;
  }

  async items(id: number, from: number, to: number, pageNumber: number, pageSize: number) {
    const v = new Violations();
    if (!Number.isFinite(from)) v.add("from", "must be a date-time");
    if (!Number.isFinite(to)) v.add("to", "must be a date-time");
    if (Number.isFinite(from) && Number.isFinite(to) && to <= from) v.add("to", "must be after from");
    v.integer("pageNumber", pageNumber, 0, 1_000_000);
    v.integer("pageSize", pageSize, 1, 1000);
    v.throwIfAny();
    await this.get(id);
    return this.db.read((repos) => repos.playouts.itemsBetween(id, from, to, pageNumber, pageSize));
  }

  /** What a channel plays at `at` (a mirror shows its source's timeline shifted by its offset). */
  async nowPlaying(channelId: number, at = this.clock(), nextCount = 3): Promise<NowPlayingView> {
    return this.db.read(async (repos) => {
      const channel = await repos.channels.findById(channelId);
      if (!channel) throw DomainError.notFound("Channel", channelId);
      const sourceId = channel.mirrorSourceChannelId ?? channel.id;
      const offsetMs = channel.mirrorSourceChannelId !== null ? (channel.playoutOffsetSeconds ?? 0) * 1000 : 0;
      const playout = await repos.playouts.findByChannel(sourceId);
      if (!playout) throw DomainError.notFound("Playout of channel", channelId);
      const shifted = at - offsetMs;
      const rows = await repos.playouts.itemsFrom(playout.id, shifted, nextCount + 1);
      const now = findNowPlaying(
        rows.map((r) => ({ ...r, inPoint: r.inPointMs })),
        shifted,
        { lookahead: nextCount },
      );
      if (now.kind === "playing") {
        return { channelId, at, current: now.item, offsetMs: now.seekMs, remainingMs: now.remainingMs, next: now.next.slice(0, nextCount) };
      }
      return { channelId, at, current: null, offsetMs: null, remainingMs: now.remainingMs ?? null, next: now.next.slice(0, nextCount) };
    });
  }

  /** The timeline a Reset build would produce, saving nothing. */
  async preview(input: PlayoutPreviewInput): Promise<{ items: SequentialItem[]; warnings: string[] }> {
    const v = new Violations();
    const start = input.start === undefined ? this.clock() : Date.parse(input.start);
    if (!Number.isFinite(start)) v.add("start", "must be an ISO 8601 date-time");
    const hours = input.hours ?? 24;
    v.integer("hours", hours, 1, 168);
    const seed = input.seed ?? 1;
    v.integer("seed", seed, 0, 2 ** 31 - 1);
    v.throwIfAny();
    const definition = await this.validDefinition({ definition: input.definition });
    const resolved = await this.content.resolve(definition);
    try {
      const result = buildSequentialPlayout({
        definition,
        content: resolved.content,
        mode: "Reset",
        start,
        horizonMs: hours * 3600_000,
        timeZone: this.settings.timeZone,
        seed,
        budget: this.budget(),
      });
      return { items: result.items, warnings: [...resolved.problems.map((p) => `${p.key}: ${p.message}`), ...result.warnings.map((w) => w.message)] };
    } catch (error) {
      if (error instanceof BuildError) throw DomainError.invalid("definition", error.message);
      throw error;
    }
  }

  private budget() {
    const started = performance.now();
    return { maxMs: BUILD_TIME_BUDGET_MS, elapsedMs: () => performance.now() - started };
  }

  private async runBuild(id: number, mode: BuildMode): Promise<BuildSummary> {
    const startedAt = this.clock();
    const playout = await this.get(id);
    let summary: BuildSummary;
    try {
      const definition = await this.validDefinition({ definition: playout.definition ?? undefined, scheduleFile: playout.scheduleFile ?? undefined }).catch((error: unknown) => {
        if (error instanceof DomainError) throw new Error(`the definition is not valid: ${error.message}`);
        throw error;
      });
      const resolved = await this.content.resolve(definition);
      if (resolved.problems.length) throw new Error(resolved.problems.map((p) => `content "${p.key}": ${p.message}`).join("; "));
      const previousState = playout.buildState ? (JSON.parse(playout.buildState) as SequentialBuildState) : undefined;
      const result = buildSequentialPlayout({
        definition,
        content: resolved.content,
        previousState,
        mode,
        start: startedAt,
        horizonMs: this.settings.daysToBuild * 24 * 3600_000,
        timeZone: this.settings.timeZone,
        seed: playout.seed,
        budget: this.budget(),
      });
      const finishedAt = this.clock();
      summary = await this.db.write(async (repos) => {
        // A Reset (or a build the engine turned into one because the definition changed) replaces the
        // timeline from now; a Continue appends after what is stored (the engine resumes at the saved cursor).
        const replaces = mode === BuildMode.Reset || result.warnings.some((w) => w.code === "definition-changed");
        if (replaces) await repos.playouts.deleteItemsEndingAfter(id, startedAt);
        const last = replaces ? null : await repos.playouts.lastFinish(id);
        const fresh = last === null ? result.items : result.items.filter((item) => item.start >= last);
        await repos.playouts.deleteItemsEndingBefore(id, startedAt - ITEMS_RETAINED_MS);
        await repos.playouts.insertItems(fresh.map((item) => toRow(id, item)));
        const stored = await repos.playouts.findById(id);
        if (!stored) throw DomainError.notFound("Playout", id);
        const message = result.warnings.length ? `built ${fresh.length} items; ${result.warnings.map((w) => w.message).join("; ")}` : `built ${fresh.length} items`;
        Object.assign(stored, { buildState: JSON.stringify(result.state), lastBuildAt: finishedAt, lastBuildSuccess: true, lastBuildMessage: message.slice(0, 4000) });
        await repos.playouts.save(stored);
        await repos.playouts.recordBuild({ playoutId: id, mode, startedAt, finishedAt, success: true, message: stored.lastBuildMessage, itemCount: fresh.length });
        return { playoutId: id, mode, success: true, message: stored.lastBuildMessage!, itemCount: fresh.length, builtAt: finishedAt, coversUntil: await repos.playouts.lastFinish(id) };
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const finishedAt = this.clock();
      // A failed build keeps the previous items; only the status changes.
      summary = await this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(id);
        if (!stored) throw DomainError.notFound("Playout", id);
        Object.assign(stored, { lastBuildAt: finishedAt, lastBuildSuccess: false, lastBuildMessage: message.slice(0, 4000) });
        await repos.playouts.save(stored);
        await repos.playouts.recordBuild({ playoutId: id, mode, startedAt, finishedAt, success: false, message: stored.lastBuildMessage, itemCount: 0 });
        return { playoutId: id, mode, success: false, message: stored.lastBuildMessage!, itemCount: 0, builtAt: finishedAt, coversUntil: await repos.playouts.lastFinish(id) };
      });
    }
    return summary;
  }

  /** Validates the definition source of a create/update: exactly one of file and text, and it must be valid. */
  private async checkSource(input: { kind?: PlayoutKind; scheduleFile?: string; definition?: string; channelId: number }): Promise<{ scheduleFile: string | null; definition: string | null }> {
    if (input.kind !== undefined && input.kind !== PlayoutKind.Sequential) {
      throw DomainError.invalid("kind", `${input.kind} playouts are not available yet; use Sequential`);
    }
    await this.validDefinition(input);
    return { scheduleFile: input.scheduleFile ?? null, definition: input.definition ?? null };
  }

  private async validDefinition(input: { scheduleFile?: string; definition?: string }): Promise<PlayoutDefinition> {
    const hasFile = input.scheduleFile !== undefined && input.scheduleFile !== null;
    const hasText = input.definition !== undefined && input.definition !== null;
    if (hasFile === hasText) throw DomainError.invalid(hasFile ? "definition" : "scheduleFile", "give exactly one of scheduleFile and definition");
    const result = await this.validation.validate(input);
    if (!result.valid || !result.definition) throw DomainError.validation(toFieldErrors(hasFile ? "scheduleFile" : "definition", result.errors));
    return result.definition;
  }
}

function toRow(playoutId: number, item: SequentialItem): Partial<PlayoutItem> {
  return {
    playoutId,
    mediaItemId: item.mediaItemId,
    start: item.start,
    finish: item.finish,
    inPointMs: item.inPointMs,
    outPointMs: item.outPointMs,
    guideGroup: item.guideGroup,
    guideStart: null,
    guideFinish: null,
    fillerKind: item.fillerKind,
    customTitle: item.customTitle ?? null,
    hiddenFromGuide: false,
    watermarkIds: null,
    disableWatermarks: item.disableWatermarks,
    preferredAudioLanguageCode: null,
    preferredSubtitleLanguageCode: null,
    subtitleMode: null,
    source: item.contentKey,
  };
}
