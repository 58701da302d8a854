import type { StreamGraphic } from "./stream-plan";

/** Draws graphics elements over one frame of a generated test pattern (server/streaming implements it with FFmpeg). */
export interface GraphicsPreviewRenderer {
  /** A PNG of `width`×`height`; rejects with FFmpeg's error text. */
  render(graphics: readonly StreamGraphic[], size: { width: number; height: number }): Promise<Buffer>;
}
