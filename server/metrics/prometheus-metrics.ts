import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { FFmpegExitReason, MetricsPort } from "./metrics-port";

/** Live numbers read when /metrics is scraped. */
export interface StreamGauges {
  /** Each shared channel session with its viewers. */
  sessions(): { channelNumber: string; viewers: number }[];
  /** Running FFmpeg processes by kind (`session`, `ts-legacy`, `hls-direct`). */
  ffmpegProcesses(): Record<string, number>;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LONG_BUCKETS = [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

/** The Prometheus registry of one running server (prom-client): its own counters plus Node's process metrics. */
export class PrometheusMetrics implements MetricsPort {
  readonly registry = new Registry();
  private readonly requests: Counter<"method" | "route" | "status">;
  private readonly requestSeconds: Histogram<"method" | "route">;
  private readonly ffmpegStarts: Counter<"kind">;
  private readonly ffmpegExits: Counter<"kind" | "reason">;
  private readonly ffmpegRestarts: Counter<"reason">;
  private readonly buildSeconds: Histogram<"kind" | "mode">;
  private readonly buildFailures: Counter<"kind" | "mode">;
  private readonly scanSeconds: Histogram<"outcome">;
  private readonly guideSeconds: Histogram;

  constructor(gauges: () => StreamGauges | undefined) {
    const registers = [this.registry];
    // Resident memory, heap, event-loop lag (nodejs_eventloop_lag_seconds and percentiles), GC, handles.
    collectDefaultMetrics({ register: this.registry, prefix: "airwave_" });
    this.requests = new Counter({ name: "airwave_http_requests_total", help: "HTTP requests by method, route template and status", labelNames: ["method", "route", "status"], registers });
    this.requestSeconds = new Histogram({ name: "airwave_http_request_duration_seconds", help: "HTTP request latency by method and route template", labelNames: ["method", "route"], buckets: DURATION_BUCKETS, registers });
    new Gauge({
      name: "airwave_stream_sessions",
      help: "Shared channel stream sessions running",
      registers,
      collect() {
        this.set(gauges()?.sessions().length ?? 0);
      },
    });
    new Gauge({
      name: "airwave_stream_viewers",
      help: "Viewers of each channel's shared session (MPEG-TS readers and HLS clients seen within the idle timeout)",
      labelNames: ["channel"],
      registers,
      collect() {
        this.reset();
        for (const session of gauges()?.sessions() ?? []) this.set({ channel: session.channelNumber }, session.viewers);
      },
    });
    new Gauge({
      name: "airwave_ffmpeg_processes",
      help: "FFmpeg processes running, by kind",
      labelNames: ["kind"],
      registers,
      collect() {
        this.reset();
        for (const [kind, count] of Object.entries(gauges()?.ffmpegProcesses() ?? {})) this.set({ kind }, count);
      },
    });
    this.ffmpegStarts = new Counter({ name: "airwave_ffmpeg_starts_total", help: "FFmpeg processes started, by kind", labelNames: ["kind"], registers });
    this.ffmpegExits = new Counter({ name: "airwave_ffmpeg_exits_total", help: "FFmpeg processes ended, by kind and reason (completed, failed, killed)", labelNames: ["kind", "reason"], registers });
    this.ffmpegRestarts = new Counter({ name: "airwave_ffmpeg_restarts_total", help: "FFmpeg runs a session started because the previous run failed, by what it plays instead", labelNames: ["reason"], registers });
    this.buildSeconds = new Histogram({ name: "airwave_playout_build_duration_seconds", help: "Playout build duration by playout kind and build mode", labelNames: ["kind", "mode"], buckets: DURATION_BUCKETS, registers });
    this.buildFailures = new Counter({ name: "airwave_playout_build_failures_total", help: "Failed playout builds by playout kind and build mode", labelNames: ["kind", "mode"], registers });
    this.scanSeconds = new Histogram({ name: "airwave_library_scan_duration_seconds", help: "Library scan duration by outcome", labelNames: ["outcome"], buckets: LONG_BUCKETS, registers });
    this.guideSeconds = new Histogram({ name: "airwave_guide_rebuild_duration_seconds", help: "Time to bring the XMLTV guide up to date when at least one channel's fragment was rebuilt", buckets: DURATION_BUCKETS, registers });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  ffmpegStarted(kind: string): void {
    this.ffmpegStarts.inc({ kind });
  }

  ffmpegExited(kind: string, reason: FFmpegExitReason): void {
    this.ffmpegExits.inc({ kind, reason });
  }

  ffmpegRestarted(reason: string): void {
    this.ffmpegRestarts.inc({ reason });
  }

  playoutBuild(kind: string, mode: string, success: boolean, seconds: number): void {
    this.buildSeconds.observe({ kind, mode }, seconds);
    if (!success) this.buildFailures.inc({ kind, mode });
  }

  scanFinished(success: boolean, seconds: number): void {
    this.scanSeconds.observe({ outcome: success ? "success" : "failure" }, seconds);
  }

  guideRebuild(fragmentsBuilt: number, seconds: number): void {
    if (fragmentsBuilt > 0) this.guideSeconds.observe(seconds);
  }
}
