/**
 * Which sidecar files belong to a media file: its artwork at each level (the item, its season and show,
 * the album and artist of a song) by the naming rules, and the NFOs it is read with. Only folder
 * listings are read here; nothing is opened.
 */
import path from "node:path";
import type { ArtworkKind } from "../../domain/enums";
import type { Candidate } from "../candidates";
import { stripExtension } from "../media-files";
import {
  ALBUM_RULES, ARTIST_RULES, episodeRules, matchingArtwork, movieRules, otherVideoRules, pickArtwork, SEASON_FOLDER_RULES, seasonRulesInShowFolder, SHOW_RULES,
  type ArtworkRules,
} from "./artwork-names";
import type { FolderFiles } from "./folder-files";

export interface FoundArtwork {
  kind: ArtworkKind;
  path: string;
}

export interface ItemSidecars {
  own: FoundArtwork[];
  season?: FoundArtwork[];
  show?: FoundArtwork[];
  /** Songs: the artist folder's pictures. */
  artist?: FoundArtwork[];
  /** Every file whose change means the media file must be read again (NFOs and candidate images). */
  files: string[];
}

interface FolderRules {
  folder: string;
  rules: ArtworkRules;
}

interface Level {
  found: FoundArtwork[];
  /** Every image a rule names, whether picked or not. */
  files: string[];
}

function level(folders: FolderFiles, sources: readonly FolderRules[]): Level {
  const found: FoundArtwork[] = [];
  const files: string[] = [];
  for (const source of sources) {
    const { images } = folders.index(source.folder);
    for (const match of matchingArtwork(images, source.rules)) files.push(path.join(source.folder, match.name));
    for (const pick of pickArtwork(images, source.rules)) {
      if (!found.some((f) => f.kind === pick.kind)) found.push({ kind: pick.kind, path: path.join(source.folder, pick.name) });
    }
  }
  return { found, files };
}

function present(folders: FolderFiles, dir: string, names: readonly string[]): string[] {
  const index = folders.index(dir).names;
  return names.filter((name) => index.has(name)).map((name) => path.join(dir, name));
}

/** The sidecars of one media file. Show and season levels are worked out once per scan and shared. */
export function sidecarsOf(candidate: Candidate, root: string, folders: FolderFiles): ItemSidecars {
  const folder = path.dirname(candidate.path);
  const stem = stripExtension(path.basename(candidate.path));
  switch (candidate.kind) {
    case "RemoteStream":
    case "Movie": {
      const own = level(folders, [{ folder, rules: movieRules(stem) }]);
      return { own: own.found, files: [...present(folders, folder, [`${stem}.nfo`, "movie.nfo"]), ...own.files] };
    }
    case "Episode": {
      const showFolder = candidate.showFolder!;
      const seasonFolder = candidate.seasonFolder!;
      const seasonNumber = candidate.seasonNumber!;
      const own = level(folders, [{ folder, rules: episodeRules(stem) }]);
      const show = folders.once(`show\0${showFolder}`, () => {
        const art = level(folders, [{ folder: showFolder, rules: SHOW_RULES }]);
        return { found: art.found, files: [...present(folders, showFolder, ["tvshow.nfo"]), ...art.files] };
      });
      const season = folders.once(`season\0${showFolder}\0${seasonFolder}\0${seasonNumber}`, () => {
        const sources = [{ folder: showFolder, rules: seasonRulesInShowFolder(seasonNumber) }];
        if (seasonFolder !== showFolder) sources.push({ folder: seasonFolder, rules: SEASON_FOLDER_RULES });
        return level(folders, sources);
      });
      return { own: own.found, season: season.found, show: show.found, files: [...present(folders, folder, [`${stem}.nfo`]), ...own.files, ...season.files, ...show.files] };
    }
    case "Song": {
      const own = folders.once(`album\0${folder}`, () => level(folders, [{ folder, rules: ALBUM_RULES }]));
      const artistFolder = path.dirname(folder);
      const relative = path.relative(root, artistFolder);
      const insideRoot = folder !== root && relative !== "" && !relative.startsWith("..");
      const artist = insideRoot ? folders.once(`artist\0${artistFolder}`, () => level(folders, [{ folder: artistFolder, rules: ARTIST_RULES }])) : { found: [], files: [] };
      return { own: own.found, artist: artist.found, files: [...own.files, ...artist.files] };
    }
    default: {
      const own = level(folders, [{ folder, rules: otherVideoRules(stem) }]);
      return { own: own.found, files: [...present(folders, folder, [`${stem}.nfo`]), ...own.files] };
    }
  }
}
