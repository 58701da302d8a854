/** Playout rows joined with their media's metadata and cached artwork, as the guide writers want them. */
import type { ExternalItemMetadata } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import type { GuideItemRow, GuideMediaRow } from "../db/repositories/guide-repository";
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

/** Playout items of `playoutId` overlapping [from, to) as guide items (rows that make no programme dropped). */
export async function readGuideItems(repos: Repositories, playoutId: number, from: number, to: number, episodeArtwork: GuideEpisodeArtwork): Promise<GuideItem[]> {
  const [rows, media] = await Promise.all([repos.guide.itemsBetween(playoutId, from, to), loadMedia(repos, playoutId, from, to, episodeArtwork)]);
  const result: GuideItem[] = [];
  for (const row of rows) {
    const item = toGuideItem(row, row.mediaItemId !== null ? media.get(row.mediaItemId) : undefined);
    if (item) result.push(item);
  }
  return result;
}

/** What a programme shows of a media item, made once per item (a week of guide plays each many times). */
type MediaProgramme = Pick<
  GuideItem,
  "kind" | "title" | "subtitle" | "description" | "seasonNumber" | "episodeNumber" | "releaseDate" | "genres" | "posterUrl" | "thumbnailUrl" | "iconUrl" | "contentRating"
>;

/** The media the items play with their genres and cached artwork (three queries, whatever the item count). */
async function loadMedia(repos: Repositories, playoutId: number, from: number, to: number, episodeArtwork: GuideEpisodeArtwork): Promise<Map<number, MediaProgramme>> {
  const rows = await repos.guide.mediaBetween(playoutId, from, to);
  const ids = new Set<number>();
  for (const row of rows) {
    ids.add(row.id);
    if (row.seasonId !== null) ids.add(row.seasonId);
    if (row.showId !== null) ids.add(row.showId);
  }
  const wanted = [...ids];
  const [genres, artwork] = await Promise.all([repos.guide.genresOf(wanted), repos.guide.artworkOf(wanted)]);
  return new Map(rows.map((row) => [row.id, mediaProgramme(row, genres, artwork, episodeArtwork)]));
}

/** Server path of a cached artwork file (served by `/iptv/artwork/…`). */
function artworkPath(folder: "posters" | "thumbnails", cacheKey: string | undefined): string | undefined {
  return cacheKey ? `/iptv/artwork/${folder}/${cacheKey.split("/").map(encodeURIComponent).join("/")}` : undefined;
}

function mediaProgramme(row: GuideMediaRow, genres: Map<number, string[]>, artwork: Map<number, Map<string, string>>, episodeArtwork: GuideEpisodeArtwork): MediaProgramme {
  const kind = PROGRAMME_KINDS[row.kind as MediaItemKind] ?? "OtherVideo";
  const art = artwork.get(row.id);
  const releaseDate = row.releaseDate ?? (row.year !== null ? String(row.year) : undefined);
  const thumbnailUrl = artworkPath("thumbnails", art?.get("thumbnail") ?? art?.get("thumb"));
  if (kind === "Episode") {
    const showPoster = row.showId !== null ? artwork.get(row.showId)?.get("poster") : undefined;
    const seasonPoster = row.seasonId !== null ? artwork.get(row.seasonId)?.get("poster") : undefined;
    return {
      kind,
      title: row.showTitle ?? row.title ?? "",
      subtitle: row.title ?? undefined,
      description: row.plot ?? row.showPlot ?? undefined,
      seasonNumber: row.seasonNumber ?? row.parentSeasonNumber ?? undefined,
      episodeNumber: row.episodeNumber ?? undefined,
      releaseDate,
      genres: row.showId !== null ? genres.get(row.showId) : undefined,
      posterUrl: artworkPath("posters", showPoster ?? seasonPoster),
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
    genres: genres.get(row.id),
    // Songs: the album cover stands for a poster.
    posterUrl: artworkPath("posters", art?.get("poster") ?? art?.get("cover")),
    thumbnailUrl,
    contentRating: row.contentRating ?? undefined,
  };
}

/**
 * One guide item per playout row. Each object is one literal with every field: spreading a shared
 * `common` object into each literal took V8's slow path (about 15 µs a row), and adding fields to an
 * object after it is made grows it again.
 */
function toGuideItem(row: GuideItemRow, media: MediaProgramme | undefined): GuideItem | undefined {
  const fillerKind = row.fillerKind && row.fillerKind !== "None" ? (row.fillerKind as GuideFillerKind) : undefined;
  const guideMode = row.hiddenFromGuide ? GuideMode.Filler : undefined;
  const guideStart = row.guideStart ?? undefined;
  const guideFinish = row.guideFinish ?? undefined;
  const customTitle = row.customTitle ?? undefined;
  if (row.mediaItemId === null || media === undefined) {
    const base = (kind: ProgrammeKind, title: string): GuideItem => ({ start: row.start, finish: row.finish, guideStart, guideFinish, fillerKind, guideMode, guideGroup: row.guideGroup, customTitle, kind, title });
    const external = row.externalMetadata;
    if (external?.title) return Object.assign(base("Movie", external.title), externalProgramme(external));
    // An offline gap kept as an item: only worth a programme when it has a title of its own.
    return row.customTitle ? base("OtherVideo", row.customTitle) : undefined;
  }
  return {
    start: row.start,
    finish: row.finish,
    guideStart,
    guideFinish,
    fillerKind,
    guideMode,
    guideGroup: row.guideGroup,
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
    metadataId: row.mediaItemId,
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
