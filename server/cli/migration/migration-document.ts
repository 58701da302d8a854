import { randomInt, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CHANNEL_NUMBER_PATTERN, CHANNEL_NUMBER_RULE, normalizeChannelNumber } from "../../services/channel-number";
import { checkedProfileFields } from "../../services/ffmpeg-profile-fields";
import type { FFmpegProfileInput } from "../../services/ffmpeg-profile-input";
import { Violations } from "../../services/validation/violations";
import type { MigrationPlan } from "./migration-plan";
import { loopedChannelFile, type MigratedChannel, type MigratedProgramme } from "./migration-plan";

type Row = Record<string, unknown>;

/** What the migration needs to know of the server it goes into (read from its export, profiles and libraries). */
export interface ServerSetup {
  /** Its setup export's rows by table (ids, resolutions, channel numbers). */
  tables: Record<string, Row[] | undefined>;
  defaultProfileId: number;
  /** Library names with their folders, to name a matched item by library and path inside it. */
  libraries: { name: string; paths: string[] }[];
}

/** A programme's library item as the migration found it (POST /api/v1/media/match). */
export interface FoundItem {
  mediaItemId: number;
  path?: string;
  /** Its external ids (`source://value`): how the document names an item outside every library folder (a media server's). */
  guids?: string[];
}

/** The setup document of a migration, the channel files its playouts read, and what each document row is. */
export interface MigrationDocument {
  document: { format: string; newRowsOnly: true; tables: Record<string, Row[]> };
  /** Channel files to write (absolute path → content) before the document is applied. */
  files: Map<string, string>;
  /** A label per document path prefix (`tables.channel[0]` → `channel 3 "Cartoons"`), for the report. */
  labels: Map<string, string>;
  /** Per filler list id: the library items its collection holds (none: not migrated). */
  fillerItems: Map<string, number>;
  /** The channels in the document; the others are in `skipped`, with why. */
  channels: MigratedChannel[];
  skipped: string[];
  /** Per profile key: the name it is created with, or why it is not (its channels use the default profile). */
  profiles: Map<string, { name: string } | { problem: string }>;
}

/** `name`, or `name (2)`, … : one no profile has yet (names are unique without regard to case). */
export function freeName(name: string, taken: Set<string>): string {
  let free = name.slice(0, 50);
  for (let n = 2; taken.has(free.toLowerCase()); n++) free = `${name.slice(0, 44)} (${n})`;
  taken.add(free.toLowerCase());
  return free;
}

/** The item's library and its path inside that library's folder (the deepest folder holding it), else its guids. */
export function identityOf(item: FoundItem, libraries: ServerSetup["libraries"]) {
  const byGuids = item.guids?.length ? { guids: item.guids, library: null, path: null } : undefined;
  if (!item.path) return byGuids;
  let best: { library: string; path: string; depth: number } | undefined;
  for (const library of libraries) {
    for (const root of library.paths) {
      const inside = path.relative(root, item.path);
      if (!inside || inside.startsWith("..") || path.isAbsolute(inside)) continue;
      if (!best || root.length > best.depth) best = { library: library.name, path: inside.split(path.sep).join("/"), depth: root.length };
    }
  }
  return best ? { guids: [], library: best.library, path: best.path } : byGuids;
}

/** The next free ids of a table: after the server's largest. */
export function idsAfter(rows: Row[] | undefined): () => number {
  let next = Math.max(0, ...(rows ?? []).map((row) => Number(row.id) || 0));
  return () => ++next;
}

