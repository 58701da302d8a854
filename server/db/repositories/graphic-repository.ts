import type { EntityManager } from "typeorm";
import { BlockItem } from "../entities/block";
import { Channel } from "../entities/channel";
import { Graphic } from "../entities/graphic";
import type { ScheduleItemUse } from "./filler-preset-repository";
import { NamedRows } from "./named-rows";

export class GraphicRepository extends NamedRows<Graphic> {
  constructor(manager: EntityManager) {
    super(manager, Graphic);
  }

  /** Schedule items whose graphics list names the element. */
  scheduleItemsUsing(id: number): Promise<ScheduleItemUse[]> {
    return this.scheduleItemsListing("graphicsIds", id);
  }

  /** Channels whose graphics list names the element, by number. */
  async channelsUsing(id: number): Promise<Array<{ number: string; name: string }>> {
    const channels = await this.manager.find(Channel, { select: { number: true, name: true, graphicsIds: true }, order: { sortNumber: "ASC" } });
    return channels.filter((c) => (c.graphicsIds ?? []).includes(id)).map((c) => ({ number: c.number, name: c.name }));
  }

  /** Block items whose graphics list names the element. */
  async blockItemsUsing(id: number): Promise<Array<{ blockId: number; itemId: number }>> {
    const items = await this.manager.find(BlockItem, { select: { id: true, blockId: true, graphicsIds: true }, order: { blockId: "ASC", position: "ASC" } });
    return items.filter((i) => (i.graphicsIds ?? []).includes(id)).map((i) => ({ blockId: i.blockId, itemId: i.id }));
  }
}
