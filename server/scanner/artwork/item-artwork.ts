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

export async function sidecarsOf(candidate: Candidate, root: string, folders: FolderFiles): Promise<ItemSidecars> {
  const folder = path.dirname(candidate.path);
  const stem = stripExtension(path.basename(candidate.path));
  const files: string[] = [];
  const level = async (...sources: FolderRules[]): Promise<FoundArtwork[]> => {
    const found: FoundArtwork[] = [];
    for (const source of sources) {
      const names = await folders.names(source.folder);
      for (const match of matchingArtwork(names, source.rules)) files.push(path.join(source.folder, match.name));
      for (const pick of pickArtwork(names, source.rules)) {
        if (!found.some((f) => f.kind === pick.kind)) found.push({ kind: pick.kind, path: path.join(source.folder, pick.name) });
      }
    }
    return found;
  };
  const nfos = async (dir: string, names: string[]) => {
    const present = await folders.names(dir);
    for (const name of names) if (present.includes(name)) files.push(path.join(dir, name));
  };

  switch (candidate.kind) {
    case "Movie":
      await nfos(folder, [`${stem}.nfo`, "movie.nfo"]);
      return { own: await level({ folder, rules: movieRules(stem) }), files };
    case "Episode": {
      const showFolder = candidate.showFolder!;
      const seasonFolder = candidate.seasonFolder!;
      await nfos(folder, [`${stem}.nfo`]);
      await nfos(showFolder, ["tvshow.nfo"]);
      const seasonSources = [{ folder: showFolder, rules: seasonRulesInShowFolder(candidate.seasonNumber!) }];
      if (seasonFolder !== showFolder) seasonSources.push({ folder: seasonFolder, rules: SEASON_FOLDER_RULES });
      const own = await level({ folder, rules: episodeRules(stem) });
      const season = await level(...seasonSources);
      const show = await level({ folder: showFolder, rules: SHOW_RULES });
      return { own, season, show, files };
    }
    case "Song": {
      const own = await level({ folder, rules: ALBUM_RULES });
      const artistFolder = path.dirname(folder);
      const insideRoot = folder !== root && path.relative(root, artistFolder) !== "" && !path.relative(root, artistFolder).startsWith("..");
      const artist = insideRoot ? await level({ folder: artistFolder, rules: ARTIST_RULES }) : [];
      return { own, artist, files };
    }
    default:
      await nfos(folder, [`${stem}.nfo`]);
      return { own: await level({ folder, rules: otherVideoRules(stem) }), files };
  }
}
