import fs from "node:fs";
import path from "node:path";
import { apiClient, failure, serverOptions } from "./api-client";
import type { components } from "./generated/api-types";
import { loopedChannelFile, mapFfmpegSettings, readDizqueFolder } from "./dizquetv-folder";
import { dataFolder, type CommandResult } from "./restore-command";

/** Where the looped channel files go: the folder of the server's data folder that ExternalJson files are read from. */
export const IMPORTED_FOLDER = path.join("playouts", "dizquetv");

/**
 * `airwave import --from dizquetv DIR`: each channel of a dizqueTV database folder becomes an Airwave channel
 * (number, name, icon, group) with an ExternalJson playout of its programme list (files matched to library
 * items by path, else played from disk), the FFmpeg settings an FFmpeg profile where fields have an
 * equivalent. Filler lists are listed, not migrated.
 */
export async function migrateCommand(args: readonly string[], env: NodeJS.ProcessEnv, now = Date.now()): Promise<CommandResult> {
  const parsed = serverOptions(args, env);
  if (typeof parsed === "string") return { code: 2, stderr: `airwave import: ${parsed}\n` };
  const [flag, source, dir, ...extra] = parsed.rest;
  if (flag !== "--from" || !dir || extra.length) return { code: 2, stderr: "airwave import: usage: airwave import --from dizquetv DIR [--server URL] [--key KEY]\n" };
  if (source === "tunarr") return { code: 2, stderr: "airwave import: --from tunarr is not supported yet; only dizquetv is\n" };
  if (source !== "dizquetv") return { code: 2, stderr: `airwave import: --from must be dizquetv (got ${source})\n` };
  const folder = readDizqueFolder(path.resolve(dir));
  if (!folder.channels.length) return { code: 1, stderr: `airwave import: no dizqueTV channels found in ${dir}\n${folder.problems.map((p) => `  ${p}\n`).join("")}` };

  const client = apiClient(parsed.options);
  const out: string[] = [];
  let failed = false;
  try {
    let profileId: number | undefined;
    if (folder.ffmpeg) {
      const { profile, unmapped } = mapFfmpegSettings(folder.ffmpeg);
      const { data, error, response } = await client.POST("/api/v1/ffmpeg/profiles", { body: { name: "dizqueTV", ...profile } as components["schemas"]["FFmpegProfileCreateRequest"] });
      if (data) {
        profileId = data.id;
        out.push(`FFmpeg profile "dizqueTV": ${Object.keys(profile).join(", ") || "defaults"}${unmapped.length ? `; no equivalent for ${unmapped.join(", ")}` : ""}`);
      } else out.push(`FFmpeg settings not imported: ${failure(error, response)}`);
    }
    const filesDir = path.join(dataFolder(env), IMPORTED_FOLDER);
    fs.mkdirSync(filesDir, { recursive: true });
    for (const channel of folder.channels) {
      const file = path.join(filesDir, `${channel.number}.json`);
      fs.writeFileSync(file, JSON.stringify(loopedChannelFile(channel, now)));
      const logoUrl = channel.icon && /^https?:\/\//.test(channel.icon) ? channel.icon : undefined;
      const created = await client.POST("/api/v1/channels", {
        body: { number: String(channel.number), name: channel.name.slice(0, 50), group: channel.groupTitle?.slice(0, 50) || undefined, logoUrl, ffmpegProfileId: profileId },
      });
      if (!created.data) {
        failed = true;
        out.push(`channel ${channel.number} "${channel.name}": ${failure(created.error, created.response)}`);
        continue;
      }
      const playout = await client.POST("/api/v1/playouts", { body: { channelId: created.data.id, kind: "ExternalJson", scheduleFile: file } });
      if (!playout.data) {
        failed = true;
        out.push(`channel ${channel.number} "${channel.name}": created, but its playout was not: ${failure(playout.error, playout.response)}`);
        continue;
      }
      const programmes = channel.programs.filter((p) => !p.isOffline);
      const missing = programmes.filter((p) => !p.file || !fs.existsSync(p.file));
      out.push(`channel ${channel.number} "${channel.name}": ${programmes.length} programmes, ExternalJson playout (${playout.data.buildStatus?.message ?? "built"})`);
      for (const p of missing.slice(0, 20)) out.push(`  not found: ${p.title ?? "?"} (${p.file ?? "no file path"})`);
      if (missing.length > 20) out.push(`  … and ${missing.length - 20} more not found`);
    }
  } catch (error) {
    return { code: 1, stderr: `cannot reach the Airwave server at ${parsed.options.server}: ${(error as Error).message}\n` };
  }
  for (const list of folder.fillerLists) out.push(`filler list "${list.name}" (${list.items} items): not migrated; make a filler preset from a collection`);
  for (const problem of folder.problems) out.push(`skipped: ${problem}`);
  return { code: failed ? 1 : 0, stdout: `${out.join("\n")}\n` };
}
