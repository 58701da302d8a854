/** Graphics previews: FFmpeg draws elements over a test-pattern frame with the bundled font. */
import type { GraphicsPreviewRenderer } from "../domain/graphics-preview";
import type { StreamGraphic } from "../domain/stream-plan";
import { bundledFonts } from "./bundled-fonts";
import { graphicsPreviewArgs } from "./ffmpeg/graphics/graphics-preview-args";
import { renderPng } from "./png-render";
import type { ProcessRegistry } from "./process-registry";

export class GraphicsPreviews implements GraphicsPreviewRenderer {
  constructor(private readonly registry: ProcessRegistry) {}

  render(graphics: readonly StreamGraphic[], size: { width: number; height: number }): Promise<Buffer> {
    return renderPng(this.registry, graphicsPreviewArgs(graphics, size, bundledFonts().regular), "graphics preview");
  }
}
