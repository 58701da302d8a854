import { FillerKind } from "../../domain/enums";
import type { ContentEnumerator } from "../content/enumerator";
import type { SimpleOrder } from "../content/enumerators/simple";
import { createEnumerator } from "../content/factory";
import { ContentHistory, historyKey } from "../content/history";
import { anchorOf } from "../content/state";
import type { MediaItem } from "../content/types";
import { contentSeed } from "../random";
import { BuildError, clip, ZoneClock } from "../core";
import type { TimelineItem } from "../timeline-item";
import { effectiveBlocks, type EffectiveBlock } from "./effective-blocks";
import type { BlockBuildInput, BlockBuildResult, BlockItemDefinition, BlockPlaybackOrder } from "./types";

const DAY = 86_400_000;
const DEFAULT_MAX_ITEMS = 250_000;
const DEFAULT_MAX_MS = 10_000;
const LOOKAHEAD_DAYS = 7;

const ORDER: Record<BlockPlaybackOrder, SimpleOrder> = {
  Chronological: "chronological",
  SeasonEpisode: "seasonEpisode",
  Shuffle: "shuffle",
  Random: "random",
  RandomRotation: "randomRotation",
};

const itemKey = (item: BlockItemDefinition) => historyKey({ blockItem: item.id, order: item.playbackOrder });
const GAP_KEY = (contentKey: string) => historyKey({ gapFiller: contentKey });

/**
 * The Block playout builder (reference §5.2): for each local day the assigned template's blocks, each filled by
 * cycling its items (one media item per block item per turn, each item its own order and history), gaps between
 * blocks filled by the gap filler or left offline. Reset and Refresh rebuild from the block playing at `start` (or the
 * first one after it) with each block item's progress made before that block: Reset first forgets the history of
 * items playing at `start` or later (`forgetFromNow`), so content positions survive it as in the other builders;
 * starting content over is the service's "erase history" (no previous state). Continue appends the blocks after the
 * last one built, so a Reset followed by Continues equals one longer Reset; a Continue whose timeline ended before
 * the block playing at `start` rebuilds like a Refresh. Pure: clock, zone and seed come in.
 */
