import type { Channel } from "../../db/entities/channel";
import type { Playout } from "../../db/entities/playout";
import type { Repositories } from "../../db/repositories";
import type { BuildMode, PlayoutKind } from "../../domain/enums";
import type { TimelineItem } from "../../playout/timeline-item";
import type { PlayoutSourceInput } from "../playout-input";

/** The stored source fields of a playout, as a kind's `checkSource` decides them. */
export interface PlayoutSource {
  scheduleId: number | null;
  scheduleFile: string | null;
  definition: string | null;
}

export interface KindBuildRequest {
  playout: Playout;
  /** The playout's channel, read with it (null when it is gone): kinds that need its settings need not read it again. */
  channel?: Channel | null;
  mode: BuildMode;
  /** Build time ("now"), epoch ms. */
  start: number;
  horizonMs: number;
  timeZone: string;
  /** The state the previous successful build saved (JSON text), or null. */
  previousState: string | null;
  /** Wall-time budget for pure engines (the engine never reads the clock itself). */
  budget: { maxMs: number; elapsedMs: () => number };
}

export interface KindBuildResult {
  items: TimelineItem[];
  /** State saved for the next build (JSON text). */
  state: string;
  /** Non-fatal problems, recorded in the build status message. */
  warnings: string[];
  /**
   * True: the timeline from the build's start is replaced by `items` (Reset, or a Refresh/Continue the kind
   * turned into a replacement). False: `items` are appended after the stored end (items starting before it are dropped).
   */
  replaces: boolean;
}

/**
 * What differs between the five playout kinds: how their source is checked and stored, and how a build
 * produces items. Everything else (one playout per channel, build serialization, status, the transactional
 * write of items) is the same for all kinds and lives in PlayoutService. A build that fails throws an Error
 * whose message becomes the build status; the previous items stay.
 */
export interface PlayoutKindStrategy {
  readonly kind: PlayoutKind;
  /**
   * Checks a create (`existing` undefined) or update input and returns the fields to store. Throws DomainError
   * (422 naming the field) for bad input. Runs outside the write transaction (it may read files or the database).
   */
  checkSource(input: PlayoutSourceInput, existing?: Playout): Promise<PlayoutSource>;
  /** Inside the create/update transaction, after the playout row is saved (e.g. Block stores its template assignments). */
  afterSave?(repos: Repositories, playoutId: number, input: PlayoutSourceInput): Promise<void>;
  build(request: KindBuildRequest): Promise<KindBuildResult>;
  /**
   * On-demand channels and skip move the stored items in time; the next build must resume from the moved
   * timeline. Kinds that can move return the saved state with `deltaMs` carried in; kinds without it keep
   * fixed times and refuse with `fixedTimesReason`.
   */
  shiftState?(state: string | null, deltaMs: number): string | null;
  /**
   * A state saved on another server and imported with its timeline, where media had other ids (the import wrote
   * this server's ids into it): returns it with what the kind derives from its source (a schedule's fingerprint)
   * made here, so the next Continue build continues it. The document carries the source and the state together.
   */
  adoptImportedState?(playout: Playout, state: string): Promise<string>;
  /** Why this kind's times cannot move (the 422 message of on-demand and skip). */
  readonly fixedTimesReason?: string;
}
