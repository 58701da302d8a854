/**
 * On-demand channels and skip. An on-demand channel's timeline advances only while someone watches:
 * the streaming layer calls `tuneIn` before a stream starts (a paused timeline is moved so its checkpoint
 * plays now, one transaction) and `leave` when the channel's last stream stopped (the checkpoint is
 * stored). A mirror follows its source: watching it resumes the source's timeline. `skip` ends the item
 * on air for every viewer. Shifts run one at a time per playout, never during a build of it.
 */
import type { Database } from "../db/database";
import type { Channel } from "../db/entities/channel";
import type { Playout, PlayoutItemRow } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import { BuildMode, ChannelPlayoutMode } from "../domain/enums";
import type { StreamSessionOwner } from "../domain/stream-session";
import { needsContinueBuild } from "../playout/core/time-shift";
import { DomainError } from "./domain-error";
import { pauseTimeline, resumeTimeline, skipTimeline, storedCheckpoint } from "./on-demand-timeline";
import type { PlayoutService } from "./playout-service";

/** What the Sessions page shows of an on-demand channel. */
export interface OnDemandStateView {
  channelId: number;
  channelNumber: string;
  channelName: string;
  /** True while its timeline runs (someone watches). */
  playing: boolean;
  /** When the last viewer left (epoch ms); null while playing. */
  pausedSince: number | null;
  /** Where it resumes: the item (null in a gap), its title and the offset into it; null while playing. */
  checkpoint: { itemId: number | null; title: string | null; offsetMs: number } | null;
}

export interface SkipSummary {
  channelId: number;
  /** Timeline time the skip took effect (now, or the checkpoint of a paused channel). */
  at: number;
  /** How much of the item (or gap) was skipped, ms: every later item moved this much earlier. */
  skippedMs: number;
  /** The item that plays from `at`. */
  next: PlayoutItemRow | null;
}

interface Target {
  /** The channel asked for, and the channel whose playout it shows (itself, or its mirror source). */
  channel: Channel;
  source: Channel;
  playout: Playout | null;
}

