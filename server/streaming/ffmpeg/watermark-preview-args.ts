/** FFmpeg arguments for a watermark preview: one frame of a test pattern with the watermark over it, as PNG on stdout. */
import type { Resolution, Watermark } from "./types";
import { watermarkSegments } from "./watermark-filter";

export function watermarkPreviewArgs(watermark: Watermark, size: Resolution): string[] {
  // Shown as it looks while visible: an intermittent watermark's cycle does not apply to a still.
  const { intermittent: _cycle, ...still } = watermark;
  const graph = watermarkSegments(still, size, "1:v", "0:v", "out").join(";");
  return [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${size.width}x${size.height}:rate=1`,
    "-i",
    watermark.imagePath,
    "-filter_complex",
    graph,
    "-map",
    "[out]",
    "-frames:v",
    "1",
    "-c:v",
    "png",
    "-f",
    "image2pipe",
    "pipe:1",
  ];
}
