import type { StreamWatermark } from "./stream-plan";

/** Renders a watermark over one frame of a generated test pattern (server/streaming implements it with FFmpeg). */
export interface WatermarkPreviewRenderer {
  /** A PNG of `width`×`height`; rejects with FFmpeg's error text. */
  render(watermark: StreamWatermark, size: { width: number; height: number }): Promise<Buffer>;
}
