/**
 * The stream troubleshooter: what a channel plays now, run through the real pipeline for up to 20 s
 * without viewers, reported in full and as one text file to attach to a bug report.
 */
import type { StreamPlan } from "../domain/stream-plan";
import type { StreamTroubleshooter, TroubleshootFindings } from "../domain/troubleshoot";
import { DomainError } from "./domain-error";
import type { StreamSourceService } from "./stream-source-service";

export const TROUBLESHOOT_MAX_MS = 20_000;

export interface TroubleshootReport extends TroubleshootFindings {
  channelNumber: string;
  channelName: string;
  /** ISO 8601 time of the run. */
  at: string;
  /** Everything above as one text file. */
  text: string;
}

export class TroubleshootService {
  constructor(
    private readonly sources: Pick<StreamSourceService, "planNow" | "planMediaItem">,
    private readonly runner: () => StreamTroubleshooter | undefined,
    private readonly clock: () => number = Date.now,
  ) {}

  channel(number: string): Promise<TroubleshootReport> {
    return this.report("channelNumber", () => this.sources.planNow(number));
  }

  /** A media item from its start with a chosen profile; the report's channel number is empty and its name says what ran. */
  mediaItem(mediaItemId: number, profileId: number): Promise<TroubleshootReport> {
    return this.report("mediaItemId", () => this.sources.planMediaItem(mediaItemId, profileId));
  }

  private async report(field: string, planned: () => Promise<StreamPlan>): Promise<TroubleshootReport> {
    const runner = this.runner();
    if (!runner) throw DomainError.invalid(field, "streaming is not available on this server");
    const at = this.clock();
    const plan = await planned();
    const findings = await runner.run(plan, TROUBLESHOOT_MAX_MS);
    const report = { channelNumber: plan.channel.number, channelName: plan.channel.name, at: new Date(at).toISOString(), ...findings };
    return { ...report, text: reportText(report) };
  }
}

/** The report as plain text, section by section. */
export function reportText(r: Omit<TroubleshootReport, "text">): string {
  const subject = r.channelNumber ? `Channel ${r.channelNumber} "${r.channelName}"` : r.channelName;
  const lines = [`Airwave stream troubleshooter`, `${subject} at ${r.at}`, ""];
  const plan = r.plan;
  lines.push("== What plays now");
  if (plan.kind === "media") lines.push(`media: ${plan.path} from ${((plan.seekMs ?? 0) / 1000).toFixed(1)} s, ${(plan.limitMs / 1000).toFixed(1)} s left`);
  else if (plan.kind === "offline") lines.push(`offline slate for ${(plan.limitMs / 1000).toFixed(1)} s (nothing scheduled)`);
  else lines.push(`error slate: ${plan.reason ?? ""}`.trimEnd());
  lines.push("", "== Input probe (ffprobe)");
  if (!r.probe) lines.push("no input file");
  else lines.push(r.probe.ok ? (r.probe.summary ?? "") : `failed: ${r.probe.error ?? ""}`);
  for (const [i, run] of r.runs.entries()) {
    lines.push("", `== FFmpeg run ${i + 1} (${run.kind})`, run.commandLine, "");
    lines.push(`streams: ${run.maps.join(" ") || "-"}`, `filters: ${run.filters ?? "-"}`, `encoders: video ${run.videoEncoder ?? "-"}, audio ${run.audioEncoder ?? "-"}`);
    lines.push(`tone mapping: ${run.toneMapping ?? "none (SDR source, or the picture is copied)"}`);
    if (run.version) lines.push(`version: ${run.version}`);
    if (run.copyDecision) lines.push(`copy decision: ${run.copyDecision}`);
    for (const w of run.warnings) lines.push(`warning: ${w}`);
    lines.push(`exit code: ${run.exitCode ?? "killed"}`);
    lines.push(`first segment: ${run.firstSegmentMs === null ? "none" : `${run.firstSegmentMs} ms`}`);
    lines.push(`speed: ${run.speed === null ? "-" : `×${run.speed} (${(run.encodedMs / 1000).toFixed(1)} s in ${(run.elapsedMs / 1000).toFixed(1)} s)`}`);
    lines.push("stderr:", run.stderr || "(empty)");
  }
  return `${lines.join("\n")}\n`;
}
