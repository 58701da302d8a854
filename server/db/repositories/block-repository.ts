import { EntityManager, In } from "typeorm";
import type { WithoutTargetGetters } from "../entities/content-target";
import { Block, BlockItem, BlockTemplate, BlockTemplateItem, PlayoutTemplate } from "../entities/block";

export type BlockItemRow = Omit<WithoutTargetGetters<BlockItem>, "id" | "blockId" | "block" | "position">;
export type BlockTemplateItemRow = Pick<BlockTemplateItem, "blockId" | "startTimeSeconds">;
export type PlayoutTemplateRow = Omit<PlayoutTemplate, "id" | "playoutId" | "playout" | "template" | "position">;

/** Blocks, block templates and the template assignments of Block playouts. */
export class BlockRepository {
  constructor(private readonly manager: EntityManager) {}

  listBlocks(): Promise<Block[]> {
    return this.manager.find(Block, { order: { name: "ASC", id: "ASC" } });
  }

  findBlocks(ids: readonly number[]): Promise<Block[]> {
    return ids.length ? this.manager.findBy(Block, { id: In([...ids]) }) : Promise.resolve([]);
  }

  blockItems(blockIds: readonly number[]): Promise<BlockItem[]> {
    if (!blockIds.length) return Promise.resolve([]);
    return this.manager.find(BlockItem, { where: { blockId: In([...blockIds]) }, order: { blockId: "ASC", position: "ASC" } });
  }

  async isBlockNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(Block, "b").where("b.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("b.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  saveBlock(block: Block): Promise<Block> {
    return this.manager.save(Block, block);
  }

  async replaceBlockItems(blockId: number, rows: readonly BlockItemRow[]): Promise<void> {
    await this.manager.delete(BlockItem, { blockId });
    if (rows.length) await this.manager.insert(BlockItem, rows.map((row, position) => ({ ...row, blockId, position })));
  }

  async deleteBlock(id: number): Promise<void> {
    await this.manager.delete(BlockItem, { blockId: id });
    await this.manager.delete(Block, { id });
  }

  /** Names of the templates that place the block. */
  async templatesUsingBlock(blockId: number): Promise<string[]> {
    const rows = await this.manager
      .createQueryBuilder(BlockTemplate, "t")
      .innerJoin(BlockTemplateItem, "i", "i.templateId = t.id")
      .where("i.blockId = :blockId", { blockId })
      .select("DISTINCT t.name", "name")
      .orderBy("t.name")
      .getRawMany<{ name: string }>();
    return rows.map((r) => r.name);
  }

  listTemplates(): Promise<BlockTemplate[]> {
    return this.manager.find(BlockTemplate, { order: { name: "ASC", id: "ASC" } });
  }

  findTemplates(ids: readonly number[]): Promise<BlockTemplate[]> {
    return ids.length ? this.manager.findBy(BlockTemplate, { id: In([...ids]) }) : Promise.resolve([]);
  }

  templateItems(templateIds: readonly number[]): Promise<BlockTemplateItem[]> {
    if (!templateIds.length) return Promise.resolve([]);
    return this.manager.find(BlockTemplateItem, { where: { templateId: In([...templateIds]) }, order: { templateId: "ASC", startTimeSeconds: "ASC" } });
  }

  async isTemplateNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(BlockTemplate, "t").where("t.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("t.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  saveTemplate(template: BlockTemplate): Promise<BlockTemplate> {
    return this.manager.save(BlockTemplate, template);
  }

  async replaceTemplateItems(templateId: number, rows: readonly BlockTemplateItemRow[]): Promise<void> {
    await this.manager.delete(BlockTemplateItem, { templateId });
    if (rows.length) await this.manager.insert(BlockTemplateItem, rows.map((row) => ({ ...row, templateId })));
  }

  async deleteTemplate(id: number): Promise<void> {
    await this.manager.delete(BlockTemplateItem, { templateId: id });
    await this.manager.delete(BlockTemplate, { id });
  }

  playoutTemplates(playoutIds: readonly number[]): Promise<PlayoutTemplate[]> {
    if (!playoutIds.length) return Promise.resolve([]);
    return this.manager.find(PlayoutTemplate, { where: { playoutId: In([...playoutIds]) }, order: { playoutId: "ASC", position: "ASC" } });
  }

  async replacePlayoutTemplates(playoutId: number, rows: readonly PlayoutTemplateRow[]): Promise<void> {
    await this.manager.delete(PlayoutTemplate, { playoutId });
    if (rows.length) await this.manager.insert(PlayoutTemplate, rows.map((row, position) => ({ ...row, playoutId, position })));
  }

  /** Playouts whose assignments name one of the templates. */
  async playoutsUsingTemplates(templateIds: readonly number[]): Promise<number[]> {
    if (!templateIds.length) return [];
    const rows = await this.manager.find(PlayoutTemplate, { select: { playoutId: true }, where: { templateId: In([...templateIds]) } });
    return [...new Set(rows.map((r) => r.playoutId))].sort((a, b) => a - b);
  }

  /** Templates placing the block. */
  async templateIdsUsingBlock(blockId: number): Promise<number[]> {
    const rows = await this.manager.find(BlockTemplateItem, { select: { templateId: true }, where: { blockId } });
    return [...new Set(rows.map((r) => r.templateId))];
  }
}
