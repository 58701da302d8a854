import type { PlayoutItem } from "../../db/entities/playout";
import type { Repositories } from "../../db/repositories";
import type { MediaIdentity } from "../../db/repositories/setup-repository";
import { isObject, readIdentity, type ImportReport } from "./setup-document";
import { mapContentKeys, mapStateMediaIds, stateMediaIds } from "./timeline-state";

/**
 * The built timelines a setup export carries, so an import continues each playout where it was instead of
 * starting its schedule again: the items from the moment of the export on (media by identity) and the
 * builder's saved state (enumerator positions, anchors, cursor) with its media ids named the same way.
 * Items rather than state alone: the state says where the *next* build starts (the end of the built
 * days), so only the items give the hours between the import and there, and they are exactly what was
 * on the old server's guide whatever this server's media ids are.
 */
export interface DocumentTimelines {
  /** When the export was taken (epoch ms): the items end after it. */
  from: number;
  /** Every media item the timelines name, keyed by its id on the exporting server. */
  media: Record<string, MediaIdentity>;
  playouts: DocumentTimeline[];
}

export interface DocumentTimeline {
  playoutId: number;
  /** The builder's saved state (JSON text), media ids as keys of `media`. */
  buildState: string | null;
  lastBuildAt: number | null;
  /** On-demand playouts paused at an item: its index in `items`. */
  checkpointItem?: number;
  /** Items in time order; `media` is a key of `timelines.media` (absent: an offline gap or an external file). */
  items: Record<string, unknown>[];
}

/** A timeline checked against this server: media ids are this server's. */
export interface CheckedTimeline {
  playoutId: number;
  path: string;
  buildState: string | null;
  lastBuildAt: number | null;
  checkpointItem: number | null;
  items: Partial<PlayoutItem>[];
  /** Some media id changed on the way (the state's schedule fingerprints are then this server's to take). */
  renumbered: boolean;
}

const OMITTED_DEFAULTS: Record<string, unknown> = { inPointMs: 0, guideGroup: 0, fillerKind: "None", hiddenFromGuide: false, disableWatermarks: false };

/** The timelines of every playout from `from` on (a paused on-demand timeline from its checkpoint on). */
export async function exportTimelines(repos: Repositories, from: number): Promise<DocumentTimelines | undefined> {
  const playouts = await repos.playouts.list();
  if (!playouts.length) return undefined;
  const mediaIds = new Set<number>();
  const timelines: DocumentTimeline[] = [];
  for (const playout of playouts) {
    const checkpoint = playout.checkpointItemId !== null ? await repos.playouts.itemById(playout.checkpointItemId) : null;
    const since = playout.pausedAt !== null ? Math.min(from, checkpoint ? checkpoint.start : playout.pausedAt) : from;
    const stored = await repos.playouts.timelineItems(playout.id, since);
    const items = stored.map((item) => {
      const out: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(item)) {
        if (value === null || value === undefined || OMITTED_DEFAULTS[name] === value) continue;
        if (name === "mediaItemId") {
          out.media = String(value);
          mediaIds.add(value as number);
        } else out[name] = value;
      }
      return out;
    });
    const state = parseState(playout.buildState);
    if (state !== undefined) for (const id of stateMediaIds(state)) mediaIds.add(id);
    for (const item of stored) if (typeof item.source === "string") for (const id of stateMediaIds(item.source)) mediaIds.add(id);
    const timeline: DocumentTimeline = { playoutId: playout.id, buildState: playout.buildState, lastBuildAt: playout.lastBuildAt, items };
    const index = checkpoint ? stored.findIndex((item) => item.start === checkpoint.start && item.mediaItemId === checkpoint.mediaItemId) : -1;
    if (index >= 0) timeline.checkpointItem = index;
    timelines.push(timeline);
  }
  const identities = await repos.setup.mediaIdentities([...mediaIds]);
  const media: Record<string, MediaIdentity> = {};
  for (const [id, identity] of [...identities].sort((a, b) => a[0] - b[0])) media[String(id)] = identity;
  return { from, media, playouts: timelines };
}

