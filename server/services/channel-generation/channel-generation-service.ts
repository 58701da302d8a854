import type { Database } from "../../db/database";
import { Block, BlockTemplate } from "../../db/entities/block";
import { ContentTarget } from "../../db/entities/content-target";
import type { Repositories } from "../../db/repositories";
import type { ResolvedContent } from "../../playout/core";
import { BlockStopScheduling, BuildMode, ChannelGrouping, CollectionType, GeneratedPlayoutStyle, GraphicsMode, PlaybackOrder, PlayoutKind, PlayoutMode } from "../../domain/enums";
import type { ChannelService } from "../channel-service";
import { contentTargetKey } from "../content-targets";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutService } from "../playout-service";
import type { ScheduleService } from "../schedule-service";
import type { SmartCollectionService } from "../smart-collection-service";
import { candidateGroups, type CandidateGroup } from "./channel-groups";
import { checkGenerateInput, type CheckedGenerateInput, type GenerateChannelsInput } from "./generation-input";

const NAME_LENGTH = 50;
const DAY_SECONDS = 24 * 60 * 60;

export interface GeneratedChannel {
  number: string;
  name: string;
  /** The channel's M3U group (Networks, Genres, Decades, Collections, Shows). */
  group: string;
  /** The search that keeps the channel current (stored as a smart collection), or null for a collection or show. */
  query: string | null;
  /** Playable items it has now. */
  itemCount: number;
  /** Hours of content it has now, to one decimal. */
  estimatedHours: number;
  /** Where its logo is drawn (the name on a generated card) until the user sets one. */
  logoPath: string;
  playoutKind: PlayoutKind;
  /** Once created. */
  channelId?: number;
  playoutId?: number;
  /** Once created: how its first build went. */
  build?: { success: boolean; message: string; itemCount: number };
}

export interface SkippedGroup {
  name: string;
  itemCount: number;
  reason: string;
}

export interface ChannelGenerationReport {
  applied: boolean;
  channels: GeneratedChannel[];
  /** Groups that get no channel, with why. */
  skipped: SkippedGroup[];
}

interface PlannedChannel {
  candidate: CandidateGroup;
  itemCount: number;
  totalMs: number;
}

/**
 * "Channels made for you": one channel per network, genre, decade, collection or show of the library, each with a
 * playout. A dry run reports what would be made; applying creates every channel, its content (a smart
 * collection for searches), schedule or blocks and playout in one transaction, by the same rules as creating
 * each by hand, then builds the playouts. Either everything is created or nothing is.
 */
export class ChannelGenerationService {
  constructor(
    private readonly db: Database,
    private readonly channels: ChannelService,
    private readonly smartCollections: SmartCollectionService,
    private readonly schedules: ScheduleService,
    private readonly playouts: PlayoutService,
    private readonly content: PlayoutContentService,
  ) {}

  async generate(input: GenerateChannelsInput, apply: boolean): Promise<ChannelGenerationReport> {
    const checked = checkGenerateInput(input);
    const { planned, skipped } = await this.plan(checked);
    const kind = checked.style === GeneratedPlayoutStyle.BlockDay ? PlayoutKind.Block : PlayoutKind.Classic;
    const describe = (p: PlannedChannel, number: string): GeneratedChannel => ({
      number,
      name: p.candidate.name,
      group: p.candidate.channelGroup,
      query: p.candidate.query,
      itemCount: p.itemCount,
      estimatedHours: Math.round(p.totalMs / 360_000) / 10,
      logoPath: `/iptv/logos/gen?text=${encodeURIComponent(p.candidate.name)}`,
      playoutKind: kind,
    });
    if (!apply) {
      const numbers = await this.db.read((repos) => freeNumbers(repos, checked.firstNumber, planned.length));
      return { applied: false, channels: planned.map((p, i) => describe(p, numbers[i])), skipped };
    }
    const created = await this.db.write(async (repos) => {
      // Numbers are taken again inside the transaction: one used since the preview is skipped, never doubled.
      const numbers = await freeNumbers(repos, checked.firstNumber, planned.length);
      const out: GeneratedChannel[] = [];
      for (const [i, p] of planned.entries()) {
        const channel = await this.channels.createIn(repos, { number: numbers[i], name: p.candidate.name, group: p.candidate.channelGroup });
        const target = await this.storedTarget(repos, p.candidate);
        const playoutId = kind === PlayoutKind.Block
          ? await this.blockPlayout(repos, channel.id, p.candidate.name, target, checked)
          : await this.classicPlayout(repos, channel.id, p.candidate.name, target, checked.grouping);
        out.push({ ...describe(p, channel.number), channelId: channel.id, playoutId });
      }
      return out;
    });
    for (const channel of created) {
      const build = await this.playouts.build(channel.playoutId!, BuildMode.Reset);
      channel.build = { success: build.success, message: build.message, itemCount: build.itemCount };
    }
    return { applied: true, channels: created, skipped };
  }

