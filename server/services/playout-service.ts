import { BuildMode, ChannelPlayoutMode, PlayoutKind } from "../domain/enums";
import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import { Playout } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import type { PlayoutItemRow } from "../db/entities/playout";
import { findNowPlaying } from "../playout/now-playing";
import type { SequentialItem } from "../playout/sequential";
import type { TimelineItem } from "../playout/timeline-item";
import { NO_METRICS, type MetricsPort } from "../metrics/metrics-port";
import { DomainError } from "./domain-error";
import { pausedShiftMs } from "./on-demand-timeline";
import type { PlayoutKindStrategy, PlayoutSource } from "./playout-kinds/kind-strategy";
import type { SequentialKind } from "./playout-kinds/sequential-kind";
import { NO_EVENT_LOG, type EventLog } from "../domain/event-log";
import type { PlayoutCreateInput, PlayoutPreviewInput, PlayoutUpdateInput } from "./playout-input";
import { Violations } from "./validation/violations";

/** `items` without `to`: a day from `from`. */
const ITEMS_DEFAULT_SPAN_MS = 24 * 3600_000;

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

/** Playouts: creation rules, builds (Reset / Refresh / Continue) and reading the timeline. */
export class PlayoutService {
  private readonly building = new Map<number, Promise<unknown>>();

  private readonly kinds = new Map<PlayoutKind, PlayoutKindStrategy>();
  private created: (channelId: number) => Promise<void> = async () => undefined;

  constructor(
    private readonly db: Database,
    private readonly sequential: SequentialKind,
    private readonly settings: PlayoutSettings,
    private readonly clock: () => number,
    /** Uniform in [0, 1); draws the seeds of new and erased playouts. */
    private readonly random: () => number,
    private readonly metrics: MetricsPort = NO_METRICS,
    private readonly events: EventLog = NO_EVENT_LOG,
  ) {
    this.register(sequential);
  }

  /** A playout seed: an integer in [1, 2^31 − 2]. */
  private newSeed(): number {
    return 1 + Math.floor(this.random() * (2 ** 31 - 2));
  }

  /** Makes a playout kind available (each kind's strategy is registered once, at start-up). */
  register(strategy: PlayoutKindStrategy): void {
    this.kinds.set(strategy.kind, strategy);
  }

  list(): Promise<Playout[]> {
    return this.db.read(async (repos) => withTemplates(repos, await repos.playouts.list()));
  }

  async get(id: number): Promise<Playout> {
    const playout = await this.db.read(async (repos) => {
      const found = await repos.playouts.findById(id);
      return found && (await withTemplates(repos, [found]))[0];
    });
    if (!playout) throw DomainError.notFound("Playout", id);
    return playout;
  }

  /** Creates the channel's playout and runs a Reset build (a failed build is recorded, not thrown). */
  async create(input: PlayoutCreateInput): Promise<{ playout: Playout; build: BuildSummary }> {
    const strategy = this.strategy(input.kind);
    const source = await strategy.checkSource(input);
    const playout = await this.db.write(async (repos) => {
      const saved = await this.insertIn(repos, input.channelId, strategy.kind, source);
      await strategy.afterSave?.(repos, saved.id, input);
      return saved;
    });
    const build = await this.build(playout.id, BuildMode.Reset);
    await this.created(input.channelId);
    return { playout: await this.get(playout.id), build };
  }

  /**
   * Stores a new playout of a source already checked, inside the caller's transaction (the rules of `create`
   * that need the database: the channel exists, has no playout, mirrors nothing, and can be on-demand with
   * this kind). The caller builds it once the transaction has committed.
   */
  async insertIn(repos: Repositories, channelId: number, kind: PlayoutKind, source: PlayoutSource): Promise<Playout> {
    const v = new Violations();
    const channel = await repos.channels.findById(channelId);
    if (!channel) v.add("channelId", `channel ${channelId} does not exist`);
    else {
      if (await repos.playouts.findByChannel(channel.id)) v.add("channelId", `channel ${channel.number} already has a playout`);
      if (channel.mirrorSourceChannelId !== null) v.add("channelId", `channel ${channel.number} mirrors another channel and cannot have its own playout`);
      const shift = this.timeShift(kind);
      if (channel.playoutMode === ChannelPlayoutMode.OnDemand && !shift.ok) v.add("kind", `channel ${channel.number} is on-demand and ${kind} playouts cannot be: ${shift.reason}`);
    }
    v.throwIfAny();
    return repos.playouts.save(
      Object.assign(new Playout(), {
        channelId,
        kind,
        ...source,
        seed: this.newSeed(),
        buildState: null,
        lastBuildAt: null,
        lastBuildSuccess: null,
        lastBuildMessage: null,
        createdAt: this.clock(),
      }),
    );
  }

