import { randomUUID } from "node:crypto";
import { DomainError } from "../domain-error";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutValidationService } from "../playout-validation-service";
import { BuildSession, type BuildSessionOptions } from "./build-session";
import type * as In from "./scripted-inputs";

type Form = Record<string, unknown>;

/** Drops undefined values so the generated YAML carries only what the script gave. */
function form(entries: Form): Form {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined));
}

function guidList(guids: Record<string, string> | undefined): Array<{ source: string; value: string }> | undefined {
  if (guids === undefined) return undefined;
  if (typeof guids !== "object" || guids === null || Array.isArray(guids)) throw DomainError.invalid("guids", "must be an object of provider → id");
  return Object.entries(guids).map(([source, value]) => ({ source, value: String(value) }));
}

function itemOptions(body: { content: string; customTitle?: string; fillerKind?: string; disableWatermarks?: boolean }): Form {
  return { content: body.content, custom_title: body.customTitle, filler_kind: body.fillerKind, disable_watermarks: body.disableWatermarks };
}

function padOptions(body: In.AddDurationInput | In.PadToNextInput | In.PadUntilInput | In.PadUntilExactInput): Form {
  return { ...itemOptions(body), fallback: body.fallback, trim: body.trim, discard_attempts: body.discardAttempts };
}

const PAD_FIELDS = { custom_title: "customTitle", filler_kind: "fillerKind", disable_watermarks: "disableWatermarks", discard_attempts: "discardAttempts", offline_tail: "offlineTail", stop_before_end: "stopBeforeEnd" };

/**
 * The scripted-build API's sessions: one per running scripted build, known only by its random id and
 * only while the build runs (any other id, or a call after the session closed, is 404). Calls on one
 * session run one at a time.
 */
export class ScriptedBuildService {
  private readonly sessions = new Map<string, { session: BuildSession; queue: Promise<unknown> }>();

  constructor(
    private readonly validation: PlayoutValidationService,
    private readonly content: PlayoutContentService,
  ) {}

  open(options: Omit<BuildSessionOptions, "id">): BuildSession {
    const session = new BuildSession({ ...options, id: randomUUID() }, this.validation, this.content);
    this.sessions.set(session.options.id, { session, queue: Promise.resolve() });
    return session;
  }

  close(id: string): void {
    this.sessions.delete(id);
  }

  context(buildId: string): Promise<In.ScriptedContext> {
    return this.call(buildId, async (s) => s.context());
  }

  peekNext(buildId: string, content: string): Promise<In.PeekNext> {
    return this.call(buildId, (s) => s.peekNext(content));
  }

  addCollection(id: string, b: In.AddCollectionInput) {
    return this.call(id, (s) => s.addContent(form({ collection: b.collection, key: b.key, order: b.order ?? "shuffle" })));
  }
  addSmartCollection(id: string, b: In.AddSmartCollectionInput) {
    return this.call(id, (s) => s.addContent(form({ smart_collection: b.smartCollection, key: b.key, order: b.order ?? "shuffle" })));
  }
  addMultiCollection(id: string, b: In.AddMultiCollectionInput) {
    return this.call(id, (s) => s.addContent(form({ multi_collection: b.multiCollection, key: b.key, order: b.order ?? "shuffle" })));
  }
  addSearch(id: string, b: In.AddSearchInput) {
    return this.call(id, (s) => s.addContent(form({ search: null, key: b.key, query: b.query, order: b.order ?? "shuffle" })));
  }
  addShow(id: string, b: In.AddShowInput) {
    return this.call(id, (s) => s.addContent(form({ show: null, key: b.key, guids: guidList(b.guids), order: b.order ?? "shuffle" })));
  }
  addPlaylist(id: string, b: In.AddPlaylistInput) {
    return this.call(id, (s) => s.addContent(form({ playlist: b.playlist, playlist_group: b.playlistGroup, key: b.key })));
  }
  addMarathon(id: string, b: In.AddMarathonInput) {
    return this.call(id, (s) =>
      s.addContent(
        form({ marathon: null, key: b.key, guids: guidList(b.guids), searches: b.searches, group_by: b.groupBy, item_order: b.itemOrder, play_all_items: b.playAllItems, shuffle_groups: b.shuffleGroups }),
      ),
    );
  }

