/**
 * What a user reads when FFmpeg fails: the lines of its error output that say what went wrong (FFmpeg ends
 * with generic lines such as "Conversion failed!" after the one that names the cause), and which inputs it read.
 */
const GENERIC = [
  /^conversion failed!?$/i,
  /^error marking filters as finished$/i,
  /^exiting normally/i,
  /frames? left in the queue on closing$/i,
  /^\[[^\]]+\] qavg: /i,
  /^last message repeated \d+ times?$/i,
];

/** FFmpeg's error output as lines, "[component @ 0x…]" addresses taken out (they say nothing to a reader), empty and generic lines dropped. */
export function meaningfulErrorLines(stderr: string): string[] {
  const lines = stderr.split("\n").map((l) => l.replace(/ @ 0x[0-9a-f]+\]/g, "]").trim()).filter(Boolean);
  const meaningful = lines.filter((l) => !GENERIC.some((pattern) => pattern.test(l)));
  // Only generic lines: they are still better than nothing.
  return meaningful.length ? meaningful : lines;
}

/** The line that says what went wrong, or null when FFmpeg said nothing. */
export function ffmpegErrorLine(stderr: string): string | null {
  return meaningfulErrorLines(stderr).at(-1) ?? null;
}

/** The files and URLs an FFmpeg command reads (`-i`), generated sources (`-f lavfi`) left out. */
export function ffmpegInputs(args: readonly string[]): string[] {
  const inputs: string[] = [];
  let format: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-f") format = args[i + 1];
    if (args[i] !== "-i" || i + 1 >= args.length) continue;
    if (format !== "lavfi") inputs.push(args[i + 1]!);
    format = undefined;
  }
  return inputs;
}
