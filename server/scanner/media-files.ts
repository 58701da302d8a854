/**
 * Which files and folders of a local library the scanner looks at. Pure name checks: the caller lists
 * folders and passes names (not paths) in. All comparisons are case-insensitive.
 */

/** Video containers the scanner indexes (movies, episodes, other videos), lowercase with the dot. */
export const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set([
  ".avs", ".mpg", ".mp2", ".mpeg", ".mpe", ".mpv", ".ogg", ".ogv", ".mp4", ".m4p", ".m4v",
  ".avi", ".wmv", ".mov", ".mkv", ".m2ts", ".ts", ".webm",
]);

/** Audio files indexed by song libraries, lowercase with the dot. */
export const AUDIO_EXTENSIONS: ReadonlySet<string> = new Set([
  ".aac", ".aif", ".aifc", ".aiff", ".alac", ".dff", ".dsf", ".flac", ".mp3", ".m4a", ".ogg",
  ".opus", ".oga", ".ogx", ".spx", ".wav", ".wma",
]);

/** Artwork side-car images (poster, fanart, thumb), lowercase with the dot. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([".jpg", ".jpeg", ".png", ".gif", ".tbn", ".webp"]);

/** A folder holding one of these files is skipped with everything below it. */
export const IGNORE_MARKER_FILES: readonly string[] = [".airwaveignore", ".etvignore"];

/** Folder names that hold a movie's extras rather than movies (compared case-insensitively). */
export const EXTRAS_FOLDER_NAMES: readonly string[] = [
  "behind the scenes", "deleted scenes", "featurettes", "interviews", "scenes", "shorts", "trailers", "other", "extras",
];

/**
 * File-name suffixes (before the extension, after `-` or `_`) that mark an extra, e.g. `Movie-trailer.mkv`.
 * `sample` is our addition: release samples are never programming.
 */
export const EXTRAS_FILE_SUFFIXES: readonly string[] = [
  "behindthescenes", "deleted", "featurette", "interview", "scene", "short", "trailer", "other", "sample",
];

/** Folder context for {@link isIgnoredFolder}. */
export type FolderContext = "movies" | "shows";

/** Lowercase extension with its dot (`"Film.MKV"` → `".mkv"`), or `""` when there is none. */
export function extensionOf(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? "" : base.slice(dot).toLowerCase();
}

/** The name without its last extension (`"a.b.mkv"` → `"a.b"`); dot-files keep their name. */
export function stripExtension(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf(".");
  return dot <= 0 ? base : base.slice(0, dot);
}

export function isVideoFile(name: string): boolean {
  return VIDEO_EXTENSIONS.has(extensionOf(name));
}

export function isAudioFile(name: string): boolean {
  return AUDIO_EXTENSIONS.has(extensionOf(name));
}

export function isImageFile(name: string): boolean {
  return IMAGE_EXTENSIONS.has(extensionOf(name));
}

/**
 * True for folders the scanner never enters: hidden (dot) folders, and extras folders. In a movie
 * library `Specials` is an extras folder too; in a show library it is season 0 and is kept.
 */
export function isIgnoredFolder(name: string, context: FolderContext = "movies"): boolean {
  const value = baseName(name).trim();
  if (value === "" || value.startsWith(".")) return true;
  const lower = value.toLowerCase();
  if (EXTRAS_FOLDER_NAMES.includes(lower)) return true;
  return context === "movies" && lower === "specials";
}

/**
 * True for files the scanner skips: AppleDouble resource forks (`._Movie.mkv`, removed if indexed) and
 * extras named with a suffix (`Movie-trailer.mkv`, `Movie_deleted.mp4`).
 */
export function isIgnoredFile(name: string): boolean {
  const base = baseName(name);
  if (base.startsWith("._")) return true;
  const stem = stripExtension(base).toLowerCase();
  return EXTRAS_FILE_SUFFIXES.some((suffix) => {
    if (!stem.endsWith(suffix)) return false;
    const separator = stem.charAt(stem.length - suffix.length - 1);
    return separator === "-" || separator === "_";
  });
}

/** True when a folder's file names include an ignore marker (`.airwaveignore` or `.etvignore`). */
export function hasIgnoreMarker(fileNames: Iterable<string>): boolean {
  for (const name of fileNames) {
    if (IGNORE_MARKER_FILES.includes(baseName(name).toLowerCase())) return true;
  }
  return false;
}

/** Last path segment, tolerant of both separators, so callers may pass a name or a path. */
function baseName(name: string): string {
  const trimmed = name.replace(/[\\/]+$/, "");
  const slash = Math.max(trimmed.lastIndexOf("/"), trimmed.lastIndexOf("\\"));
  return slash === -1 ? trimmed : trimmed.slice(slash + 1);
}
