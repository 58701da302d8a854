/** Playout rows joined with their media's metadata and cached artwork, as the guide writers want them. */
import type { ExternalItemMetadata } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import type { GuideItemTuple, GuideMediaRow, GuideRead } from "../db/repositories/guide-repository";
import { GuideEpisodeArtwork, GuideMode, MediaItemKind } from "../domain/enums";
import type { GuideFillerKind, GuideItem, ProgrammeKind } from "../guide";

const PROGRAMME_KINDS: Partial<Record<MediaItemKind, ProgrammeKind>> = {
  [MediaItemKind.Movie]: "Movie",
  [MediaItemKind.Episode]: "Episode",
  [MediaItemKind.OtherVideo]: "OtherVideo",
  [MediaItemKind.MusicVideo]: "MusicVideo",
  [MediaItemKind.Song]: "Song",
  [MediaItemKind.RemoteStream]: "RemoteStream",
};

/** Playout items of `playoutId` overlapping [from, to) as guide items (rows that make no programme dropped); one query. */
export async function readGuideItems(repos: Repositories, playoutId: number, from: number, to: number, episodeArtwork: GuideEpisodeArtwork): Promise<GuideItem[]> {
  const read = await repos.guide.channelGuide(playoutId, from, to);
  const media = mediaProgrammes(read, episodeArtwork);
  const result: GuideItem[] = [];
  for (const row of read.items) {
    const mediaItemId = row[9];
    const item = toGuideItem(row, mediaItemId !== null ? media.get(mediaItemId) : undefined);
    if (item) result.push(item);
  }
  return result;
}

/** What a programme shows of a media item, made once per item (a week of guide plays each many times). */
type MediaProgramme = Pick<
  GuideItem,
  "kind" | "title" | "subtitle" | "description" | "seasonNumber" | "episodeNumber" | "releaseDate" | "genres" | "posterUrl" | "thumbnailUrl" | "iconUrl" | "contentRating"
>;

/** What each media item the items play shows, by id. */
function mediaProgrammes(read: GuideRead, episodeArtwork: GuideEpisodeArtwork): Map<number, MediaProgramme> {
  // One list object per distinct genre list (a show's episodes share theirs): the XMLTV writer keeps the category lines it made per list.
  const lists = new Map<string, string[]>();
  return new Map(
    read.media.map((row) => {
      const key = row.genres.join("\u0000");
      const genres = lists.get(key) ?? row.genres;
      lists.set(key, genres);
      return [row.id, mediaProgramme({ ...row, genres }, episodeArtwork)];
    }),
  );
}

/** Server path of a cached artwork file (served by `/iptv/artwork/…`). */
function artworkPath(folder: "posters" | "thumbnails", cacheKey: string | undefined): string | undefined {
  return cacheKey ? `/iptv/artwork/${folder}/${cacheKey.split("/").map(encodeURIComponent).join("/")}` : undefined;
}

/** The cache key of the first artwork of one of `kinds` (lower case, in their order of preference). */
function artworkKey(artwork: ReadonlyArray<[string, string]> | null, ...kinds: string[]): string | undefined {
  if (!artwork?.length) return undefined;
  for (const kind of kinds) {
    const found = artwork.find(([k]) => k.toLowerCase() === kind);
    if (found) return found[1];
  }
  return undefined;
}

