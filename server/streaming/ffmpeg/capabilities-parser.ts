/**
 * Turns the text FFmpeg prints for `-encoders`, `-hwaccels`, `-filters` and `-version` into an
 * EncoderCapabilities value. Pure parsing: the caller runs FFmpeg and passes the output in.
 */
import type { EncoderCapabilities } from "./types";

export interface FFmpegProbeOutput {
  encoders: string;
  hwaccels: string;
  filters: string;
  version: string;
  /** Optional `ffmpeg -h long` text; when given, `-readrate` support is read from it. */
  options?: string;
}

export function parseCapabilities(output: FFmpegProbeOutput): EncoderCapabilities {
  const version = parseFfmpegVersion(output.version);
  return {
    encoders: parseEncoderList(output.encoders),
    hwaccels: parseHwaccelList(output.hwaccels),
    filters: parseFilterList(output.filters),
    supportsReadrate:
      output.options !== undefined
        ? /^\s*-readrate\s/m.test(output.options)
        : // -readrate appeared in FFmpeg 5.0. Development builds (N-xxxx) carry no release number, so
          // without the options text they get the `-re` fallback, which every version has.
          version !== undefined && version.major >= 5,
  };
}

/** `ffmpeg -encoders`: lines like ` V....D libx264   libx264 H.264 ...` after the `------` rule. */
export function parseEncoderList(text: string): Set<string> {
  return namesAfterRule(text, /^\s*([VAS][A-Z.]{5})\s+(\S+)/);
}

/** `ffmpeg -filters`: lines like ` T.C drawtext   V->V   Draw text ...`. */
export function parseFilterList(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*[T.][S.][C.]\s+(\S+)\s+\S+->\S+/.exec(line);
    if (match?.[1]) names.add(match[1]);
  }
  return names;
}

/** `ffmpeg -hwaccels`: a heading line, then one method per line. */
export function parseHwaccelList(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim();
    if (name !== "" && !name.includes(" ") && !name.endsWith(":")) names.add(name);
  }
  return names;
}

/** Major/minor from `ffmpeg version 5.1.9-0+deb12u1 ...`; undefined for git/N- builds. */
export function parseFfmpegVersion(text: string): { major: number; minor: number } | undefined {
  const match = /ffmpeg version (\S+)/.exec(text);
  if (!match?.[1]) return undefined;
  const release = /^n?(\d+)\.(\d+)/.exec(match[1]);
  return release ? { major: Number(release[1]), minor: Number(release[2]) } : undefined;
}

function namesAfterRule(text: string, pattern: RegExp): Set<string> {
  const names = new Set<string>();
  const lines = text.split(/\r?\n/);
  const rule = lines.findIndex((l) => l.trim().startsWith("------"));
  for (const line of lines.slice(rule + 1)) {
    const match = pattern.exec(line);
    if (match?.[2]) names.add(match[2]);
  }
  return names;
}
