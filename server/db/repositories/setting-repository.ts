import { EntityManager } from "typeorm";
import { Setting } from "../entities/setting";

export class SettingRepository {
  constructor(private readonly manager: EntityManager) {}

  async get(key: string): Promise<string | undefined> {
    return (await this.manager.findOneBy(Setting, { key }))?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.manager.save(Setting, { key, value });
  }
}
