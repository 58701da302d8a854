import type {
  EpgGroupInstruction,
  SkipItemsInstruction,
  SkipToItemInstruction,
  WaitUntilInstruction,
  WatermarkInstruction,
} from "../definition/model";
import { deriveSeed } from "../random/hash";
import { createRandom } from "../random/random-source";
import type { BuildContext } from "./context";
import { timeOfDayTarget } from "./targets";

/** `epg_group` (§4.8): true → advance once (unless `advance: false`) and lock; false → unlock. */
export function epgGroup(ctx: BuildContext, instruction: EpgGroupInstruction): void {
  if (!instruction.enabled) {
    ctx.guideGroupLocked = false;
    return;
  }
  if (instruction.advance) ctx.guideGroup += 1;
  ctx.guideGroupLocked = true;
}

/** `watermark` (§4.17): true + name → add; false + name → remove; false alone → clear all. */
export function watermark(ctx: BuildContext, instruction: WatermarkInstruction): void {
  const name = instruction.name;
  if (instruction.enabled) {
    if (name !== null && !ctx.watermarks.includes(name)) ctx.watermarks = [...ctx.watermarks, name];
  } else {
    ctx.watermarks = name === null ? [] : ctx.watermarks.filter((active) => active !== name);
  }
}

/**
 * `skip_items` (§4.14): advance the content by `items mod n` without scheduling, where n is the
 * content's pass length (the filler count for marathons and playlists, §5.7). `random` draws from an
 * SFC32 stream seeded with (playout seed, "skip_items", `site`, local date), so an instruction gives
 * the same skip all day, as upstream, but reproducibly. Empty content or a negative result skips
 * nothing (upstream crashed or failed).
 */
export function skipItems(ctx: BuildContext, instruction: SkipItemsInstruction, site: string): void {
  const source = ctx.source(instruction.content, instruction.location);
  if (!source) return;
  const n = source.enumerator.passLength;
  if (n <= 0) return;
  const random = createRandom(deriveSeed(ctx.seed, "skip_items", site, ctx.clock.dayNumber(ctx.cursor)));
  const value = instruction.items.evaluate({ count: n, random: () => random.nextInt(n) });
  if (!(value > 0)) return;
  for (let i = value % n; i > 0; i--) source.enumerator.moveNext();
}

/**
 * `skip_to_item` (§4.15): looks forward from the current item, at most one pass, for the episode
 * with this season and episode number and makes it current. Not found: the position is left as it
 * was and a warning is given (upstream advanced a whole pass, which reshuffles shuffled content).
 */
export function skipToItem(ctx: BuildContext, instruction: SkipToItemInstruction): void {
  const source = ctx.source(instruction.content, instruction.location);
  if (!source) return;
  const saved = source.enumerator.state();
  const limit = Math.max(source.enumerator.count, source.enumerator.passLength);
  for (let i = 0; i < limit; i++) {
    const media = source.enumerator.current();
    if (!media) break;
    if (media.kind === "episode" && media.seasonNumber === instruction.season && media.episodeNumber === instruction.episode) return;
    source.enumerator.moveNext();
  }
  source.restore(saved);
  ctx.warnOnce(`skip-to:${source.key}:${instruction.season}:${instruction.episode}`, {
    code: "skip-to-item-not-found",
    message: `content "${source.key}" has no season ${instruction.season} episode ${instruction.episode}`,
    location: instruction.location,
  });
}

/**
 * `wait_until` (§4.16): moves the cursor to today's `time` (offline gap), or tomorrow's when already
 * past and `tomorrow` is set. `rewind_on_reset` (only allowed in the reset list, so only in Reset
 * builds, §10 item 7) moves the cursor BACK to today's `time` instead.
 */
export function waitUntil(ctx: BuildContext, instruction: WaitUntilInstruction, inResetList: boolean): void {
  const target = timeOfDayTarget(ctx.clock, ctx.cursor, instruction.time, () => instruction.tomorrow);
  if (target !== null) {
    ctx.gapTo(target);
    return;
  }
  if (inResetList && instruction.rewindOnReset) {
    ctx.cursor = ctx.clock.at(ctx.clock.dateOf(ctx.cursor), instruction.time);
  }
}