export function buildBlockPlayout(input: BlockBuildInput): BlockBuildResult {
  if (!Number.isFinite(input.start) || !Number.isFinite(input.horizonMs) || input.horizonMs < 0) {
    throw new BuildError("invalid-input", "start and horizon must be finite, the horizon not negative");
  }
  const zone = new ZoneClock(input.timeZone);
  const until = input.start + input.horizonMs;
  const warnings = new Set<string>();
  const out: TimelineItem[] = [];
  const maxItems = input.budget?.maxItems ?? DEFAULT_MAX_ITEMS;
  const maxMs = input.budget?.maxMs ?? DEFAULT_MAX_MS;
  const previous = input.previousState?.version === 1 ? input.previousState : undefined;
  const history = new ContentHistory(previous?.history ?? []);

  const canContinue = input.mode === "Continue" && previous?.builtUntil != null && previous.cursor != null;
  if (input.mode === "Reset") history.forgetFromNow(input.start);

  // Blocks of the day before (one may still be running) through a week past the horizon's day, where the gap
  // at the horizon ends (weekly templates leave days without blocks).
  const firstDay = zone.addDays(zone.dateOf(canContinue ? Math.min(previous!.builtUntil!, input.start) : input.start), -1);
  const days = Math.ceil((until - zone.at(firstDay, { hour: 0, minute: 0, second: 0 })) / DAY) + 2 + LOOKAHEAD_DAYS;
  const all = effectiveBlocks(zone, firstDay, days, new Map(input.blocks.map((b) => [b.id, b])), new Map(input.templates.map((t) => [t.id, t])), input.assignments);
  // The block playing at `start`, or the next one: a Continue whose timeline ended before it would rebuild the past.
  const current = all.find((b) => b.end > input.start);
  const continuing = canContinue && (current === undefined || Math.max(previous!.builtUntil!, previous!.cursor!) >= current.start);
  const blocks = continuing ? all.filter((b) => b.start >= previous!.builtUntil!) : all.filter((b) => b.end > input.start);

  // Refresh keeps the progress made before the block it rebuilds from.
  if (!continuing && blocks[0]) history.forgetFrom(Math.min(blocks[0].start, input.start));
  let cursor = continuing ? previous!.cursor! : Math.min(blocks[0]?.start ?? input.start, input.start);
  let builtUntil = continuing ? previous!.builtUntil : null;
  let nextGuideGroup = previous?.nextGuideGroup ?? 1;
  const checkBudget = () => {
    if (out.length > maxItems) throw new BuildError("too-many-items", `the build made more than ${maxItems} items`);
    if (out.length % 1024 === 0 && input.budget?.elapsedMs && input.budget.elapsedMs() > maxMs) throw new BuildError("time-budget", `the build took longer than ${maxMs} ms`);
  };
  const enumerators = new Map<string, ContentEnumerator<MediaItem>>();
  const enumerator = (key: string, seedName: string, contentKey: string, order: SimpleOrder, at: number) => {
    let e = enumerators.get(key);
    if (!e) {
      e = createEnumerator({ order, items: input.content[contentKey] ?? [] }, { seed: contentSeed(input.seed >>> 0, seedName), state: history.stateBefore(key, at) });
      enumerators.set(key, e);
    }
    return e;
  };

  /** Gap filler (or one offline item) from `from` to `to`; `open`: no block is known after it, so whole filler
   *  items run until `to` is reached (a later build continues the gap exactly) and no offline item is made. */
  const fillGap = (from: number, to: number, open = false) => {
    if (to <= from) return;
    const gap = input.gapFiller;
    const filler = gap ? enumerator(GAP_KEY(gap.contentKey), `gapFiller:${gap.contentKey}`, gap.contentKey, "shuffle", from) : undefined;
    let t = from;
    for (let empty = 0; filler && t < to && empty <= filler.count; ) {
      const media = filler.current();
      if (!media) break;
      filler.moveNext();
      if (media.durationMs <= 0) {
        empty++;
        continue;
      }
      empty = 0;
      const finish = open ? t + media.durationMs : Math.min(t + media.durationMs, to);
      out.push({ start: t, finish, mediaItemId: media.id, inPointMs: 0, outPointMs: finish - t, fillerKind: FillerKind.Fallback, guideGroup: 0, disableWatermarks: false, contentKey: gap!.contentKey });
      history.record({ key: GAP_KEY(gap!.contentKey), when: t, finish, item: anchorOf(media), state: filler.state() });
      t = finish;
      if (open) cursor = finish;
      checkBudget();
    }
    if (t < to && !open) out.push({ start: t, finish: to, mediaItemId: null, inPointMs: 0, outPointMs: to - t, fillerKind: FillerKind.None, guideGroup: 0, disableWatermarks: false, contentKey: null });
  };

  const fillBlock = (placed: EffectiveBlock) => {
    const { block, end } = placed;
    const items = [...block.items].sort((a, b) => a.index - b.index);
    let t = Math.max(cursor, placed.start);
    let misses = 0;
    let lastGroup = 0;
    for (let turn = 0; items.length && misses < items.length; turn++) {
      if (t >= end) break;
      const item = items[turn % items.length];
      const e = enumerator(itemKey(item), `blockItem:${item.id}`, item.contentKey, ORDER[item.playbackOrder] ?? "shuffle", placed.start);
      let media = e.current();
      for (let tries = 0; media && media.durationMs <= 0 && !media.live && tries <= e.count; tries++) {
        warnings.add(`media item ${media.id} has no duration; skipped`);
        e.moveNext();
        media = e.current();
      }
      // A live stream plays for the rest of its block.
      if (media?.live) media = { ...media, durationMs: end - t };
      if (!media || media.durationMs <= 0) {
        warnings.add(`block "${block.name}": item ${item.index + 1} ("${item.contentKey}") has no playable media; skipped`);
        misses++;
        continue;
      }
      if (block.stopScheduling === "BeforeDurationEnd" && t + media.durationMs > end) break;
      misses = 0;
      // The gap before the block is laid out only now: a block that schedules nothing joins the gap after it.
      fillGap(cursor, t);
      const finish = t + media.durationMs;
      const hidden = !item.includeInProgramGuide;
      const group = hidden && lastGroup > 0 ? lastGroup : nextGuideGroup++;
      lastGroup = group;
      const timeline: TimelineItem = {
        start: t,
        finish,
        mediaItemId: media.id,
        inPointMs: 0,
        outPointMs: media.durationMs,
        fillerKind: FillerKind.None,
        guideGroup: group,
        disableWatermarks: item.disableWatermarks,
        contentKey: item.contentKey,
      };
      if (hidden) timeline.hiddenFromGuide = true;
      if (item.watermarkIds?.length && !item.disableWatermarks) timeline.watermarkIds = item.watermarkIds;
      if (item.graphicsIds?.length || item.graphicsMode === "Replace") Object.assign(timeline, { graphicsIds: item.graphicsIds ?? [], graphicsMode: item.graphicsMode ?? "Add" });
      out.push(timeline);
      e.moveNext();
      history.record({ key: itemKey(item), when: t, finish, item: anchorOf(media), state: e.state() });
      t = finish;
      cursor = finish;
      checkBudget();
    }
    builtUntil = end;
  };

  let reachedHorizon = false;
  for (const placed of blocks) {
    if (placed.start >= until) {
      // The gap up to the first block past the horizon: the same gap a longer build makes there.
      fillGap(cursor, placed.start);
      cursor = Math.max(cursor, placed.start);
      reachedHorizon = true;
      break;
    }
    if (input.budget?.elapsedMs && input.budget.elapsedMs() > maxMs) throw new BuildError("time-budget", `the build took longer than ${maxMs} ms`);
    fillBlock(placed);
  }
  if (!reachedHorizon) fillGap(cursor, until, true);
  if (!input.templates.length || !input.assignments.length) warnings.add("no template is assigned to any date: the channel stays offline");

  // Kept back to the block playing at `start`: a later Reset or Refresh rebuilds from there.
  history.cleanUp(Math.min(input.start, current?.start ?? input.start));
  return {
    items: continuing ? out : clip(out, input.start),
    replaces: !continuing,
    state: { version: 1, history: history.entries(), builtUntil, cursor, nextGuideGroup },
    warnings: [...warnings],
  };
}