  /** A new playout's channel may be on-demand: it then waits at the start until someone watches (OnDemandService). */
  whenCreated(hook: (channelId: number) => Promise<void>): void {
    this.created = hook;
  }

  /** Replaces the playout's source (checked first, as its kind says), then runs a Refresh build. */
  async update(id: number, input: PlayoutUpdateInput): Promise<{ playout: Playout; build: BuildSummary }> {
    const existing = await this.get(id);
    const strategy = this.strategy(existing.kind);
    const source: PlayoutSource = await strategy.checkSource(input, existing);
    await this.db.write(async (repos) => {
      const playout = await repos.playouts.findById(id);
      if (!playout) throw DomainError.notFound("Playout", id);
      Object.assign(playout, source);
      await repos.playouts.save(playout);
      await strategy.afterSave?.(repos, id, input);
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
      const found = await repos.playouts.findByChannel(channelId);
      if (!found && !(await repos.channels.findById(channelId))) throw DomainError.notFound("Channel", channelId);
      return found;
    });
    if (!playout) throw DomainError.notFound("Playout of channel", channelId);
    if (eraseHistory) {
      await this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(playout.id);
        if (!stored) throw DomainError.notFound("Playout", playout.id);
        Object.assign(stored, { seed: this.newSeed(), buildState: null });
        await repos.playouts.save(stored);
      });
    }
    return this.build(playout.id, BuildMode.Reset);
  }

  /** Continue builds for every playout (the background job, and at start-up). */
  async continueAll(): Promise<BuildSummary[]> {
    const playouts = await this.list();
    const results: BuildSummary[] = [];
    // A paused on-demand timeline stands still: it is continued when a viewer resumes it.
    for (const playout of playouts) if (playout.pausedAt === null) results.push(await this.build(playout.id, BuildMode.Continue));
    return results;
  }

  /**
   * A playout imported with its timeline and saved state: the state first takes what its kind derives on this
   * server (when media ids changed on the way), then a Continue build extends the timeline to this server's horizon.
   */
  continueImported(id: number, renumbered: boolean): Promise<BuildSummary> {
    return this.exclusive(id, async () => {
      if (renumbered) {
        const playout = await this.get(id);
        const adopt = this.kinds.get(playout.kind)?.adoptImportedState;
        if (adopt && playout.buildState !== null) {
          const state = await adopt.call(this.kinds.get(playout.kind), playout, playout.buildState);
          await this.db.write(async (repos) => {
            const stored = await repos.playouts.findById(id);
            if (stored) await repos.playouts.save(Object.assign(stored, { buildState: state }));
          });
        }
      }
      return this.runBuild(id, BuildMode.Continue);
    });
  }

  /** Builds one playout; one build per playout at a time (a second request waits for the first). */
  build(id: number, mode: BuildMode): Promise<BuildSummary> {
    return this.exclusive(id, () => this.runBuild(id, mode));
  }

  /** Runs `work` when no build (or other exclusive work) of the playout runs; time shifts go through here too. */
  exclusive<T>(id: number, work: () => Promise<T>): Promise<T> {
    const previous = this.building.get(id) ?? Promise.resolve(undefined);
    const next = previous.catch(() => undefined).then(work);
    this.building.set(id, next);
    void next.catch(() => undefined).finally(() => {
      if (this.building.get(id) === next) this.building.delete(id);
    });
    return next;
  }

  /** How a kind carries a time shift into its saved state, or why its times cannot move. */
  timeShift(kind: PlayoutKind): { ok: true; shiftState: (state: string | null, deltaMs: number) => string | null } | { ok: false; reason: string } {
    const strategy = this.kinds.get(kind);
    if (strategy?.shiftState) return { ok: true, shiftState: (state, delta) => strategy.shiftState!(state, delta) };
    return { ok: false, reason: strategy?.fixedTimesReason ?? `${kind} playouts are not available` };
  }

  get horizonMs(): number {
    return this.settings.daysToBuild * 24 * 3600_000;
  }

  /** The timeline between `from` and `to` (epoch ms; default now and 24 hours later), a page at a time. */
  async items(id: number, from: number | undefined, to: number | undefined, pageNumber: number, pageSize: number) {
    from ??= this.clock();
    to ??= from + ITEMS_DEFAULT_SPAN_MS;
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
      // A paused on-demand timeline shows as if it resumed now.
      const shifted = at - offsetMs - (await pausedShiftMs(repos, playout, this.clock()));
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

  /** The timeline a Reset build of a Sequential definition would produce, saving nothing. */
  preview(input: PlayoutPreviewInput): Promise<{ items: SequentialItem[]; warnings: string[] }> {
    return this.sequential.preview(input, this.settings.timeZone, this.budget());
  }

  private budget() {
    const started = performance.now();
    return { maxMs: BUILD_TIME_BUDGET_MS, elapsedMs: () => performance.now() - started };
  }

  private async runBuild(id: number, mode: BuildMode): Promise<BuildSummary> {
    const startedAt = this.clock();
    // The log names the channel as users know it (number and name), not only by its id.
    const { playout, channel } = await this.db.read(async (repos) => {
      const found = await repos.playouts.findWithChannel(id);
      if (!found) throw DomainError.notFound("Playout", id);
      return { playout: (await withTemplates(repos, [found.playout]))[0], channel: found.channel };
    });
    const timer = performance.now();
    const summary = await this.buildAndStore(playout, channel, id, mode, startedAt);
    const seconds = (performance.now() - timer) / 1000;
    this.metrics.playoutBuild(playout.kind, mode, summary.success, seconds);
    const fields = { channel: channel?.number ?? null, channelName: channel?.name ?? null, playoutId: id, channelId: playout.channelId, kind: playout.kind, mode, items: summary.itemCount, durationMs: Math.round(seconds * 1000) };
    if (summary.success) this.events.info("playout built", fields);
    else this.events.warn("playout build failed", { ...fields, error: summary.message });
    return summary;
  }

  private async buildAndStore(playout: Playout, channel: Channel | null, id: number, mode: BuildMode, startedAt: number): Promise<BuildSummary> {
    let summary: BuildSummary;
    try {
      const result = await this.strategy(playout.kind).build({
        playout,
        channel,
        mode,
        start: startedAt,
        horizonMs: this.settings.daysToBuild * 24 * 3600_000,
        timeZone: this.settings.timeZone,
        previousState: playout.buildState,
        budget: this.budget(),
      });
      const finishedAt = this.clock();
      summary = await this.db.write(async (repos) => {
        // A replacing build rewrites the timeline from now; otherwise items are appended after what is stored
        // (the engine resumes at its saved cursor).
        const replaces = result.replaces;
        const last = replaces ? null : await repos.playouts.lastFinish(id);
        const fresh = last === null ? result.items : result.items.filter((item) => item.start >= last);
        // A paused on-demand timeline resumes at its checkpoint: what follows it is kept however long the pause.
        const retainedFrom = Math.min(startedAt, playout.pausedAt ?? startedAt) - ITEMS_RETAINED_MS;
        await repos.playouts.deleteItemsOutside(id, retainedFrom, replaces ? startedAt : null);
        // The timeline items as they are (no row object per item): the playout is common, `contentKey` is `source`.
        await repos.playouts.insertItems(fresh, { common: { playoutId: id }, renamed: { source: "contentKey" } });
        const message = (result.warnings.length ? `built ${fresh.length} items; ${result.warnings.join("; ")}` : `built ${fresh.length} items`).slice(0, 4000);
        if (!(await repos.playouts.updateBuildStatus(id, { buildState: result.state, lastBuildAt: finishedAt, lastBuildSuccess: true, lastBuildMessage: message }))) throw DomainError.notFound("Playout", id);
        await repos.playouts.recordBuild({ playoutId: id, mode, startedAt, finishedAt, success: true, message, itemCount: fresh.length });
        // What was kept ends at `last` (appended builds) or at most at `startedAt` (replacing ones), so new items
        // reaching past that are the end of the timeline; only otherwise is it read back.
        const keptUntil = replaces ? startedAt : (last ?? Number.NEGATIVE_INFINITY);
        const freshUntil = latestFinish(fresh);
        const coversUntil = freshUntil !== null && freshUntil >= keptUntil ? freshUntil : await repos.playouts.lastFinish(id);
        return { playoutId: id, mode, success: true, message, itemCount: fresh.length, builtAt: finishedAt, coversUntil };
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

  private strategy(kind: PlayoutKind): PlayoutKindStrategy {
    const strategy = this.kinds.get(kind);
    if (!strategy) throw DomainError.invalid("kind", `${kind} playouts are not available`);
    return strategy;
  }
}

function latestFinish(items: readonly TimelineItem[]): number | null {
  let latest: number | null = null;
  for (const item of items) if (latest === null || item.finish > latest) latest = item.finish;
  return latest;
}

/** Block playouts carry their template assignments when read. */
async function withTemplates(repos: Repositories, playouts: Playout[]): Promise<Playout[]> {
  const blocks = playouts.filter((p) => p.kind === PlayoutKind.Block);
  if (!blocks.length) return playouts;
  const rows = await repos.blocks.playoutTemplates(blocks.map((p) => p.id));
  for (const playout of blocks) playout.templates = rows.filter((r) => r.playoutId === playout.id);
  return playouts;
}