function parseState(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Checks the document's timelines and maps their media to this server's. A playout whose timeline names
 * media this library lacks is not continued (a notice says so; it gets a Reset build as without a
 * timeline); malformed timelines are errors with their paths.
 */
export async function checkTimelines(repos: Repositories, value: unknown, playoutIds: Set<number>, report: ImportReport): Promise<CheckedTimeline[]> {
  if (value === undefined || value === null) return [];
  if (!isObject(value)) {
    report.errors.push({ path: "timelines", message: "must be a mapping with from, media and playouts" });
    return [];
  }
  const media = value.media ?? {};
  const playouts = value.playouts ?? [];
  if (!isObject(media)) report.errors.push({ path: "timelines.media", message: "must be a mapping of media keys to {guids, library, path}" });
  if (!Array.isArray(playouts)) report.errors.push({ path: "timelines.playouts", message: "must be a list" });
  if (!isObject(media) || !Array.isArray(playouts)) return [];

  // Old id → this server's id (undefined: this library lacks it).
  const local = new Map<string, number | undefined>();
  for (const [key, raw] of Object.entries(media)) {
    const at = `timelines.media.${key}`;
    const identity = readIdentity(raw);
    if (!/^\d+$/.test(key)) report.errors.push({ path: at, message: "must be keyed by a media id (a whole number)" });
    else if (typeof identity === "string") report.errors.push({ path: at, message: identity });
    else {
      const id = await repos.setup.findMedia(identity);
      local.set(key, id);
      if (id === undefined) report.unmatched.push({ path: at, identity });
    }
  }
  const columns = new Map(repos.playouts.itemColumns().map((c) => [c.name, c]));
  const renumbered = [...local].some(([key, id]) => id !== undefined && id !== Number(key));
  const checked: CheckedTimeline[] = [];
  const seen = new Set<number>();
  for (const [index, timeline] of playouts.entries()) {
    const at = `timelines.playouts[${index}]`;
    if (!isObject(timeline)) {
      report.errors.push({ path: at, message: "must be a mapping with playoutId, buildState and items" });
      continue;
    }
    const before = report.errors.length;
    const playoutId = timeline.playoutId;
    if (!Number.isInteger(playoutId) || !playoutIds.has(playoutId as number)) report.errors.push({ path: `${at}.playoutId`, message: "must be the id of a playout in tables.playout" });
    else if (seen.has(playoutId as number)) report.errors.push({ path: `${at}.playoutId`, message: `playout ${playoutId} has a timeline earlier in the document` });
    else seen.add(playoutId as number);
    const state = timeline.buildState ?? null;
    if (state !== null && (typeof state !== "string" || !isObject(parseState(state)))) report.errors.push({ path: `${at}.buildState`, message: "must be the builder's state as JSON text" });
    const lastBuildAt = timeline.lastBuildAt ?? null;
    if (lastBuildAt !== null && !Number.isInteger(lastBuildAt)) report.errors.push({ path: `${at}.lastBuildAt`, message: "must be a time in epoch ms" });
    const checkpoint = timeline.checkpointItem ?? null;
    const rawItems = timeline.items ?? [];
    if (!Array.isArray(rawItems)) report.errors.push({ path: `${at}.items`, message: "must be a list of items" });
    else if (checkpoint !== null && (!Number.isInteger(checkpoint) || (checkpoint as number) < 0 || (checkpoint as number) >= rawItems.length)) {
      report.errors.push({ path: `${at}.checkpointItem`, message: "must be the index of one of the items" });
    }
    const missing = new Set<string>();
    const items: Partial<PlayoutItem>[] = [];
    for (const [i, raw] of (Array.isArray(rawItems) ? rawItems : []).entries()) {
      const item = checkItem(raw, `${at}.items[${i}]`, columns, local, missing, report);
      if (item) items.push(item);
    }
    if (report.errors.length !== before) continue;
    // Media named by the state alone (enumerator anchors) must be found too, or the positions would point elsewhere.
    const parsed = parseState(state as string | null);
    for (const id of parsed === undefined ? [] : stateMediaIds(parsed)) if (local.has(String(id)) && local.get(String(id)) === undefined) missing.add(String(id));
    if (missing.size) {
      report.notices.push({
        path: at, level: "warning",
        message: `playout ${playoutId} starts again with a Reset build: its timeline names media this library does not have (timelines.media.${[...missing].join(", timelines.media.")})`,
      });
      continue;
    }
    const map = (id: number) => local.get(String(id)) ?? id;
    for (const item of items) if (typeof item.source === "string") item.source = mapContentKeys(item.source, map);
    const buildState = parsed === undefined ? null : JSON.stringify(mapStateMediaIds(parsed, map));
    checked.push({ playoutId: playoutId as number, path: at, buildState, lastBuildAt: lastBuildAt as number | null, checkpointItem: checkpoint as number | null, items, renumbered });
    const last = items.length ? new Date(Math.max(...items.map((i) => i.finish as number))).toISOString() : "nothing built";
    report.notices.push({ path: at, level: "info", message: `playout ${playoutId} continues its timeline: ${items.length} items until ${last}, then its saved state` });
  }
  return checked;
}

function checkItem(
  raw: unknown, at: string, columns: Map<string, ReturnType<Repositories["playouts"]["itemColumns"]>[number]>,
  local: Map<string, number | undefined>, missing: Set<string>, report: ImportReport,
): Partial<PlayoutItem> | undefined {
  if (!isObject(raw)) return void report.errors.push({ path: at, message: "must be a mapping of item fields" });
  const before = report.errors.length;
  const item: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const field = `${at}.${name}`;
    if (name === "media") {
      if (typeof value !== "string" || !local.has(value)) report.errors.push({ path: field, message: "must be a key of timelines.media" });
      else if (local.get(value) === undefined) missing.add(value);
      else item.mediaItemId = local.get(value);
      continue;
    }
    const column = columns.get(name);
    if (!column || name === "mediaItemId") {
      report.errors.push({ path: field, message: "is not a field of a timeline item" });
      continue;
    }
    const problem = fieldProblem(column, value);
    if (problem) report.errors.push({ path: field, message: problem });
    else item[name] = value;
  }
  for (const name of ["start", "finish", "outPointMs"]) if (item[name] === undefined && raw[name] === undefined) report.errors.push({ path: `${at}.${name}`, message: "is required" });
  if (report.errors.length !== before) return undefined;
  if ((item.finish as number) < (item.start as number)) return void report.errors.push({ path: `${at}.finish`, message: "must not be before start" });
  return item as Partial<PlayoutItem>;
}

