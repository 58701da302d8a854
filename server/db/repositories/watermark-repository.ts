import type { EntityManager } from "typeorm";
import { Channel } from "../entities/channel";
import { Watermark } from "../entities/watermark";
import type { ScheduleItemUse } from "./filler-preset-repository";
import { NamedRows } from "./named-rows";

export class WatermarkRepository extends NamedRows<Watermark> {
  constructor(manager: EntityManager) {
    super(manager, Watermark);
  }

  /** Schedule items whose watermark list (a JSON array) names the watermark. */
  scheduleItemsUsing(id: number): Promise<ScheduleItemUse[]> {
    return this.scheduleItemsListing("watermarkIds", id);
  }

  /** Numbers of the channels that show the watermark. */
  async channelsUsing(id: number): Promise<Array<{ number: string; name: string }>> {
    const channels = await this.manager.find(Channel, { select: { number: true, name: true }, where: { watermarkId: id }, order: { sortNumber: "ASC" } });
    return channels.map((c) => ({ number: c.number, name: c.name }));
  }
}
