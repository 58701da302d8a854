import path from "node:path";

/** Channel files and YAML definitions the API may name live here, in the data folder. */
export const PLAYOUTS_FOLDER = "playouts";

/** The folders playout files may be read from or scripts run from; nothing outside them is opened. */
export interface PlayoutFolders {
  /** `Playout:ScriptsFolder`. */
  scripts: string;
  /** `<data folder>/playouts`. */
  playouts: string;
  /** `<data folder>/definitions` (YAML imports of definitions sent as text). */
  definitions: string;
}

export function playoutFolders(dataDir: string, scriptsFolder?: string): PlayoutFolders {
  return {
    scripts: path.resolve(scriptsFolder ?? path.join(dataDir, "scripts")),
    playouts: path.resolve(dataDir, PLAYOUTS_FOLDER),
    definitions: path.resolve(dataDir, "definitions"),
  };
}
