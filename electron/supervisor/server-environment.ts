import net from "node:net";
import { loadConfig } from "../../server/config/load-config";

export interface ServerEnvironmentInput {
  /** The shell's own environment, passed on (PATH, HOME, any `Section__Name` settings). */
  base: NodeJS.ProcessEnv;
  /** The app's user-data folder: database, caches, settings.json. */
  dataDir: string;
  /** The packaged FFmpeg folder (resources/ffmpeg), when the app is packaged. */
  ffmpegDir?: string;
  isPortFree?: (port: number, host: string) => Promise<boolean>;
}

/** Whether nothing listens on host:port yet (the server's own bind, tried and released). */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The environment the desktop app starts its server with. The configured port (settings.json, default
 * 8409) is kept so the M3U/XMLTV/HDHomeRun URLs media players were given stay valid; only when another
 * program holds it does the server take any free port (`Server__Port=0`) and the window follows the port
 * it reports. An invalid setting is left for the server to report, in its log and the error window.
 */
export async function serverEnvironment(input: ServerEnvironmentInput): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...input.base, AIRWAVE_DATA_DIR: input.dataDir };
  if (input.ffmpegDir) env.AIRWAVE_FFMPEG_DIR = input.ffmpegDir;
  let server: { port: number; host: string };
  try {
    server = loadConfig(env).server;
  } catch {
    return env;
  }
  if (server.port !== 0 && !(await (input.isPortFree ?? isPortFree)(server.port, server.host))) {
    for (const name of Object.keys(env)) if (name.toLowerCase() === "server__port") delete env[name];
    env.Server__Port = "0";
  }
  return env;
}
