/**
 * The running streams as the APIs see them: list the channels' sessions (with the channel's name) and
 * stop one. The process owner (server/streaming) implements `StreamSessionOwner`; REST and GraphQL both
 * come here.
 */
import type { Database } from "../db/database";
import { DomainError } from "./domain-error";
import type { SessionInfo, StreamSessionOwner } from "../domain/stream-session";

export interface SessionView extends SessionInfo {
  /** The channel's name; null when the channel was deleted while streaming. */
  channelName: string | null;
}

export class StreamSessionService {
  constructor(
    private readonly owner: () => StreamSessionOwner | undefined,
    private readonly db?: Database,
  ) {}

  async list(): Promise<SessionView[]> {
    const sessions = [...(this.owner()?.sessions() ?? [])].sort((a, b) => Number(a.channelNumber) - Number(b.channelNumber));
    if (!sessions.length) return [];
    const channels = this.db ? await this.db.read((repos) => repos.channels.list()) : [];
    const names = new Map(channels.map((c) => [c.number, c.name]));
    return sessions.map((s) => ({ ...s, channelName: names.get(s.channelNumber) ?? null }));
  }

  async stop(channelNumber: string): Promise<void> {
    const owner = this.owner();
    if (!owner || !(await owner.stopChannel(channelNumber))) throw DomainError.notFound("Session of channel", channelNumber);
  }
}
