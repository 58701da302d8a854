import { EntityManager, LessThanOrEqual, Not } from "typeorm";
import { OwnerSession } from "../entities/owner-session";

export class OwnerSessionRepository {
  constructor(private readonly manager: EntityManager) {}

  find(tokenHash: string): Promise<OwnerSession | null> {
    return this.manager.findOneBy(OwnerSession, { tokenHash });
  }

  async add(session: OwnerSession): Promise<void> {
    await this.manager.insert(OwnerSession, session);
  }

  async remove(tokenHash: string): Promise<void> {
    await this.manager.delete(OwnerSession, { tokenHash });
  }

  /** Drops sessions that have ended, and those made under another password than `passwordTag` (all of them when null). */
  async prune(now: number, passwordTag: string | null): Promise<void> {
    await this.manager.delete(OwnerSession, { expiresAt: LessThanOrEqual(now) });
    if (passwordTag === null) await this.manager.clear(OwnerSession);
    else await this.manager.delete(OwnerSession, { passwordTag: Not(passwordTag) });
  }
}
