/** Watermark previews: FFmpeg draws the watermark over a test-pattern frame. */
import type { StreamWatermark } from "../domain/stream-plan";
import type { WatermarkPreviewRenderer } from "../domain/watermark-preview";
import { watermarkPreviewArgs } from "./ffmpeg/watermark-preview-args";
import { renderPng } from "./png-render";
import type { ProcessRegistry } from "./process-registry";

export class WatermarkPreviews implements WatermarkPreviewRenderer {
  constructor(private readonly registry: ProcessRegistry) {}

  render(watermark: StreamWatermark, size: { width: number; height: number }): Promise<Buffer> {
    return renderPng(this.registry, watermarkPreviewArgs(watermark, size), "watermark preview");
  }
}
