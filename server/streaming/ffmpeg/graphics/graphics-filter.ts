/**
 * Graphics elements drawn into the picture: text (drawtext with the bundled font, live clock runs expanded
 * by FFmpeg from the frame's time) and images (scaled to a share of the frame height and overlaid), each
 * placed at an anchor, shown when its timing says, faded in and out. One graph segment per element, in
 * the order given, so later elements draw over earlier ones.
 */
import type { ClockRun, GraphicImage, GraphicText, StreamGraphic, TextRun } from "../../../domain/stream-plan";
import { anchorExpressions, DRAWTEXT_NAMES } from "../anchor";
import { filterValue } from "../filter-escaping";
import type { Resolution } from "../types";
import { enableOption, fadeAlpha } from "./timing";

/** Approximate advance of a DejaVu Sans glyph, as a share of the font size (for shortening long lines). */
const GLYPH_WIDTH = 0.6;
/** Characters a clock run takes (`12:45 PM`). */
const CLOCK_CHARS = 8;

export interface GraphicsLayer {
  graphics: readonly StreamGraphic[];
  /** The TrueType font text is drawn with (the bundled DejaVu Sans). */
  fontFile: string;
  /** Graph input of each element's image (`2:v`), by the element's index; text elements have none. */
  imageInputs: ReadonlyMap<number, string>;
}

/** Graph segments that draw every element of `layer` over `[videoLabel]`, producing `[outputLabel]`. */
export function graphicsSegments(layer: GraphicsLayer, target: Resolution, frameRate: number, videoLabel: string, outputLabel: string): string[] {
  const segments: string[] = [];
  let current = videoLabel;
  layer.graphics.forEach((graphic, index) => {
    const out = index === layer.graphics.length - 1 ? outputLabel : `gfx${index}`;
    const { draw } = graphic;
    if (draw.kind === "text") segments.push(`[${current}]${drawtextFilter(graphic, draw, target, layer.fontFile)}[${out}]`);
    else segments.push(...imageSegments(graphic, draw, target, frameRate, layer.imageInputs.get(index) ?? "", current, out, index));
    current = out;
  });
  return segments;
}

/** True when the element draws something (text with at least one visible character, or an image). */
export function drawsSomething(graphic: StreamGraphic): boolean {
  return graphic.draw.kind === "image" || graphic.draw.lines.some((line) => line.some((run) => "clock" in run || cleanText(run.text).trim() !== ""));
}

function drawtextFilter(graphic: StreamGraphic, text: GraphicText, target: Resolution, fontFile: string): string {
  const { width: W, height: H } = target;
  const opacity = clamp(graphic.opacityPercent, 0, 100) / 100;
  const fontSize = Math.max(8, Math.round((H * graphic.sizePercent) / 100));
  const border = text.box ? Math.max(2, Math.round(fontSize * 0.35)) : 0;
  const mx = Math.round((W * graphic.horizontalMarginPercent) / 100) + border;
  const my = Math.round((H * graphic.verticalMarginPercent) / 100) + border;
  const maxChars = Math.max(4, Math.floor((W - 2 * mx) / (fontSize * GLYPH_WIDTH)));
  const [x, y] = anchorExpressions(graphic.position, mx, my, DRAWTEXT_NAMES);
  const options = [
    `drawtext=fontfile=${filterValue(fontFile)}`,
    `text=${filterValue(text.lines.map((line) => lineText(line, maxChars)).join("\n"))}`,
    `fontsize=${fontSize}`,
    `fontcolor=${text.color}@${round(opacity)}`,
    `line_spacing=${Math.round(fontSize * 0.25)}`,
    `x=${x}`,
    `y=${y}`,
  ];
  if (text.box) options.push("box=1", `boxcolor=${text.box.color}@${round((clamp(text.box.opacityPercent, 0, 100) / 100) * opacity)}`, `boxborderw=${border}`);
  else options.push("shadowcolor=black@0.6", `shadowx=${Math.max(1, Math.round(fontSize / 16))}`, `shadowy=${Math.max(1, Math.round(fontSize / 16))}`);
  const alpha = fadeAlpha(graphic.when, graphic.fadeMs);
  if (alpha) options.push(`alpha='${alpha}'`);
  return options.join(":") + enableOption(graphic.when);
}

/** One line for drawtext's `normal` expansion: literal text escaped (`\` and `%`), clocks as `%{pts:gmtime:…}`; long lines end in `…`. */
function lineText(runs: readonly TextRun[], maxChars: number): string {
  let budget = maxChars;
  let out = "";
  for (const run of runs) {
    if (budget <= 0) break;
    if ("clock" in run) {
      out += clockExpansion(run.clock);
      budget -= CLOCK_CHARS;
      continue;
    }
    const chars = [...cleanText(run.text)];
    const kept = chars.length <= budget ? chars.join("") : `${chars.slice(0, Math.max(0, budget - 1)).join("").trimEnd()}…`;
    budget -= chars.length;
    out += kept.replace(/[\\%]/g, (c) => `\\${c}`);
  }
  return out;
}

/** The wall clock in the zone: the frame's time plus the zone's local time at the piece's start, written by strftime. */
function clockExpansion(clock: ClockRun): string {
  return `%{pts:gmtime:${round(clock.offsetSeconds, 3)}:${clock.format.replace(/[\\:}]/g, (c) => `\\${c}`)}}`;
}

function imageSegments(graphic: StreamGraphic, image: GraphicImage, target: Resolution, frameRate: number, input: string, videoLabel: string, out: string, index: number): string[] {
  void image; // the file is an input of the command (imageInputs)
  const { width: W, height: H } = target;
  const height = even((H * graphic.sizePercent) / 100);
  const mx = Math.round((W * graphic.horizontalMarginPercent) / 100);
  const my = Math.round((H * graphic.verticalMarginPercent) / 100);
  const [x, y] = anchorExpressions(graphic.position, mx, my);
  const prepare = [`scale=-2:${height}`, "format=rgba", `colorchannelmixer=aa=${round(clamp(graphic.opacityPercent, 0, 100) / 100)}`];
  const { when } = graphic;
  if (graphic.fadeMs > 0 && when.kind === "window") {
    // A still has one frame: repeated at the output rate, the fade filters have frames to fade.
    const f = graphic.fadeMs / 1000;
    const from = Math.max(0, when.fromMs / 1000);
    prepare.push(`loop=loop=-1:size=1:start=0`, `setpts=N/(${frameRate}*TB)`, `fade=t=in:st=${round(from, 3)}:d=${round(f, 3)}:alpha=1`, `fade=t=out:st=${round(Math.max(from, when.toMs / 1000 - f), 3)}:d=${round(f, 3)}:alpha=1`);
  }
  return [`[${input}]${prepare.join(",")}[gfximg${index}]`, `[${videoLabel}][gfximg${index}]overlay=x=${x}:y=${y}${enableOption(when)}[${out}]`];
}

/** Control characters become spaces, runs of white space one space. */
function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ");
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
