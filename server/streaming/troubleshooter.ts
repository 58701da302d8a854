/**
 * The stream troubleshooter's runner: the channel's real pipeline (probe, argument builder, FFmpeg)
 * for up to `maxMs` of media, as fast as it goes, into a scratch folder nobody reads; it records
 * the exact command, FFmpeg's error output, when the first segment appeared, and the speed.
 */
import fs from "node:fs";
import path from "node:path";
import { displayStreamUrl, redactHeaderArguments } from "../domain/remote-stream";
import type { StreamPlan, StreamRemoteSource } from "../domain/stream-plan";
import type { StreamTroubleshooter, TroubleshootFindings, TroubleshootRun } from "../domain/troubleshoot";
import { runFfprobe } from "../media/probe";
import { probeStream } from "../media/remote-streams/probe-stream";
import type { EncoderCapabilities } from "./ffmpeg";
import type { MediaProbe } from "./media-probe";
import { pieceCommand, type PieceCommand } from "./plan-command";
import type { ProcessRegistry } from "./process-registry";

const PROBE_TIMEOUT_MS = 20_000;
const POLL_MS = 50;

/** One argument as a shell would need it quoted, for reading and pasting. */
function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** Credentials in URLs (`//user:pass@`) and token-like query values (the stream proxy's `cap` too) never leave the server. */
export function redactArgument(arg: string): string {
  return arg.replace(/\/\/[^/@\s:]+:[^/@\s]+@/g, "//[redacted]@").replace(/\b(access_token|api_key|apikey|token|key|cap)=([^&\s]+)/gi, "$1=[redacted]");
}

function valuesOf(args: readonly string[], flag: string): string[] {
  return args.flatMap((a, i) => (a === flag && args[i + 1] !== undefined ? [args[i + 1]!] : []));
}

export class Troubleshooter implements StreamTroubleshooter {
  constructor(
    private readonly deps: {
      ffmpegPath: string;
      ffprobePath: string;
      folder: string;
      registry: ProcessRegistry;
      probe: MediaProbe;
      capabilities(): Promise<EncoderCapabilities>;
      clock?: () => number;
      /** Takes every known secret out of the command line and error text (the registry's stderr already is). */
      redact?: (text: string) => string;
    },
  ) {}

  private redact(text: string): string {
    return redactArgument(this.deps.redact ? this.deps.redact(text) : text);
  }

  async run(plan: StreamPlan, maxMs: number): Promise<TroubleshootFindings> {
    const content = plan.content;
    const file = content.kind === "media" ? (content.inputUrl ?? content.path) : content.kind === "error" ? content.path : undefined;
    const findings: TroubleshootFindings = {
      plan: content.kind === "media" ? { kind: "media", path: content.path, seekMs: content.seekMs, limitMs: content.limitMs } : content.kind === "error" ? { kind: "error", reason: content.reason, path: content.path, limitMs: content.limitMs } : { kind: "offline", limitMs: content.limitMs },
      probe: content.kind === "media" && content.remote ? await this.probeRemote(content.remote) : file === undefined ? null : await this.probeInput(file),
      runs: [],
    };
    const caps = await this.deps.capabilities();
    fs.mkdirSync(this.deps.folder, { recursive: true });
    const folder = fs.mkdtempSync(path.join(this.deps.folder, "run-"));
    try {
      const durationMs = Math.min(content.limitMs, maxMs);
      const command = await pieceCommand({ plan, durationMs, realtime: false, ptsOffsetMs: 0, output: this.output(folder) }, caps, this.deps.probe);
      findings.runs.push(await this.execute(command, durationMs, folder));
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    return findings;
  }

  private output(folder: string) {
    return { kind: "hls" as const, playlistPath: path.join(folder, "run.m3u8"), segmentFilenamePattern: path.join(folder, "seg%06d.ts"), segmentSeconds: 4, startNumber: 0, initialSegmentSeconds: 1 };
  }

  /** A remote stream's source, opened as a channel opens it: the source's own error when it fails. */
  private async probeRemote(remote: StreamRemoteSource): Promise<NonNullable<TroubleshootFindings["probe"]>> {
    const probed = await probeStream(remote, this.deps.ffprobePath);
    if (!probed.ok) return { ok: false, error: this.redact(`${displayStreamUrl(remote.url)}: ${probed.reason}`) };
    const info = probed.value;
    const streams = info.streams.map((s) => `#${s.index} ${s.kind} ${s.codec ?? "?"}`).join(", ");
    return { ok: true, summary: `${displayStreamUrl(remote.url)} (${remote.live ? "live" : "fixed length"}): ${info.container ?? "unknown container"}: ${streams}` };
  }

  private async probeInput(file: string): Promise<NonNullable<TroubleshootFindings["probe"]>> {
    try {
      const info = await runFfprobe(this.deps.ffprobePath, file, PROBE_TIMEOUT_MS);
      const streams = info.streams.map((s) => `#${s.index} ${s.kind} ${s.codec ?? "?"}${s.language ? ` (${s.language})` : ""}`).join(", ");
      return { ok: true, summary: `${info.container ?? "unknown container"}, ${(info.durationMs / 1000).toFixed(1)} s: ${streams}` };
    } catch (error) {
      return { ok: false, error: this.redact(error instanceof Error ? error.message : String(error)) };
    }
  }

  private async execute(command: PieceCommand, durationMs: number, folder: string): Promise<TroubleshootRun> {
    const clock = this.deps.clock ?? Date.now;
    const started = clock();
    const process = this.deps.registry.spawn(command.args, "troubleshoot");
    let firstSegmentMs: number | null = null;
    const playlist = path.join(folder, "run.m3u8");
    const poll = setInterval(() => {
      if (firstSegmentMs === null && fs.existsSync(playlist) && fs.readFileSync(playlist, "utf8").includes("#EXTINF")) firstSegmentMs = clock() - started;
    }, POLL_MS);
    const timeout = setTimeout(() => void this.deps.registry.kill(process), durationMs + 30_000);
    const exitCode = await process.exited;
    clearInterval(poll);
    clearTimeout(timeout);
    const elapsedMs = Math.max(1, clock() - started);
    if (firstSegmentMs === null && exitCode === 0 && fs.existsSync(playlist) && fs.readFileSync(playlist, "utf8").includes("#EXTINF")) firstSegmentMs = elapsedMs;
    // Header values may be credentials: only their names are shown.
    const args = redactHeaderArguments(command.args).map((arg, i) => (command.args[i - 1] === "-headers" ? arg : this.redact(arg)));
    return {
      kind: command.kind,
      commandLine: [this.deps.ffmpegPath, ...args].map(quote).join(" "),
      maps: valuesOf(args, "-map"),
      filters: valuesOf(args, "-filter_complex")[0] ?? null,
      videoEncoder: valuesOf(args, "-c:v")[0] ?? null,
      audioEncoder: valuesOf(args, "-c:a")[0] ?? null,
      toneMapping: command.toneMapping ?? null,
      version: command.version ? `${command.version.reason} — ${command.version.path}; versions: ${command.version.candidates.join("; ")}` : null,
      copyDecision: command.decision ? `video ${command.decision.video.mode}: ${command.decision.video.reason}; audio ${command.decision.audio.mode}: ${command.decision.audio.reason}` : null,
      warnings: command.warnings,
      exitCode,
      stderr: this.redact(process.stderr().trim()),
      firstSegmentMs,
      encodedMs: durationMs,
      elapsedMs,
      speed: exitCode === 0 ? Math.round((durationMs / elapsedMs) * 100) / 100 : null,
    };
  }
}
