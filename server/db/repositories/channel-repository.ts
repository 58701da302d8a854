import { EntityManager, Not } from "typeorm";
import { Channel } from "../entities/channel";
import { Playout } from "../entities/playout";
import { isStoredId, storedIds } from "./stored-id";

export class ChannelRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Channel[]> {
    return this.manager.find(Channel, { order: { sortNumber: "ASC", number: "ASC" } });
  }

  findById(id: number): Promise<Channel | null> {
    return isStoredId(id) ? this.manager.findOneBy(Channel, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<Channel[]> {
    ids = storedIds(ids);
    if (ids.length === 0) return Promise.resolve([]);
    return this.manager.createQueryBuilder(Channel, "c").where("c.id IN (:...ids)", { ids: [...ids] }).getMany();
  }

  async isNumberTaken(number: string, exceptId?: number): Promise<boolean> {
    const where = exceptId === undefined ? { number } : { number, id: Not(exceptId) };
    return (await this.manager.countBy(Channel, where)) > 0;
  }

  async maxSortNumber(): Promise<number> {
    const row = await this.manager
      .createQueryBuilder(Channel, "c")
      .select("MAX(c.sortNumber)", "max")
      .getRawOne<{ max: number | null }>();
    return row?.max ?? 0;
  }

  /** Numbers of the channels that mirror the given one. */
  async mirrorsOf(id: number): Promise<string[]> {
    const rows = await this.manager.find(Channel, { where: { mirrorSourceChannelId: id }, select: { number: true } });
    return rows.map((c) => c.number);
  }

  /** Number and name of the channels that use the profile, in channel order. */
  usingProfile(ffmpegProfileId: number): Promise<Array<Pick<Channel, "number" | "name">>> {
    return this.manager.find(Channel, { where: { ffmpegProfileId }, select: { number: true, name: true }, order: { sortNumber: "ASC", number: "ASC" } });
  }

  countUsingProfile(ffmpegProfileId: number): Promise<number> {
    return this.manager.countBy(Channel, { ffmpegProfileId });
  }

  /** Playout id per channel id, for the channels that have one. */
  async playoutIds(): Promise<Map<number, number>> {
    const rows = await this.manager.find(Playout, { select: { id: true, channelId: true } });
    return new Map(rows.map((p) => [p.channelId, p.id]));
  }

  save(channel: Channel): Promise<Channel> {
    return this.manager.save(Channel, channel);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Channel, { id });
  }
}