/** A channel file name in `dir` no file has yet, so a migration never overwrites what a playout may read. */
function freshFile(dir: string, number: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${number}${n > 1 ? `-${n}` : ""}.json`);
    if (!taken.has(file) && !fs.existsSync(file)) return file;
  }
}

/**
 * The migration as an Airwave setup document (the format `GET /api/v1/export` writes and `POST /api/v1/import`
 * checks and applies in one transaction): new rows with ids after the server's, FFmpeg profiles from the
 * profile defaults and the mapped fields, filler lists as a collection of their library items (by library and
 * path) with a Fallback filler preset, channels with an ExternalJson playout reading a channel file in `filesDir`.
 */
export function migrationDocument(
  plan: MigrationPlan, server: ServerSetup, found: (p: MigratedProgramme) => FoundItem | undefined, fileOf: (p: MigratedProgramme) => string | undefined,
  filesDir: string, now: number,
): MigrationDocument {
  const tables: Record<string, Row[]> = { resolution: [], ffmpeg_profile: [], collection: [], collection_item: [], filler_preset: [], channel: [], playout: [] };
  const labels = new Map<string, string>();
  const add = (table: string, row: Row, label?: string) => {
    if (label) labels.set(`tables.${table}[${tables[table].length}]`, label);
    tables[table].push(row);
    return row;
  };
  const nextId = Object.fromEntries(Object.keys(tables).map((t) => [t, idsAfter(server.tables[t])]));

  const resolutions = [...(server.tables.resolution ?? [])];
  const resolutionId = (size: { width: number; height: number }) => {
    const known = resolutions.find((r) => r.width === size.width && r.height === size.height);
    if (known) return known.id;
    const row = add("resolution", { id: nextId.resolution(), name: `${size.width}x${size.height}`, width: size.width, height: size.height, isCustom: true });
    resolutions.push(row);
    return row.id;
  };
  const profileIds = new Map<string, unknown>();
  const profiles: MigrationDocument["profiles"] = new Map();
  const namesOf = (table: string) => new Set((server.tables[table] ?? []).map((row) => String(row.name).toLowerCase()));
  const names = namesOf("ffmpeg_profile");
  for (const profile of plan.profiles) {
    // The rules a profile created through the API meets: one that breaks them is not migrated.
    const v = new Violations();
    const { resolution, ...fields } = checkedProfileFields(v, profile.fields as FFmpegProfileInput, undefined, false);
    if (v.any) {
      profiles.set(profile.key, { problem: v.list.map((e) => `${e.field} ${e.message}`).join("; ") });
      continue;
    }
    const name = freeName(profile.name, names);
    const row = add("ffmpeg_profile", { id: nextId.ffmpeg_profile(), name, ...fields, resolutionId: resolutionId(resolution) }, `FFmpeg profile "${name}"`);
    profileIds.set(profile.key, row.id);
    profiles.set(profile.key, { name });
  }

  const presetIds = new Map<string, unknown>();
  const collectionNames = namesOf("collection");
  const presetNames = namesOf("filler_preset");
  const fillerItems = new Map<string, number>();
  for (const list of plan.fillerLists) {
    const items = new Map<number, ReturnType<typeof identityOf>>();
    for (const p of list.items) {
      const item = found(p);
      if (item && !items.has(item.mediaItemId)) items.set(item.mediaItemId, identityOf(item, server.libraries));
    }
    const identities = [...items.values()].filter((i) => i !== undefined);
    fillerItems.set(list.id, identities.length);
    if (!identities.length) continue;
    const name = `${plan.source} filler: ${list.name}`;
    const label = `filler list "${list.name}"`;
    const collection = add("collection", { id: nextId.collection(), name: freeName(name, collectionNames), useCustomPlaybackOrder: false }, label);
    for (const identity of identities) add("collection_item", { collectionId: collection.id, mediaItem: identity, customIndex: null }, label);
    const preset = add("filler_preset", { id: nextId.filler_preset(), name: freeName(name, presetNames), kind: "Fallback", allowWatermarks: true, collectionType: "Collection", collectionId: collection.id, useChaptersAsMediaItems: false }, label);
    presetIds.set(list.id, preset.id);
  }

  const files = new Map<string, string>();
  const skipped: string[] = [];
  const channels: MigratedChannel[] = [];
  for (const channel of plan.channels) {
    const label = `channel ${channel.number} "${channel.name}"`;
    const number = normalizeChannelNumber(String(channel.number));
    if (!CHANNEL_NUMBER_PATTERN.test(number)) {
      skipped.push(`${label}: its number ${CHANNEL_NUMBER_RULE}`);
      continue;
    }
    channels.push(channel);
    // The checked, normalised number names the file, never the foreign value itself.
    const file = freshFile(filesDir, number, new Set(files.keys()));
    files.set(file, JSON.stringify(loopedChannelFile(channel, fileOf, now)));
    const row = add("channel", {
      id: nextId.channel(), uniqueId: randomUUID(), number, sortNumber: Number(number), name: channel.name.slice(0, 50),
      group: channel.group?.slice(0, 50) || "Airwave", categories: "[]",
      ffmpegProfileId: (channel.profileKey && profileIds.get(channel.profileKey)) ?? server.defaultProfileId,
      streamingMode: "TransportStreamHybrid", logoUrl: channel.icon && /^https?:\/\//.test(channel.icon) && channel.icon.length <= 2048 ? channel.icon : null,
      isEnabled: true, showInEpg: true, subtitleMode: "None", playoutMode: "Continuous",
      fallbackFillerId: channel.fillerListIds.map((id) => presetIds.get(id)).find((id) => id !== undefined) ?? null,
    }, label);
    add("playout", { id: nextId.playout(), channelId: row.id, kind: "ExternalJson", scheduleFile: file, seed: randomInt(1, 2 ** 31 - 1), createdAt: now }, label);
  }
  for (const table of Object.keys(tables)) if (!tables[table].length) delete tables[table];
  return { document: { format: "airwave-setup/1", newRowsOnly: true, tables }, files, labels, fillerItems, profiles, channels, skipped };
}
