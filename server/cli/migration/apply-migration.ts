import fs from "node:fs";
import path from "node:path";
import type { apiClient } from "../api-client";
import { failure } from "../api-client";
import type { components } from "../generated/api-types";
import { loopedChannelFile, type MigratedProgramme, type MigrationPlan } from "./migration-plan";

type Client = ReturnType<typeof apiClient>;
type Match = components["schemas"]["MediaMatchDto"];

const MATCH_BATCH = 2000;
const MAX_LISTED = 20;

/** The library item a programme matched, by its guids and paths (one query per distinct programme). */
export class ProgrammeMatches {
  private readonly found = new Map<string, Match>();

  static key(p: MigratedProgramme): string {
    return JSON.stringify([p.remoteIds, p.guids, p.paths]);
  }

  /** Asks the server about every programme not asked about yet, in batches. */
  async lookUp(client: Client, programmes: readonly MigratedProgramme[]): Promise<void> {
    const queries = new Map<string, MigratedProgramme>();
    for (const p of programmes) if (!p.offline && !this.found.has(ProgrammeMatches.key(p))) queries.set(ProgrammeMatches.key(p), p);
    const pending = [...queries];
    for (let i = 0; i < pending.length; i += MATCH_BATCH) {
      const batch = pending.slice(i, i + MATCH_BATCH);
      const { data, error, response } = await client.POST("/api/v1/media/match", { body: { items: batch.map(([, p]) => ({ remoteIds: p.remoteIds.slice(0, 10), guids: p.guids.slice(0, 10), paths: p.paths.slice(0, 10) })) } });
      if (!data) throw new Error(`matching media failed: ${failure(error, response)}`);
      batch.forEach(([key], n) => this.found.set(key, data.matches[n]));
    }
  }

  of(p: MigratedProgramme): Match | undefined {
    const match = this.found.get(ProgrammeMatches.key(p));
    return typeof match?.mediaItemId === "number" ? match : undefined;
  }

  /** The file a channel file names: the library item's, else the first path the old program knew. */
  fileOf = (p: MigratedProgramme): string | undefined => this.of(p)?.path ?? p.paths[0];
}

function unmatchedLines(programmes: readonly MigratedProgramme[], matches: ProgrammeMatches): string[] {
  const missing = programmes.filter((p) => !p.offline && !matches.of(p));
  const seen = new Set<string>();
  const unique = missing.filter((p) => !seen.has(ProgrammeMatches.key(p)) && seen.add(ProgrammeMatches.key(p)));
  const lines = unique.slice(0, MAX_LISTED).map((p) => {
    const known = [...p.remoteIds.map((r) => `${r.server} item ${r.id}`), ...p.guids, ...p.paths].join(", ") || "no id or file path";
    const playable = p.paths.some((f) => fs.existsSync(f)) ? "; plays from its file" : "";
    return `  not in the library: ${p.title} (${known})${playable}`;
  });
  if (unique.length > MAX_LISTED) lines.push(`  … and ${unique.length - MAX_LISTED} more not in the library`);
  return lines;
}

/**
 * Creates a migration plan on the server: FFmpeg profiles, filler lists as a collection of their matched
 * items with a Fallback filler preset, channels (the heaviest filler list as their fallback filler) with an
 * ExternalJson playout of their looped programmes written into `filesDir`. Returns the report lines and
 * whether anything failed.
 */
