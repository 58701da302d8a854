/**
 * Streams with one FFmpeg per viewer (reference §4.3/§4.4):
 * - ts-legacy: the channel transcoded to MPEG-TS item after item, each run continuing the previous
 *   run's timestamps; a failed run is followed by an error slate for the rest of its time.
 * - hls-direct: the current item remuxed (copied) from the current offset to its end; a gap plays
 *   the offline slate.
 * The process is killed the moment the viewer leaves.
 */
import type { Writable } from "node:stream";
import type { StreamPlan } from "../domain/stream-plan";
import { buildRemuxArgs, meaningfulErrorLines, type EncoderCapabilities } from "./ffmpeg";
import type { MediaProbe } from "./media-probe";
import { errorSlateCommand, pieceCommand, remuxInput } from "./plan-command";
import type { OwnedProcess, ProcessRegistry } from "./process-registry";

export interface ViewerStreamDependencies {
  plan(channelNumber: string, at: number): Promise<StreamPlan>;
  capabilities(): Promise<EncoderCapabilities>;
  probe: MediaProbe;
  registry: ProcessRegistry;
  clock(): number;
}

const PTS_GUARD_MS = 50;
const MIN_PIECE_MS = 250;

export class ViewerStream {
  private process: OwnedProcess | undefined;
  private closed = false;

  constructor(
    readonly channelNumber: string,
    readonly mode: "ts-legacy" | "hls-direct",
    private readonly deps: ViewerStreamDependencies,
  ) {}

  get running(): boolean {
    return !this.closed;
  }

  /** Writes to `out` until the viewer leaves (legacy) or the item ends (direct). */
  async pipe(out: Writable, first: StreamPlan): Promise<void> {
    if (this.mode === "hls-direct") return this.direct(out, first);
    let plan: StreamPlan | undefined = first;
    let wall = first.at;
    let pts = 0;
    while (!this.closed) {
      plan ??= await this.deps.plan(this.channelNumber, wall);
      let durationMs = plan.content.limitMs;
      if (durationMs >= MIN_PIECE_MS) {
        const caps = await this.deps.capabilities();
        const request = { durationMs, realtime: true, output: { kind: "mpegts" as const }, ptsOffsetMs: pts };
        // An MPEG-TS viewer cannot switch subtitle renditions: a soft-subtitle channel burns the selected one in.
        const command = await pieceCommand({ ...request, plan, burnSoftSubtitles: true }, caps, this.deps.probe);
        durationMs = command.durationMs; // a copied piece starts on a keyframe, a little earlier and longer
        const result = await this.run(command.args, out);
        if (this.closed) return;
        if (!result.ok) {
          const elapsed = Math.min(durationMs, this.deps.clock() - result.startedAt);
          const slate = errorSlateCommand(plan, result.reason, { ...request, durationMs: Math.max(MIN_PIECE_MS, durationMs - elapsed), ptsOffsetMs: pts + elapsed + PTS_GUARD_MS }, caps);
          await this.run(slate.args, out);
        }
        pts += (command.ptsLeadMs ?? 0) + durationMs + PTS_GUARD_MS;
      }
      wall += Math.max(1, durationMs);
      plan = undefined;
    }
  }

  private async direct(out: Writable, plan: StreamPlan): Promise<void> {
    const caps = await this.deps.capabilities();
    const content = plan.content;
    const args =
      // A watermark or graphics are burned in, so that piece is transcoded.
      content.kind === "media" && !content.watermark && !content.graphics?.length && !content.remote
        ? buildRemuxArgs({ inputPath: await remuxInput(content, plan.channel.profile, this.deps.probe), seekMs: content.seekMs, durationMs: content.limitMs, channelName: plan.channel.name, realtime: true }, caps).args
        : (await pieceCommand({ plan, durationMs: content.limitMs, realtime: true, output: { kind: "mpegts" }, ptsOffsetMs: 0 }, caps, this.deps.probe)).args;
    await this.run(args, out);
  }

  private async run(args: string[], out: Writable): Promise<{ ok: boolean; reason: string; startedAt: number }> {
    const startedAt = this.deps.clock();
    if (this.closed) return { ok: true, reason: "", startedAt };
    const process = this.deps.registry.spawn(args, `${this.mode} ${this.channelNumber}`, "pipe");
    this.process = process;
    process.child.stdout!.pipe(out, { end: false });
    const code = await process.exited;
    process.child.stdout?.unpipe(out);
    this.process = undefined;
    const lines = meaningfulErrorLines(process.stderr());
    return { ok: code === 0, reason: lines.slice(-2).join("\n") || `FFmpeg exited with code ${code}`, startedAt };
  }

  /** The viewer left: kill the process now. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.process) await this.deps.registry.kill(this.process);
  }
}
