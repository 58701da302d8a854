/**
 * The soft-subtitle cues of what a session will play next, for the whole subtitle documents (see
 * subtitles/whole-document.ts): the channel's plan read from where the session's runs end, over a bounded
 * horizon, split as the session will split it into runs. It uses the session's own planner, its (cached) media
 * probe and the shared cue cache: a programme's subtitles are converted once, one after the other, as the
 * session would convert them when it plays them.
 */
import { DomainError } from "../../domain/domain-error";
import type { StreamPlan } from "../../domain/stream-plan";
import { selectSoftSubtitles } from "../ffmpeg/stream-selection";
import type { MediaProbe } from "../media-probe";
import { remuxInput } from "../plan-command";
import type { Cue } from "../subtitles/webvtt";
import type { CueCache } from "./session-renditions";

/** How far ahead the whole documents reach. */
export const WHOLE_SUBTITLES_HORIZON_MS = 3 * 3_600_000;
/** At most this many plans are read for one document (a channel of short items reaches less far). */
const MAX_PLANS = 48;

export interface UpcomingSpan {
  wallStart: number;
  durationMs: number;
  sourceStartMs: number;
  /** Cues per subtitle track (the channel's soft-subtitle languages, in order); none for a slate. */
  tracks: Array<Cue[] | undefined>;
}

export interface UpcomingDependencies {
  channelNumber: string;
  plan(channelNumber: string, at: number): Promise<StreamPlan>;
  probe: MediaProbe;
  cues: CueCache;
  /** A run plays at most this much of an item (the session's real-time piece). */
  maxRunMs: number;
}

/** What plays from wall time `from` until `until`, as spans no longer than a run. */
export async function upcomingSubtitleSpans(deps: UpcomingDependencies, from: number, until: number): Promise<UpcomingSpan[]> {
  const spans: UpcomingSpan[] = [];
  let at = from;
  for (let plans = 0; at < until && plans < MAX_PLANS; plans++) {
    let plan: StreamPlan;
    try {
      plan = await deps.plan(deps.channelNumber, at);
    } catch (error) {
      if (error instanceof DomainError) break; // the channel has nothing more planned (or is gone)
      throw error;
    }
    const content = plan.content;
    const limit = Math.max(1000, content.limitMs);
    const tracks = content.kind === "media" && !content.remote && content.softSubtitles?.length ? await programmeCues(deps, plan) : [];
    for (let offset = 0; offset < limit && at + offset < until; offset += deps.maxRunMs) {
      const seekMs = content.kind === "media" ? content.seekMs : 0;
      spans.push({ wallStart: at + offset, durationMs: Math.min(deps.maxRunMs, limit - offset), sourceStartMs: seekMs + offset, tracks });
    }
    at += limit;
  }
  return spans;
}

async function programmeCues(deps: UpcomingDependencies, plan: StreamPlan): Promise<Array<Cue[] | undefined>> {
  const content = plan.content;
  if (content.kind !== "media" || !content.softSubtitles) return [];
  try {
    const input = await remuxInput(content, plan.channel.profile, deps.probe);
    const source = await deps.probe.probe(input);
    const chosen = selectSoftSubtitles(source.subtitles, content.softSubtitles);
    const out: Array<Cue[] | undefined> = [];
    for (const track of chosen) out.push(track.stream ? await deps.cues.cues(input, track.stream) : undefined);
    return out;
  } catch {
    return []; // a file that cannot be read plays as an error slate: no cues
  }
}
