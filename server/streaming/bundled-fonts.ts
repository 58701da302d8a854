/**
 * The TrueType fonts Airwave ships (server/assets/fonts: DejaVu Sans, its licence beside it), so text drawn by
 * FFmpeg never depends on the fonts a system happens to have. The build copies them next to the compiled server;
 * in the desktop app they are unpacked next to the archive (electron-builder `asarUnpack`), where FFmpeg can open them.
 */
import path from "node:path";

export interface BundledFonts {
  regular: string;
  bold: string;
}

let cached: BundledFonts | undefined;

export function bundledFonts(): BundledFonts {
  if (!cached) {
    const folder = path.resolve(__dirname, "../assets/fonts").replace(`app.asar${path.sep}`, `app.asar.unpacked${path.sep}`);
    cached = { regular: path.join(folder, "DejaVuSans.ttf"), bold: path.join(folder, "DejaVuSans-Bold.ttf") };
  }
  return cached;
}