  /** The library's groups with what each holds now; the largest that reach the minimum become channels. */
  private async plan(input: CheckedGenerateInput): Promise<{ planned: PlannedChannel[]; skipped: SkippedGroup[] }> {
    const candidates = await this.db.read((repos) => candidateGroups(repos, input.grouping));
    const resolved: { content: Record<string, ResolvedContent> } = candidates.length ? await this.content.resolveTargets(candidates.map((c) => c.target)) : { content: {} };
    const measured = candidates.map((candidate): PlannedChannel => {
      const content = resolved.content[contentTargetKey(candidate.target)];
      const items = content && "items" in content ? content.items : [];
      const unique = new Map(items.map((item) => [item.id, item.durationMs]));
      return { candidate: { ...candidate, name: candidate.name.trim().slice(0, NAME_LENGTH) || "Untitled" }, itemCount: unique.size, totalMs: [...unique.values()].reduce((a, b) => a + b, 0) };
    });
    measured.sort((a, b) => b.itemCount - a.itemCount || a.candidate.name.localeCompare(b.candidate.name));
    const planned: PlannedChannel[] = [];
    const skipped: SkippedGroup[] = [];
    for (const m of measured) {
      const skip = (reason: string) => skipped.push({ name: m.candidate.name, itemCount: m.itemCount, reason });
      if (m.itemCount < input.minimumItems) skip(`${m.itemCount} playable item(s), fewer than minimumItems (${input.minimumItems})`);
      else if (planned.length >= input.maxChannels) skip(`more than maxChannels (${input.maxChannels}) groups are large enough; larger ones came first`);
      else planned.push(m);
    }
    return { planned, skipped };
  }

  /** A search becomes a smart collection (the channel follows the library); collections and shows are played as they are. */
  private async storedTarget(repos: Repositories, candidate: CandidateGroup): Promise<ContentTarget> {
    if (candidate.query === null) return candidate.target;
    const name = await freeName(candidate.name, (n) => repos.smartCollections.isNameTaken(n));
    const collection = await this.smartCollections.createIn(repos, { name, query: candidate.query });
    return Object.assign(new ContentTarget(), candidate.target, { collectionType: CollectionType.SmartCollection, smartCollectionId: collection.id, searchQuery: null });
  }

  private async classicPlayout(repos: Repositories, channelId: number, name: string, target: ContentTarget, grouping: ChannelGrouping): Promise<number> {
    const scheduleName = await freeName(name, (n) => repos.schedules.isNameTaken(n));
    const schedule = await this.schedules.createWithItemsIn(repos, { name: scheduleName }, [{
      ...target,
      playoutMode: PlayoutMode.Flood,
      // One show plays in order; anything larger shuffles its shows and keeps each show's episodes in order.
      playbackOrder: grouping === ChannelGrouping.Show ? PlaybackOrder.SeasonEpisode : PlaybackOrder.ShuffleInOrder,
    }]);
    const playout = await this.playouts.insertIn(repos, channelId, PlayoutKind.Classic, { scheduleId: schedule.id, scheduleFile: null, definition: null });
    return playout.id;
  }

  /** One block of the slot length playing the content, a template repeating it all day, assigned to every day. */
  private async blockPlayout(repos: Repositories, channelId: number, name: string, target: ContentTarget, input: CheckedGenerateInput): Promise<number> {
    const blockName = await freeName(`${name} ${input.slotMinutes} min`, (n) => repos.blocks.isBlockNameTaken(n));
    const block = await repos.blocks.saveBlock(Object.assign(new Block(), { name: blockName, minutes: input.slotMinutes, stopScheduling: BlockStopScheduling.AfterDurationEnd }));
    const order = input.grouping === ChannelGrouping.Show ? PlaybackOrder.SeasonEpisode : PlaybackOrder.Shuffle;
    await repos.blocks.replaceBlockItems(block.id, [{ target, playbackOrder: order, includeInProgramGuide: true, disableWatermarks: false, watermarkIds: [], graphicsIds: [], graphicsMode: GraphicsMode.Add }]);
    const templateName = await freeName(`${name} day`, (n) => repos.blocks.isTemplateNameTaken(n));
    const template = await repos.blocks.saveTemplate(Object.assign(new BlockTemplate(), { name: templateName }));
    const slots = DAY_SECONDS / (input.slotMinutes * 60);
    await repos.blocks.replaceTemplateItems(template.id, Array.from({ length: slots }, (_, i) => ({ blockId: block.id, startTimeSeconds: i * input.slotMinutes * 60 })));
    const playout = await this.playouts.insertIn(repos, channelId, PlayoutKind.Block, { scheduleId: null, scheduleFile: null, definition: null });
    await repos.blocks.replacePlayoutTemplates(playout.id, [{ templateId: template.id, priority: 0, daysOfWeek: null, daysOfMonth: null, monthsOfYear: null, startDate: null, endDate: null }]);
    return playout.id;
  }
}

/** `count` whole channel numbers from `first` (default: after the highest) that no channel uses. */
async function freeNumbers(repos: Repositories, first: number | null, count: number): Promise<string[]> {
  const out: string[] = [];
  let next = first ?? Math.floor(await repos.channels.maxSortNumber()) + 1;
  while (out.length < count && next <= 99_999) {
    if (!(await repos.channels.isNumberTaken(String(next)))) out.push(String(next));
    next += 1;
  }
  return out;
}

/** `name`, or `name (2)`, …: the first one `taken` says is free (names are at most 50 characters). */
async function freeName(name: string, taken: (name: string) => Promise<boolean>): Promise<string> {
  let free = name.slice(0, NAME_LENGTH);
  for (let n = 2; await taken(free); n++) free = `${name.slice(0, NAME_LENGTH - 6)} (${n})`;
  return free;
}
