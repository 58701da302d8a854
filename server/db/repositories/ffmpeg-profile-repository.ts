import { EntityManager } from "typeorm";
import { FFmpegProfile } from "../entities/ffmpeg-profile";
import { Resolution } from "../entities/resolution";
import { rawQuery } from "../raw-query";
import { isStoredId, storedIds } from "./stored-id";

export class FFmpegProfileRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<FFmpegProfile[]> {
    return this.manager.find(FFmpegProfile, { order: { id: "ASC" } });
  }

  findById(id: number): Promise<FFmpegProfile | null> {
    return isStoredId(id) ? this.manager.findOneBy(FFmpegProfile, { id }) : Promise.resolve(null);
  }

  findByIds(ids: readonly number[]): Promise<FFmpegProfile[]> {
    ids = storedIds(ids);
    if (ids.length === 0) return Promise.resolve([]);
    return this.manager
      .createQueryBuilder(FFmpegProfile, "p")
      .leftJoinAndSelect("p.resolution", "r")
      .where("p.id IN (:...ids)", { ids: [...ids] })
      .getMany();
  }

  async exists(id: number): Promise<boolean> {
    return isStoredId(id) && (await this.manager.countBy(FFmpegProfile, { id })) > 0;
  }

  /** Names compare without regard to letter case. */
  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(FFmpegProfile, "p").where("p.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("p.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  save(profile: FFmpegProfile): Promise<FFmpegProfile> {
    return this.manager.save(FFmpegProfile, profile);
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(FFmpegProfile, { id });
  }
}

export class ResolutionRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The stored resolution of this size, created (as custom) when there is none. */
  async findOrCreate(width: number, height: number): Promise<Resolution> {
    const found = await this.manager.findOneBy(Resolution, { width, height });
    if (found) return found;
    return this.manager.save(Resolution, { name: `${width}x${height}`, width, height, isCustom: true });
  }

  async seed(sizes: ReadonlyArray<[number, number]>): Promise<void> {
    for (const [width, height] of sizes) {
      const found = await this.manager.findOneBy(Resolution, { width, height });
      if (!found) await this.manager.save(Resolution, { name: `${width}x${height}`, width, height, isCustom: false });
    }
  }

  /** Custom resolutions no profile uses any more. */
  async deleteUnusedCustom(): Promise<void> {
    await rawQuery(this.manager, 
      `DELETE FROM "resolution" WHERE "isCustom" = TRUE AND "id" NOT IN (SELECT "resolutionId" FROM "ffmpeg_profile")`,
    );
  }
}
