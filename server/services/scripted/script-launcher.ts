/** One run of a scripted playout's command. */
export interface ScriptLaunch {
  command: string;
  args: string[];
  /** The build's AIRWAVE_* variables; the child gets only these besides PATH, HOME, locale and TZ. */
  env: Record<string, string>;
  cwd: string;
  timeoutMs: number;
}

export interface ScriptOutcome {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The last lines the script wrote to stderr (for the build status). */
  stderrTail: string;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

/** Runs script child processes (owned by server/scripting); the service layer knows only this interface. */
export interface ScriptLauncher {
  /** The loopback base URL scripts call back (`http://127.0.0.1:<port>`). */
  callbackBase(): string;
  run(launch: ScriptLaunch): Promise<ScriptOutcome>;
}
