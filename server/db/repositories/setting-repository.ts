import { EntityManager } from "typeorm";
import { Setting } from "../entities/setting";
import { rawQuery } from "../raw-query";

export class SettingRepository {
  constructor(private readonly manager: EntityManager) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.manager.findOneBy(Setting, { key }))?.value;
  }

  /** Increases with every change to the library's tables (kept by triggers). */
  async libraryRevision(): Promise<number> {
    const [row] = (await rawQuery(this.manager, `SELECT "value" FROM "library_revision" WHERE "id" = 1`)) as Array<{ value: number }>;
    return row?.value ?? 0;
  }

  async set(key: string, value: string): Promise<void> {
    await this.manager.save(Setting, { key, value });
  }
}
