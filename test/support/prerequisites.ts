import fs from "node:fs";
import path from "node:path";
import { postgresBinDir } from "./postgres-cluster";

/**
 * What the tests need from the machine, each with the Debian package that provides it. Later
 * features add their own entries (a database server, a web server, …) to PREREQUISITES.
 */
export interface Prerequisite {
  /** What is missing, as the message names it: "ffmpeg", "the XMLTV DTD (/usr/share/xmltv/xmltv.dtd)". */
  what: string;
  /** The Debian package that installs it. */
  aptPackage: string;
  present(env: NodeJS.ProcessEnv): boolean;
}

export const XMLTV_DTD = "/usr/share/xmltv/xmltv.dtd";
export const TESSERACT = "/usr/bin/tesseract";
const TESSERACT_ENG_DIRS = ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata"];
const TESSERACT_ENG = "eng.traineddata";
const chromiumPath = (env: NodeJS.ProcessEnv) => env.AIRWAVE_CHROMIUM ?? "/usr/bin/chromium";

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Whether `command` is an executable file in one of the PATH folders of `env`. */
export function onPath(command: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? "").split(path.delimiter).some((dir) => dir !== "" && isExecutable(path.join(dir, command)));
}

export const command = (name: string, aptPackage: string): Prerequisite => ({ what: name, aptPackage, present: (env) => onPath(name, env) });

export const PREREQUISITES: readonly Prerequisite[] = [
  command("ffmpeg", "ffmpeg"),
  command("ffprobe", "ffmpeg"),
  command("xmllint", "libxml2-utils"),
  { what: `the XMLTV DTD (${XMLTV_DTD})`, aptPackage: "xmltv-util", present: () => fs.existsSync(XMLTV_DTD) },
  { what: "Chromium", aptPackage: "chromium", present: (env) => isExecutable(chromiumPath(env)) },
  { what: "the PostgreSQL server (initdb, pg_ctl)", aptPackage: "postgresql", present: () => postgresBinDir() !== null },
  { what: "nginx (/usr/sbin/nginx)", aptPackage: "nginx", present: () => isExecutable("/usr/sbin/nginx") },
  command("hdhomerun_config", "hdhomerun-config"),
  // Graphics tests read the text drawn into frames back with OCR.
  { what: "tesseract (/usr/bin/tesseract)", aptPackage: "tesseract-ocr", present: () => isExecutable(TESSERACT) },
  // Real HLS clients read the renditions (audio tracks, WebVTT subtitles).
  command("mpv", "mpv"),
  command("streamlink", "streamlink"),
  { what: `tesseract's English data (${TESSERACT_ENG})`, aptPackage: "tesseract-ocr-eng", present: () => TESSERACT_ENG_DIRS.some((dir) => fs.existsSync(path.join(dir, "eng.traineddata"))) },
];

/** The missing prerequisites, or an empty list. */
export function missingPrerequisites(env: NodeJS.ProcessEnv = process.env, list: readonly Prerequisite[] = PREREQUISITES): Prerequisite[] {
  return list.filter((p) => !p.present(env));
}

/** One message naming what is missing and the command that installs it, or null when nothing is. */
export function prerequisitesMessage(missing: readonly Prerequisite[]): string | null {
  if (missing.length === 0) return null;
  const packages = [...new Set(missing.map((p) => p.aptPackage))];
  return [
    `The tests cannot run: ${missing.map((p) => p.what).join(", ")} ${missing.length === 1 ? "is" : "are"} missing.`,
    `Install ${packages.length === 1 ? "the package" : "the packages"} ${packages.join(", ")}:`,
    `  sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
  ].join("\n");
}
