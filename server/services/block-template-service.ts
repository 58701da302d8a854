import type { Database } from "../db/database";
import { BlockTemplate, type BlockTemplateItem } from "../db/entities/block";
import type { Repositories } from "../db/repositories";
import type { BlockTemplateInput, BlockTemplateItemInput } from "./block-input";
import type { BlockRebuildHook } from "./block-service";
import { DomainError } from "./domain-error";
import { formatTimeSpan, parseTimeSpan } from "./validation/time-span";
import { Violations } from "./validation/violations";

const DAY_SECONDS = 86_400;

export interface BlockTemplateView {
  template: BlockTemplate;
  items: BlockTemplateItem[];
}

/** Block templates (a day of blocks at local start times): every rule lives here, shared by REST and GraphQL. */
export class BlockTemplateService {
  constructor(
    private readonly db: Database,
    private readonly rebuild: BlockRebuildHook = async () => {},
  ) {}

  async list(): Promise<BlockTemplateView[]> {
    return this.db.read(async (repos) => {
      const templates = await repos.blocks.listTemplates();
      const items = await repos.blocks.templateItems(templates.map((t) => t.id));
      return templates.map((template) => ({ template, items: items.filter((i) => i.templateId === template.id) }));
    });
  }

  async get(id: number): Promise<BlockTemplateView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  async create(input: BlockTemplateInput): Promise<BlockTemplateView> {
    return this.db.write(async (repos) => {
      const { name, items } = await this.validate(repos, input);
      const saved = await repos.blocks.saveTemplate(Object.assign(new BlockTemplate(), { name }));
      await repos.blocks.replaceTemplateItems(saved.id, items);
      return this.view(repos, saved.id);
    });
  }

  /** Replaces the template at once, then refreshes the Block playouts that play it. */
  async update(id: number, input: BlockTemplateInput): Promise<BlockTemplateView> {
    const { view, playouts } = await this.db.write(async (repos) => {
      const existing = await this.view(repos, id);
      const { name, items } = await this.validate(repos, input, id);
      await repos.blocks.saveTemplate(Object.assign(existing.template, { name }));
      await repos.blocks.replaceTemplateItems(id, items);
      return { view: await this.view(repos, id), playouts: await repos.blocks.playoutsUsingTemplates([id]) };
    });
    if (playouts.length) await this.rebuild(playouts);
    return view;
  }

  async delete(id: number): Promise<void> {
    await this.db.write(async (repos) => {
      await this.view(repos, id);
      const playouts = await repos.blocks.playoutsUsingTemplates([id]);
      if (playouts.length) throw DomainError.invalid("id", `the template is assigned by Block playout(s) ${playouts.join(", ")}`);
      await repos.blocks.deleteTemplate(id);
    });
  }

  private async view(repos: Repositories, id: number): Promise<BlockTemplateView> {
    const [template] = await repos.blocks.findTemplates([id]);
    if (!template) throw DomainError.notFound("Block template", id);
    return { template, items: await repos.blocks.templateItems([id]) };
  }

  private async validate(repos: Repositories, input: BlockTemplateInput, exceptId?: number) {
    const v = new Violations();
    const name = v.text("name", input.name, 1, 50);
    if (!v.has("name") && (await repos.blocks.isTemplateNameTaken(name, exceptId))) v.add("name", `a block template named "${name}" already exists`);
    const inputs: BlockTemplateItemInput[] = Array.isArray(input.items) ? input.items : [];
    if (!Array.isArray(input.items)) v.add("items", "must be a list of {blockId, startTime}");
    else if (!inputs.length) v.add("items", "must place at least one block");
    else if (inputs.length > 288) v.add("items", "must not place more than 288 blocks");
    const blocks = new Map((await repos.blocks.findBlocks(inputs.map((i) => i.blockId).filter((id) => Number.isInteger(id)))).map((b) => [b.id, b]));
    const placed = inputs.map((item, i) => {
      const at = `items[${i}].`;
      const block = blocks.get(item.blockId);
      if (!Number.isInteger(item.blockId)) v.add(`${at}blockId`, "must be a block id");
      else if (!block) v.add(`${at}blockId`, `block ${item.blockId} does not exist`);
      const seconds = typeof item.startTime === "string" ? parseTimeSpan(item.startTime) : undefined;
      if (seconds === undefined || seconds < 0 || seconds >= DAY_SECONDS) v.add(`${at}startTime`, "must be a time of day hh:mm:ss (00:00:00 to 23:59:59)");
      return { at, block, startTimeSeconds: seconds ?? 0, valid: !!block && seconds !== undefined };
    });
    // Blocks of one day must not overlap (a block may run past midnight into the next day's first block: that one is cut).
    const ordered = placed.filter((p) => p.valid).sort((a, b) => a.startTimeSeconds - b.startTimeSeconds);
    for (let i = 1; i < ordered.length; i++) {
      const before = ordered[i - 1];
      const end = before.startTimeSeconds + before.block!.minutes * 60;
      if (end > ordered[i].startTimeSeconds) {
        v.add(`${ordered[i].at}startTime`, `overlaps block "${before.block!.name}" (${formatTimeSpan(before.startTimeSeconds)}–${formatTimeSpan(end % DAY_SECONDS)})`);
      }
    }
    v.throwIfAny();
    return { name, items: placed.map((p) => ({ blockId: p.block!.id, startTimeSeconds: p.startTimeSeconds })) };
  }
}
