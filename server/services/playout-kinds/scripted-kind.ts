import path from "node:path";
import { BuildMode, PlayoutKind } from "../../domain/enums";
import type { SequentialBuildState } from "../../playout/sequential";
import type { PlayoutSourceInput } from "../playout-input";
import { interpreterFor, splitCommandLine } from "../scripted/command-line";
import type { ScriptedBuildService } from "../scripted/scripted-build-service";
import type { ScriptLauncher } from "../scripted/script-launcher";
import { isExecutable, locateConfinedFile } from "../files/confined-file";
import { Violations } from "../validation/violations";
import type { KindBuildRequest, KindBuildResult, PlayoutKindStrategy, PlayoutSource } from "./kind-strategy";

export interface ScriptedSettings {
  /** `Playout:ScriptTimeoutSeconds`. */
  timeoutSeconds: number;
  /** `Playout:ScriptsFolder`: the only folder scripts run from. */
  scriptsFolder: string;
}

interface ScriptedState {
  version: 1;
  /** Where the last build's timeline ends; a Continue build starts there. */
  cursor: number;
  engine: SequentialBuildState;
}

/**
 * Scripted playouts: `scheduleFile` is a command line whose first word names a script in the scripts folder
 * (`Playout:ScriptsFolder`; absolute, or relative to that folder). Node scripts run with the server's Node,
 * `.py` with python3, anything else must be executable; the rest of the line stays arguments. A build opens a build session, runs the command with
 * the server URL, the build id and the mode (then the command's own arguments), and the script fills the
 * session over the scripted-build API. Exit 0 saves what it built; a non-zero exit, a timeout or a command
 * that cannot start fails the build and keeps the old items.
 */
export class ScriptedKind implements PlayoutKindStrategy {
  readonly kind = PlayoutKind.Scripted;
  readonly fixedTimesReason = "a Scripted playout's item times come from its script";

  constructor(
    private readonly sessions: ScriptedBuildService,
    private readonly launcher: ScriptLauncher,
    private readonly settings: ScriptedSettings,
  ) {}

  async checkSource(input: PlayoutSourceInput): Promise<PlayoutSource> {
    const v = new Violations();
    if (input.scheduleId !== undefined && input.scheduleId !== null) v.add("scheduleId", "only Classic playouts take a schedule");
    if (input.definition !== undefined && input.definition !== null) v.add("definition", "only Sequential playouts take a definition");
    if (input.templates !== undefined && input.templates !== null) v.add("templates", "only Block playouts take templates");
    const line = input.scheduleFile;
    if (line === undefined || line === null || line.trim() === "") v.add("scheduleFile", `is required: a command line whose first word names a script in the scripts folder ${this.settings.scriptsFolder}`);
    else if (line.length > 4096) v.add("scheduleFile", "must be at most 4096 characters");
    else {
      const script = this.locateScript(line);
      if (!script.ok) v.add("scheduleFile", script.message);
    }
    v.throwIfAny();
    return { scheduleId: null, scheduleFile: line!.trim(), definition: null };
  }

  async build(request: KindBuildRequest): Promise<KindBuildResult> {
    // Checked again on every build: a playout saved before scripts were confined, or a script moved or
    // replaced by a link since, fails here with the reason and runs nothing.
    const located = this.locateScript(request.playout.scheduleFile ?? "");
    if (!located.ok) throw new Error(located.message);
    const { script, program, extra } = located;

    const previous = request.previousState ? (JSON.parse(request.previousState) as Partial<ScriptedState>) : null;
    const continuing = request.mode === BuildMode.Continue && previous?.version === 1 && typeof previous.cursor === "number" && previous.cursor > request.start;
    const start = continuing ? previous!.cursor! : request.start;
    const finish = request.start + request.horizonMs;
    if (start >= finish) return { items: [], state: request.previousState ?? "", warnings: [], replaces: false };

    const session = this.sessions.open({
      start,
      horizonMs: finish - start,
      timeZone: request.timeZone,
      seed: request.playout.seed,
      previousState: previous?.version === 1 ? previous.engine : undefined,
      budget: () => request.budget,
    });
    try {
      const buildId = session.options.id;
      const outcome = await this.launcher.run({
        command: program.command,
        args: [...program.args, this.launcher.callbackBase(), buildId, request.mode.toLowerCase(), ...extra],
        env: { AIRWAVE_URL: this.launcher.callbackBase(), AIRWAVE_BUILD_ID: buildId, AIRWAVE_BUILD_MODE: request.mode.toLowerCase() },
        cwd: path.dirname(script),
        timeoutMs: this.settings.timeoutSeconds * 1000,
      });
      const tail = outcome.stderrTail ? `: ${outcome.stderrTail.split("\n").slice(-3).join(" | ")}` : "";
      if (outcome.spawnError) throw new Error(`the script could not be started: ${outcome.spawnError}`);
      if (outcome.timedOut) throw new Error(`the script did not finish within ${this.settings.timeoutSeconds} s and was stopped`);
      if (outcome.exitCode !== 0) throw new Error(`the script exited with ${outcome.exitCode === null ? `signal ${outcome.signal}` : `code ${outcome.exitCode}`}${tail}`);
      const result = session.result();
      if (!result) throw new Error("the script finished without scheduling anything");
      const state: ScriptedState = { version: 1, cursor: result.state.cursor, engine: result.state };
      return {
        items: result.items,
        state: JSON.stringify(state),
        warnings: result.warnings.filter((w) => w.code !== "end-of-playout").map((w) => w.message),
        replaces: !continuing,
      };
    } finally {
      this.sessions.close(session.options.id);
    }
  }

  /** The script a command line names, confined to the scripts folder, and how to start it. */
  private locateScript(line: string): { ok: true; script: string; program: { command: string; args: string[] }; extra: string[] } | { ok: false; message: string } {
    const split = splitCommandLine(line);
    if (!split.ok) return { ok: false, message: `the command line ${split.message}` };
    const [first, ...extra] = split.tokens;
    const folder = this.settings.scriptsFolder;
    const found = locateConfinedFile(first, [folder], `the scripts folder ${folder} (Playout:ScriptsFolder); scripts run only from there`);
    if (!found.ok) return { ok: false, message: `the script ${found.message}` };
    const program = interpreterFor(found.path, process.execPath);
    if (program.command === found.path && !isExecutable(found.path)) {
      return { ok: false, message: `the script ${JSON.stringify(first)} is not executable: make it executable, or use a .js, .mjs, .cjs or .py script` };
    }
    return { ok: true, script: found.path, program, extra };
  }
}
