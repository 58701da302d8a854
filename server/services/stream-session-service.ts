/**
 * The running streams as the APIs see them: list the channels' sessions (with the channel's name) and
 * stop one. The process owner (server/streaming) implements `StreamSessionOwner`; REST and GraphQL both
 * come here.
 */
import type { Database } from "../db/database";
import { DomainError } from "./domain-error";
import type { SessionInfo, StreamSessionOwner } from "../domain/stream-session";
import type { ChannelPlayoutMode } from "../domain/enums";
import type { OnDemandStateView } from "./on-demand-service";

export interface SessionView extends SessionInfo {
  /** The channel's name; null when the channel was deleted while streaming. */
  channelName: string | null;
  /** The channel's playout mode; null when the channel was deleted while streaming. */
  playoutMode: ChannelPlayoutMode | null;
  /** On-demand channels: when the timeline paused (the last viewer left, the session stops) and where it resumes; null while playing or for other channels. */
  pausedSince: number | null;
  checkpoint: OnDemandStateView["checkpoint"];
}

export class StreamSessionService {
  constructor(
    private readonly owner: () => StreamSessionOwner | undefined,
    private readonly db?: Database,
    /** The on-demand channels' states (paused since, checkpoint). */
    private readonly onDemandStates: () => Promise<OnDemandStateView[]> = async () => [],
  ) {}

  async list(): Promise<SessionView[]> {
    const sessions = [...(this.owner()?.sessions() ?? [])].sort((a, b) => Number(a.channelNumber) - Number(b.channelNumber));
    if (!sessions.length) return [];
    const [channels, states] = await Promise.all([this.db ? this.db.read((repos) => repos.channels.list()) : [], this.onDemandStates()]);
    const byNumber = new Map(channels.map((c) => [c.number, c]));
    const stateOf = new Map(states.map((s) => [s.channelNumber, s]));
    return sessions.map((s) => {
      const channel = byNumber.get(s.channelNumber);
      const state = stateOf.get(s.channelNumber);
      return { ...s, channelName: channel?.name ?? null, playoutMode: channel?.playoutMode ?? null, pausedSince: state?.pausedSince ?? null, checkpoint: state?.checkpoint ?? null };
    });
  }

  async stop(channelNumber: string): Promise<void> {
    const owner = this.owner();
    if (!owner || !(await owner.stopChannel(channelNumber))) throw DomainError.notFound("Session of channel", channelNumber);
  }
}