export class OnDemandService {
  /** The last Continue build a resume started (tests and diagnostics wait on it). */
  lastContinueBuild: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly playouts: PlayoutService,
    private readonly clock: () => number,
    private readonly owner: () => StreamSessionOwner | undefined,
  ) {}

  /** A viewer tunes in to channel `number`: a paused on-demand timeline (its own or its source's) resumes now. */
  async tuneIn(number: string): Promise<void> {
    const target = await this.db.read((repos) => this.targetByNumber(repos, number));
    const playout = target?.playout;
    if (!target || !playout || target.source.playoutMode !== ChannelPlayoutMode.OnDemand || playout.pausedAt === null) return;
    const support = this.playouts.timeShift(playout.kind);
    if (!support.ok) return;
    const lastFinish = await this.playouts.exclusive(playout.id, () =>
      this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(playout.id);
        if (!stored) return null;
        const now = this.clock();
        await resumeTimeline(repos, stored, support.shiftState, now);
        return { now, lastFinish: await repos.playouts.lastFinish(stored.id) };
      }),
    );
    if (lastFinish && needsContinueBuild(lastFinish.lastFinish, lastFinish.now, this.playouts.horizonMs)) this.continueBuild(playout.id);
  }

  /** The last stream of channel `number` stopped; `lastWatchedAt` is its last request. Stores the checkpoint. */
  async leave(number: string, lastWatchedAt: number): Promise<void> {
    const target = await this.db.read((repos) => this.targetByNumber(repos, number));
    const playout = target?.playout;
    if (!target || !playout || target.source.playoutMode !== ChannelPlayoutMode.OnDemand || playout.pausedAt !== null) return;
    // Still watched through the source or another of its mirrors: the timeline keeps running.
    const sharing = await this.db.read(async (repos) => new Set([target.source.number, ...(await repos.channels.mirrorsOf(target.source.id))]));
    const watched = (this.owner()?.sessions() ?? []).some((s) => s.state !== "stopping" && sharing.has(s.channelNumber));
    if (watched) return;
    await this.playouts.exclusive(playout.id, () =>
      this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(playout.id);
        if (stored && stored.pausedAt === null) await pauseTimeline(repos, stored, lastWatchedAt);
      }),
    );
  }

  /** Channel `channelId` just became on-demand (or got its playout): it pauses now unless someone watches it. */
  async pauseIfUnwatched(channelId: number): Promise<void> {
    const channel = await this.db.read((repos) => repos.channels.findById(channelId));
    if (channel) await this.leave(channel.number, this.clock());
  }

  /** Ends what channel `channelId` plays now, for every viewer: the next item starts now, later ones move earlier. */
  async skip(channelId: number): Promise<SkipSummary> {
    const target = await this.db.read(async (repos) => {
      const channel = await repos.channels.findById(channelId);
      if (!channel) throw DomainError.notFound("Channel", channelId);
      return this.target(repos, channel);
    });
    const { channel, playout } = target;
    if (channel.mirrorSourceChannelId !== null) {
      throw DomainError.invalid("id", `channel ${channel.number} mirrors channel ${target.source.number}: skip on the source channel`);
    }
    if (!playout) throw DomainError.invalid("id", `channel ${channel.number} has no playout: there is nothing to skip`);
    const support = this.playouts.timeShift(playout.kind);
    if (!support.ok) throw DomainError.invalid("id", `cannot skip on channel ${channel.number}: ${support.reason}`);
    const result = await this.playouts.exclusive(playout.id, () =>
      this.db.write(async (repos) => {
        const stored = await repos.playouts.findById(playout.id);
        if (!stored) throw DomainError.notFound("Playout of channel", channelId);
        const now = this.clock();
        const paused = stored.pausedAt !== null;
        const skipped = await skipTimeline(repos, stored, support.shiftState, now);
        if (!skipped.ok) throw DomainError.invalid("id", `cannot skip on channel ${channel.number}: ${skipped.reason}`);
        const mirrors = (await repos.channels.list()).filter((c) => c.mirrorSourceChannelId === channel.id);
        return { ...skipped, now, paused, mirrors, next: await repos.playouts.itemById(skipped.nextItemId), lastFinish: await repos.playouts.lastFinish(stored.id) };
      }),
    );
    if (!result.paused) {
      // Live viewers switch now: the sessions of the channel and its mirrors drop what they made past the skip.
      const owner = this.owner();
      await Promise.all([
        owner?.cut(channel.number, result.at),
        ...result.mirrors.map((m) => owner?.cut(m.number, result.at + (m.playoutOffsetSeconds ?? 0) * 1000)),
      ]);
    }
    if (needsContinueBuild(result.lastFinish, result.now, this.playouts.horizonMs)) this.continueBuild(playout.id);
    return { channelId, at: result.at, skippedMs: result.skippedMs, next: result.next };
  }

  /** Every on-demand channel with a playout: playing, or paused since when and at which checkpoint. */
  async states(): Promise<OnDemandStateView[]> {
    return this.db.read(async (repos) => {
      const channels = (await repos.channels.list()).filter((c) => c.playoutMode === ChannelPlayoutMode.OnDemand);
      const views: OnDemandStateView[] = [];
      for (const channel of channels) {
        const playout = await repos.playouts.findByChannel(channel.id);
        if (!playout) continue;
        const checkpoint = storedCheckpoint(playout);
        const item = checkpoint?.itemId ? await repos.playouts.itemById(checkpoint.itemId) : null;
        views.push({
          channelId: channel.id,
          channelNumber: channel.number,
          channelName: channel.name,
          playing: !checkpoint,
          pausedSince: checkpoint?.pausedAt ?? null,
          checkpoint: checkpoint ? { itemId: checkpoint.itemId, title: item?.customTitle ?? item?.title ?? null, offsetMs: checkpoint.offsetMs } : null,
        });
      }
      return views;
    });
  }

  private continueBuild(playoutId: number): void {
    // A failed build records its status on the playout; nothing more to do here.
    this.lastContinueBuild = this.playouts.build(playoutId, BuildMode.Continue).catch(() => undefined);
  }

  private async targetByNumber(repos: Repositories, number: string): Promise<Target | undefined> {
    const channel = (await repos.channels.list()).find((c) => c.number === number);
    return channel ? this.target(repos, channel) : undefined;
  }

  private async target(repos: Repositories, channel: Channel): Promise<Target> {
    const source = channel.mirrorSourceChannelId === null ? channel : await repos.channels.findById(channel.mirrorSourceChannelId);
    if (!source) return { channel, source: channel, playout: null };
    return { channel, source, playout: await repos.playouts.findByChannel(source.id) };
  }
}