  addAll(id: string, b: In.AddAllInput) {
    return this.call(id, (s) => s.addInstruction(form({ all: null, ...itemOptions(b) }), PAD_FIELDS));
  }
  addCount(id: string, b: In.AddCountInput) {
    return this.call(id, (s) => s.addInstruction(form({ count: b.count, ...itemOptions(b) }), PAD_FIELDS));
  }
  addDuration(id: string, b: In.AddDurationInput) {
    return this.call(id, (s) => s.addInstruction(form({ duration: b.duration, ...padOptions(b), stop_before_end: b.stopBeforeEnd, offline_tail: b.offlineTail }), PAD_FIELDS));
  }
  padToNext(id: string, b: In.PadToNextInput) {
    return this.call(id, (s) => s.addInstruction(form({ pad_to_next: b.minutes, ...padOptions(b) }), { ...PAD_FIELDS, pad_to_next: "minutes" }));
  }
  padUntil(id: string, b: In.PadUntilInput) {
    return this.call(id, (s) =>
      s.addInstruction(form({ pad_until: b.when, tomorrow: b.tomorrow, ...padOptions(b), stop_before_end: b.stopBeforeEnd, offline_tail: b.offlineTail }), { ...PAD_FIELDS, pad_until: "when" }),
    );
  }
  padUntilExact(id: string, b: In.PadUntilExactInput) {
    return this.call(id, (s) => {
      const local = s.localTimeOf(b.when);
      return s.addInstruction(form({ pad_until: local.when, tomorrow: local.tomorrow, ...padOptions(b), stop_before_end: b.stopBeforeEnd, offline_tail: b.offlineTail }), { ...PAD_FIELDS, pad_until: "when" });
    });
  }
  waitUntil(id: string, b: In.WaitUntilInput) {
    return this.call(id, (s) => s.addInstruction(form({ wait_until: b.when, tomorrow: b.tomorrow, rewind_on_reset: b.rewindOnReset }), { wait_until: "when", rewind_on_reset: "rewindOnReset" }));
  }
  waitUntilExact(id: string, b: In.WaitUntilExactInput) {
    return this.call(id, (s) => {
      const local = s.localTimeOf(b.when);
      return s.addInstruction(form({ wait_until: local.when, tomorrow: local.tomorrow, rewind_on_reset: b.rewindOnReset }), { wait_until: "when", rewind_on_reset: "rewindOnReset" });
    });
  }
  startEpgGroup(id: string, b: In.StartEpgGroupInput) {
    return this.call(id, (s) => s.addInstruction(form({ epg_group: true, advance: b.advance })));
  }
  stopEpgGroup(id: string) {
    return this.call(id, (s) => s.addInstruction({ epg_group: false }));
  }
  watermark(id: string, on: boolean, b: In.WatermarkInput) {
    return this.call(id, (s) => s.addInstruction(form({ watermark: on, name: b.name })));
  }
  skipItems(id: string, b: In.SkipItemsInput) {
    return this.call(id, (s) => s.addInstruction(form({ skip_items: b.count, content: b.content }), { skip_items: "count" }));
  }
  skipToItem(id: string, b: In.SkipToItemInput) {
    return this.call(id, (s) => s.addInstruction(form({ skip_to_item: null, content: b.content, season: b.season, episode: b.episode })));
  }

  /** Runs `work` on the live session, after the session's earlier calls; 404 when no such session runs. */
  private call<T>(buildId: string, work: (session: BuildSession) => Promise<T>): Promise<T> {
    const entry = this.sessions.get(buildId);
    if (!entry) return Promise.reject(DomainError.notFound("Active build session", buildId));
    const next = entry.queue.catch(() => undefined).then(() => {
      if (this.sessions.get(buildId) !== entry) throw DomainError.notFound("Active build session", buildId);
      return work(entry.session);
    });
    entry.queue = next;
    return next;
  }
}