function fieldProblem(column: { type: string; nullable: boolean; length?: number }, value: unknown): string | undefined {
  if (value === null) return column.nullable ? undefined : "must not be null";
  switch (column.type) {
    case "integer":
      return Number.isSafeInteger(value) ? undefined : "must be a whole number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "json":
      return typeof value === "object" ? undefined : "must be a list or a mapping";
    default:
      if (typeof value !== "string") return "must be text";
      return column.length !== undefined && value.length > column.length ? `must be at most ${column.length} characters` : undefined;
  }
}

/** Inside the import's transaction: the playout's items are the document's, its saved state and checkpoint too. */
export async function writeTimeline(repos: Repositories, timeline: CheckedTimeline): Promise<void> {
  await repos.playouts.deleteAllItems(timeline.playoutId);
  await repos.playouts.insertItems(timeline.items.map((item) => ({ ...item, playoutId: timeline.playoutId })));
  const playout = await repos.playouts.findById(timeline.playoutId);
  if (!playout) return;
  let checkpointItemId: number | null = null;
  if (timeline.checkpointItem !== null) {
    const target = timeline.items[timeline.checkpointItem];
    const [found] = await repos.playouts.itemsFrom(timeline.playoutId, target.start as number, 1);
    checkpointItemId = found && found.start === target.start ? found.id : null;
  }
  Object.assign(playout, { buildState: timeline.buildState, lastBuildAt: timeline.lastBuildAt, lastBuildSuccess: true, lastBuildMessage: "imported with its timeline", checkpointItemId });
  await repos.playouts.save(playout);
}
