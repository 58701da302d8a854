import { checkGraphicsIds, checkGraphicsMode, knownGraphics } from "./graphics/graphics-list";
import type { Database } from "../db/database";
import { Block, type BlockItem } from "../db/entities/block";
import type { Repositories } from "../db/repositories";
import type { BlockItemRow } from "../db/repositories/block-repository";
import { BlockStopScheduling, PlaybackOrder } from "../domain/enums";
import type { BlockInput, BlockItemInput } from "./block-input";
import { checkTarget, lookUpTargets, SCHEDULE_TARGETS } from "./content-targets";
import { DomainError } from "./domain-error";
import { Violations } from "./validation/violations";

/** Orders a block item may use (reference §5.2). */
export const BLOCK_ORDERS = [PlaybackOrder.Chronological, PlaybackOrder.SeasonEpisode, PlaybackOrder.Shuffle, PlaybackOrder.Random, PlaybackOrder.RandomRotation];

export interface BlockView {
  block: Block;
  items: BlockItem[];
}

/** Called after blocks or templates changed, with the Block playouts that use them. */
export type BlockRebuildHook = (playoutIds: number[]) => Promise<void>;

/** Blocks and their items: every rule lives here, shared by REST and GraphQL. */
export class BlockService {
  constructor(
    private readonly db: Database,
    private readonly rebuild: BlockRebuildHook = async () => {},
  ) {}

  async list(): Promise<BlockView[]> {
    return this.db.read(async (repos) => {
      const blocks = await repos.blocks.listBlocks();
      return withItems(blocks, await repos.blocks.blockItems(blocks.map((b) => b.id)));
    });
  }

  async get(id: number): Promise<BlockView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  async create(input: BlockInput): Promise<BlockView> {
    return this.db.write(async (repos) => {
      const { block, items } = await this.validate(repos, input);
      const saved = await repos.blocks.saveBlock(Object.assign(new Block(), block));
      await repos.blocks.replaceBlockItems(saved.id, items);
      return this.view(repos, saved.id);
    });
  }

  /** Replaces the block and its items at once, then refreshes the Block playouts that play it. */
  async update(id: number, input: BlockInput): Promise<BlockView> {
    const { view, playouts } = await this.db.write(async (repos) => {
      const existing = await this.view(repos, id);
      const { block, items } = await this.validate(repos, input, id);
      await repos.blocks.saveBlock(Object.assign(existing.block, block));
      await repos.blocks.replaceBlockItems(id, items);
      const templates = await repos.blocks.templateIdsUsingBlock(id);
      return { view: await this.view(repos, id), playouts: await repos.blocks.playoutsUsingTemplates(templates) };
    });
    if (playouts.length) await this.rebuild(playouts);
    return view;
  }

  async delete(id: number): Promise<void> {
    await this.db.write(async (repos) => {
      await this.view(repos, id);
      const templates = await repos.blocks.templatesUsingBlock(id);
      if (templates.length) throw DomainError.invalid("id", `the block is placed by template(s) ${templates.map((t) => `"${t}"`).join(", ")}`);
      await repos.blocks.deleteBlock(id);
    });
  }

  private async view(repos: Repositories, id: number): Promise<BlockView> {
    const [block] = await repos.blocks.findBlocks([id]);
    if (!block) throw DomainError.notFound("Block", id);
    return { block, items: await repos.blocks.blockItems([id]) };
  }

  private async validate(repos: Repositories, input: BlockInput, exceptId?: number): Promise<{ block: Omit<Block, "id" | "items">; items: BlockItemRow[] }> {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    if (!v.has("name") && (await repos.blocks.isBlockNameTaken(name, exceptId))) v.add("name", `a block named "${name}" already exists`);
    v.integer("minutes", input.minutes, 1, 1440);
    const stopScheduling = input.stopScheduling ?? BlockStopScheduling.AfterDurationEnd;
    v.oneOf("stopScheduling", stopScheduling, Object.values(BlockStopScheduling));
    const inputs: BlockItemInput[] = Array.isArray(input.items) ? input.items : [];
    if (!Array.isArray(input.items)) v.add("items", "must be a list of block items");
    else if (!inputs.length) v.add("items", "must hold at least one item");
    else if (inputs.length > 100) v.add("items", "must not hold more than 100 items");
    const known = await lookUpTargets(repos, inputs, SCHEDULE_TARGETS);
    const watermarkIds = [...new Set(inputs.flatMap((i) => (Array.isArray(i.watermarkIds) ? i.watermarkIds : [])).filter((id) => Number.isInteger(id)))];
    const watermarks = new Set((await repos.watermarks.findByIds(watermarkIds)).map((w) => w.id));
    const graphics = await knownGraphics(repos, inputs.map((i) => i.graphicsIds));
    const items = inputs.map((item, i) => {
      const at = `items[${i}].`;
      const target = checkTarget(v, at, item, known, SCHEDULE_TARGETS);
      v.oneOf(`${at}playbackOrder`, item.playbackOrder, BLOCK_ORDERS);
      const ids = item.watermarkIds ?? [];
      if (!Array.isArray(ids)) v.add(`${at}watermarkIds`, "must be a list of watermark ids");
      else ids.forEach((id, n) => !watermarks.has(id) && v.add(`${at}watermarkIds[${n}]`, `watermark ${id} does not exist`));
      return {
        target,
        playbackOrder: item.playbackOrder,
        includeInProgramGuide: item.includeInProgramGuide ?? true,
        disableWatermarks: item.disableWatermarks ?? false,
        watermarkIds: Array.isArray(ids) ? ids : [],
        graphicsIds: checkGraphicsIds(v, `${at}graphicsIds`, item.graphicsIds, graphics),
        graphicsMode: checkGraphicsMode(v, `${at}graphicsMode`, item.graphicsMode),
      };
    });
    v.throwIfAny();
    return { block: { name, minutes: input.minutes, stopScheduling }, items };
  }
}

function withItems(blocks: Block[], items: BlockItem[]): BlockView[] {
  const byBlock = new Map<number, BlockItem[]>();
  for (const item of items) byBlock.set(item.blockId, [...(byBlock.get(item.blockId) ?? []), item]);
  return blocks.map((block) => ({ block, items: byBlock.get(block.id) ?? [] }));
}
