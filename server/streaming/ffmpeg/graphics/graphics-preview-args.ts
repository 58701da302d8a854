/** FFmpeg arguments for a graphics preview: one frame of a test pattern with the elements drawn, as PNG on stdout. */
import type { StreamGraphic } from "../../../domain/stream-plan";
import type { Resolution } from "../types";
import { graphicsSegments } from "./graphics-filter";

export function graphicsPreviewArgs(graphics: readonly StreamGraphic[], size: Resolution, fontFile: string): string[] {
  // Shown as they look while visible: a still has no timing.
  const still = graphics.map((g) => ({ ...g, when: { kind: "always" as const }, fadeMs: 0 }));
  const imageInputs = new Map<number, string>();
  const inputs: string[] = ["-f", "lavfi", "-i", `testsrc2=size=${size.width}x${size.height}:rate=1`];
  still.forEach((g, index) => {
    if (g.draw.kind !== "image") return;
    inputs.push("-i", g.draw.imagePath);
    imageInputs.set(index, `${imageInputs.size + 1}:v`);
  });
  const graph = still.length ? graphicsSegments({ graphics: still, fontFile, imageInputs }, size, 1, "0:v", "out").join(";") : "[0:v]null[out]";
  return ["-hide_banner", "-nostdin", "-loglevel", "error", ...inputs, "-filter_complex", graph, "-map", "[out]", "-frames:v", "1", "-c:v", "png", "-f", "image2pipe", "pipe:1"];
}
