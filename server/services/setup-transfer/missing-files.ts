import fs from "node:fs";
import path from "node:path";
import { GraphicKind, PlayoutKind, WatermarkImageSource } from "../../domain/enums";
import type { SetupRow } from "../../db/repositories/setup-repository";
import type { PlayoutFolders } from "../files/playout-folders";
import { locateConfinedFile } from "../files/confined-file";
import { splitCommandLine } from "../scripted/command-line";
import { isObject, MEDIA_KEY, type ImportNotice } from "./setup-document";

/** The rows of one table as the import checked them, each with its path in the document. */
interface Rows {
  table: string;
  rows: SetupRow[];
  paths: string[];
}

/**
 * What the document names that lives outside the database and that this machine lacks: watermark and graphics images,
 * the scripts of Scripted playouts, definition and channel files, libraries. Each is a warning with its path
 * in the document; none stops the import (the rows go in and work once the file or library is there).
 */
export function missingFiles(checked: readonly Rows[], document: Record<string, unknown>, folders: PlayoutFolders, libraries: ReadonlySet<string>): ImportNotice[] {
  const notices: ImportNotice[] = [];
  const warn = (at: string, message: string) => notices.push({ path: at, level: "warning", message });
  for (const { table, rows, paths } of checked) {
    rows.forEach((row, index) => {
      const at = paths[index];
      if (table === "watermark" && row.imageSource === WatermarkImageSource.Custom && typeof row.imagePath === "string" && !isFile(row.imagePath)) {
        warn(`${at}.imagePath`, `watermark image ${row.imagePath} is not on this machine: the watermark draws nothing until its image is uploaded again`);
      }
      if (table === "graphic" && row.kind === GraphicKind.Image && typeof row.imagePath === "string" && !isFile(row.imagePath)) {
        warn(`${at}.imagePath`, `graphics element image ${row.imagePath} is not on this machine: the element draws nothing until its image is uploaded again`);
      }
      if (table === "playout" && typeof row.scheduleFile === "string") {
        const problem = row.kind === PlayoutKind.Scripted ? scriptProblem(row.scheduleFile, folders.scripts) : isFile(row.scheduleFile) ? undefined : `${row.kind === PlayoutKind.ExternalJson ? "channel file" : "definition file"} ${row.scheduleFile} is not on this machine`;
        if (problem) warn(`${at}.scheduleFile`, `${problem}: playout ${row.id} cannot build until it is there`);
      }
    });
  }
  for (const [library, at] of namedLibraries(document)) {
    if (!libraries.has(library)) warn(at, `library "${library}" is not on this machine: add it over the same folders and scan it, then import again for the media it holds`);
  }
  return notices;
}

function isFile(file: string): boolean {
  try {
    return path.isAbsolute(file) && fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function scriptProblem(line: string, folder: string): string | undefined {
  const split = splitCommandLine(line);
  if (!split.ok || !split.tokens.length) return `the command line ${split.ok ? "is empty" : split.message}`;
  const found = locateConfinedFile(split.tokens[0], [folder], `the scripts folder ${folder}`);
  return found.ok ? undefined : `script ${found.message} (scripts run from ${folder})`;
}

/** Each library the document's media identities name, with the first place that names it. */
function namedLibraries(document: Record<string, unknown>): Map<string, string> {
  const named = new Map<string, string>();
  const note = (identity: unknown, at: string) => {
    if (isObject(identity) && typeof identity.library === "string" && !named.has(identity.library)) named.set(identity.library, `${at}.library`);
  };
  const tables = isObject(document.tables) ? document.tables : {};
  for (const [table, rows] of Object.entries(tables)) {
    if (Array.isArray(rows)) rows.forEach((row, index) => isObject(row) && note(row[MEDIA_KEY], `tables.${table}[${index}].${MEDIA_KEY}`));
  }
  const media = isObject(document.timelines) && isObject(document.timelines.media) ? document.timelines.media : {};
  for (const [key, identity] of Object.entries(media)) note(identity, `timelines.media.${key}`);
  return named;
}