export async function applyMigration(client: Client, plan: MigrationPlan, filesDir: string, now: number): Promise<{ lines: string[]; failed: boolean }> {
  const out: string[] = [];
  let failed = false;
  const matches = new ProgrammeMatches();
  await matches.lookUp(client, [...plan.channels.flatMap((c) => c.programmes), ...plan.fillerLists.flatMap((f) => f.items)]);

  const profileIds = new Map<string, number>();
  for (const profile of plan.profiles) {
    const body = { name: profile.name, ...profile.fields } as components["schemas"]["FFmpegProfileCreateRequest"];
    const { data, error, response } = await client.POST("/api/v1/ffmpeg/profiles", { body });
    const unmapped = profile.unmapped.length ? `; no equivalent for ${profile.unmapped.join(", ")}` : "";
    if (data) {
      profileIds.set(profile.key, data.id);
      out.push(`FFmpeg profile "${profile.name}": ${Object.keys(profile.fields).join(", ") || "defaults"}${unmapped}`);
    } else out.push(`FFmpeg settings "${profile.name}" not imported: ${failure(error, response)}`);
  }

  const presetIds = new Map<string, number>();
  for (const list of plan.fillerLists) {
    const ids = [...new Set(list.items.flatMap((p) => matches.of(p)?.mediaItemId ?? []))];
    const label = `filler list "${list.name}" (${list.items.length} items)`;
    if (!ids.length) {
      out.push(`${label}: none of its items is in the library; not migrated`, ...unmatchedLines(list.items, matches));
      continue;
    }
    const name = `${plan.source} filler: ${list.name}`.slice(0, 50);
    const collection = await client.POST("/api/v1/collections", { body: { name } });
    const added = collection.data && (await client.POST("/api/v1/collections/{id}/items", { params: { path: { id: collection.data.id } }, body: { mediaItemIds: ids } }));
    const preset = added?.data && (await client.POST("/api/v1/filler/presets", { body: { name, fillerKind: "Fallback", collectionType: "Collection", collectionId: collection.data!.id } }));
    if (!preset?.data) {
      failed = true;
      const why = preset ?? added ?? collection;
      out.push(`${label}: not migrated: ${failure(why.error, why.response)}`);
      continue;
    }
    presetIds.set(list.id, preset.data.id);
    out.push(`${label}: collection and Fallback filler preset "${name}" with ${ids.length} library items`, ...unmatchedLines(list.items, matches));
  }

  fs.mkdirSync(filesDir, { recursive: true });
  for (const channel of plan.channels) {
    const label = `channel ${channel.number} "${channel.name}"`;
    const file = path.join(filesDir, `${channel.number}.json`);
    fs.writeFileSync(file, JSON.stringify(loopedChannelFile(channel, matches.fileOf, now)));
    const logoUrl = channel.icon && /^https?:\/\//.test(channel.icon) ? channel.icon : undefined;
    const fallbackFillerId = channel.fillerListIds.map((id) => presetIds.get(id)).find((id) => id !== undefined);
    const created = await client.POST("/api/v1/channels", {
      body: {
        number: String(channel.number), name: channel.name.slice(0, 50), group: channel.group?.slice(0, 50) || undefined, logoUrl,
        ffmpegProfileId: channel.profileKey ? profileIds.get(channel.profileKey) : undefined, fallbackFillerId,
      },
    });
    if (!created.data) {
      failed = true;
      out.push(`${label}: ${failure(created.error, created.response)}`);
      continue;
    }
    const playout = await client.POST("/api/v1/playouts", { body: { channelId: created.data.id, kind: "ExternalJson", scheduleFile: file } });
    if (!playout.data) {
      failed = true;
      out.push(`${label}: created, but its playout was not: ${failure(playout.error, playout.response)}`);
      continue;
    }
    const programmes = channel.programmes.filter((p) => !p.offline);
    const matched = programmes.filter((p) => matches.of(p));
    const by = (how: string) => matched.filter((p) => matches.of(p)?.matchedBy === how).length;
    out.push(
      `${label}: ${programmes.length} programmes, ${matched.length} in the library (${by("remote")} by media-server id, ${by("guid")} by guid, ${by("path")} by file path), ExternalJson playout (${playout.data.buildStatus?.message ?? "built"})`,
      ...unmatchedLines(programmes, matches),
    );
  }
  for (const problem of plan.problems) out.push(`skipped: ${problem}`);
  return { lines: out, failed };
}
