import path from "node:path";
import { LibraryKind } from "../domain/enums";
import type { ScannedFileKind } from "../domain/scan-protocol";
import { isAudioFile, isVideoFile } from "./media-files";
import { parseEpisodeFile } from "./naming/episode-name";
import { parseSeasonFolder } from "./naming/season-folder";

/** A media file found by the walk, with where it sits in the library's structure. */
export interface Candidate {
  libraryPathId: number;
  path: string;
  kind: ScannedFileKind;
  /** Shows: the show folder and the season folder (or the show folder for loose episodes). */
  showFolder?: string;
  seasonFolder?: string;
  seasonNumber?: number;
  episodes?: number[];
  episodeTitle?: string;
  /** Songs: the library path the file was found under (folder names below it name artist and album). */
  libraryRoot?: string;
}

export interface Rejected {
  path: string;
  reason: string;
}

/**
 * Decides what each file of a library path is: movies and other videos are leaves; in a Shows
 * library the first folder level is the show, a season folder (or the S01E02 marker) gives the season.
 */
export function toCandidate(kind: LibraryKind, libraryPathId: number, root: string, file: string): Candidate | Rejected | undefined {
  const name = path.basename(file);
  if (kind === LibraryKind.Music) return isAudioFile(name) ? { libraryPathId, path: file, kind: "Song", libraryRoot: root } : undefined;
  if (!isVideoFile(name)) return undefined;
  if (kind === LibraryKind.Movies) return { libraryPathId, path: file, kind: "Movie" };
  if (kind === LibraryKind.OtherVideos) return { libraryPathId, path: file, kind: "OtherVideo" };

  const parts = path.relative(root, file).split(path.sep);
  if (parts.length < 2) return { path: file, reason: "an episode must be inside a show folder" };
  const showFolder = path.join(root, parts[0]);
  const parsed = parseEpisodeFile(name);
  if (!parsed || parsed.episodes.length === 0) return { path: file, reason: "no episode number in the file name (expected e.g. S01E02 or 1x02)" };
  const parentFolder = path.dirname(file);
  const folderSeason = parentFolder === showFolder ? undefined : parseSeasonFolder(path.basename(parentFolder));
  const seasonNumber = folderSeason ?? parsed.season ?? 1;
  return {
    libraryPathId,
    path: file,
    kind: "Episode",
    showFolder,
    seasonFolder: parentFolder,
    seasonNumber,
    episodes: parsed.episodes,
    episodeTitle: parsed.title,
  };
}

export function isRejected(value: Candidate | Rejected): value is Rejected {
  return "reason" in value;
}
