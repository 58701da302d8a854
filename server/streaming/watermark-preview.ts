/** Watermark previews: FFmpeg (one of the registry's processes) draws the watermark over a test-pattern frame. */
import type { StreamWatermark } from "../domain/stream-plan";
import type { WatermarkPreviewRenderer } from "../domain/watermark-preview";
import { watermarkPreviewArgs } from "./ffmpeg/watermark-preview-args";
import type { ProcessRegistry } from "./process-registry";

const TIMEOUT_MS = 20_000;
const MAX_PNG_BYTES = 32 * 1024 * 1024;

export class WatermarkPreviews implements WatermarkPreviewRenderer {
  constructor(private readonly registry: ProcessRegistry) {}

  async render(watermark: StreamWatermark, size: { width: number; height: number }): Promise<Buffer> {
    const process = this.registry.spawn(watermarkPreviewArgs(watermark, size), "watermark preview", "pipe");
    const chunks: Buffer[] = [];
    let bytes = 0;
    const drained = new Promise<void>((resolve) => {
      const out = process.child.stdout;
      if (!out) return resolve();
      out.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_PNG_BYTES) chunks.push(chunk);
        else void this.registry.kill(process);
      });
      out.once("close", () => resolve());
    });
    const timer = setTimeout(() => void this.registry.kill(process), TIMEOUT_MS);
    const [code] = await Promise.all([process.exited, drained]);
    clearTimeout(timer);
    const png = Buffer.concat(chunks);
    if (code !== 0 || png.length === 0 || bytes > MAX_PNG_BYTES) throw new Error(process.stderr().trim() || `FFmpeg exited with code ${code}`);
    return png;
  }
}