function mediaProgramme(row: GuideMediaRow, episodeArtwork: GuideEpisodeArtwork): MediaProgramme {
  const kind = PROGRAMME_KINDS[row.kind as MediaItemKind] ?? "OtherVideo";
  const releaseDate = row.releaseDate ?? (row.year !== null ? String(row.year) : undefined);
  const thumbnailUrl = artworkPath("thumbnails", artworkKey(row.artwork, "thumbnail", "thumb"));
  const genres = row.genres.length ? row.genres : undefined;
  if (kind === "Episode") {
    return {
      kind,
      title: row.showTitle ?? row.title ?? "",
      subtitle: row.title ?? undefined,
      description: row.plot ?? row.showPlot ?? undefined,
      seasonNumber: row.seasonNumber ?? row.parentSeasonNumber ?? undefined,
      episodeNumber: row.episodeNumber ?? undefined,
      releaseDate,
      genres,
      posterUrl: artworkPath("posters", artworkKey(row.showArtwork, "poster") ?? artworkKey(row.seasonArtwork, "poster")),
      thumbnailUrl,
      iconUrl: episodeArtwork === GuideEpisodeArtwork.EpisodeThumbnail ? thumbnailUrl : undefined,
      contentRating: row.contentRating ?? row.showContentRating ?? undefined,
    };
  }
  return {
    kind,
    title: row.title ?? "",
    description: row.plot ?? undefined,
    releaseDate,
    genres,
    // Songs: the album cover stands for a poster.
    posterUrl: artworkPath("posters", artworkKey(row.artwork, "poster", "cover")),
    thumbnailUrl,
    contentRating: row.contentRating ?? undefined,
  };
}

/**
 * One guide item per playout row, made straight from the row's tuple. Each object is one literal with every field: spreading a shared
 * `common` object into each literal took V8's slow path (about 15 µs a row), and adding fields to an
 * object after it is made grows it again.
 */
function toGuideItem(row: GuideItemTuple, media: MediaProgramme | undefined): GuideItem | undefined {
  const [start, finish, guideStartOrNull, guideFinishOrNull, guideGroup, rowFillerKind, customTitleOrNull, hiddenFromGuide, external, mediaItemId] = row;
  const fillerKind = rowFillerKind && rowFillerKind !== "None" ? (rowFillerKind as GuideFillerKind) : undefined;
  const guideMode = hiddenFromGuide ? GuideMode.Filler : undefined;
  const guideStart = guideStartOrNull ?? undefined;
  const guideFinish = guideFinishOrNull ?? undefined;
  const customTitle = customTitleOrNull ?? undefined;
  if (mediaItemId === null || media === undefined) {
    const base = (kind: ProgrammeKind, title: string): GuideItem => ({ start, finish, guideStart, guideFinish, fillerKind, guideMode, guideGroup, customTitle, kind, title });
    if (external?.title) return Object.assign(base("Movie", external.title), externalProgramme(external));
    // An offline gap kept as an item: only worth a programme when it has a title of its own.
    return customTitleOrNull ? base("OtherVideo", customTitleOrNull) : undefined;
  }
  return {
    start,
    finish,
    guideStart,
    guideFinish,
    fillerKind,
    guideMode,
    guideGroup,
    customTitle,
    kind: media.kind,
    title: media.title,
    subtitle: media.subtitle,
    description: media.description,
    seasonNumber: media.seasonNumber,
    episodeNumber: media.episodeNumber,
    releaseDate: media.releaseDate,
    genres: media.genres,
    posterUrl: media.posterUrl,
    thumbnailUrl: media.thumbnailUrl,
    iconUrl: media.iconUrl,
    contentRating: media.contentRating,
    metadataId: mediaItemId,
  };
}

/** A programme from an external (dizqueTV) item's own metadata; only http(s) icons are usable by players. */
function externalProgramme(external: ExternalItemMetadata): Pick<GuideItem, "kind" | "title" | "subtitle" | "seasonNumber" | "episodeNumber" | "releaseDate" | "posterUrl"> {
  const icon = external.icon && /^https?:\/\//i.test(external.icon) ? external.icon : undefined;
  const year = external.year !== undefined ? String(external.year) : undefined;
  if (external.type === "episode") {
    return { kind: "Episode", title: external.showTitle || external.title, subtitle: external.showTitle ? external.title : undefined, seasonNumber: external.season, episodeNumber: external.episode, releaseDate: year, posterUrl: icon };
  }
  return { kind: "Movie", title: external.title, releaseDate: year, posterUrl: icon };
}
