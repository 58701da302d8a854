import os from "node:os";
import path from "node:path";

export const APP_NAME = "Airwave";

/**
 * The folder Electron's `app.getPath("userData")` resolves to for this app, so the desktop app
 * and a headless `npm start` share one library.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === "win32") return path.join(env.APPDATA ?? path.join(home, "AppData", "Roaming"), APP_NAME);
  if (platform === "darwin") return path.join(home, "Library", "Application Support", APP_NAME);
  return path.join(env.XDG_CONFIG_HOME ?? path.join(home, ".config"), APP_NAME);
}
