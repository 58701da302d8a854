/**
 * The running streams as the APIs see them: list the channels' shared sessions and stop one. The
 * process owner (server/streaming) implements `StreamSessionOwner`; REST and GraphQL both come here.
 */
import { DomainError } from "./domain-error";
import type { SessionInfo, StreamSessionOwner } from "../domain/stream-session";

export class StreamSessionService {
  constructor(private readonly owner: () => StreamSessionOwner | undefined) {}

  list(): SessionInfo[] {
    return [...(this.owner()?.sessions() ?? [])].sort((a, b) => Number(a.channelNumber) - Number(b.channelNumber));
  }

  async stop(channelNumber: string): Promise<void> {
    const owner = this.owner();
    if (!owner || !(await owner.stopChannel(channelNumber))) throw DomainError.notFound("Session of channel", channelNumber);
  }
}
