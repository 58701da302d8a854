/** Playout rows joined with their media's metadata and cached artwork, as the guide writers want them. */
import type { ExternalItemMetadata } from "../db/entities/playout";
import type { Repositories } from "../db/repositories";
import type { GuideItemRow } from "../db/repositories/guide-repository";
import { GuideEpisodeArtwork, GuideMode, MediaItemKind } from "../domain/enums";
import type { GuideFillerKind, GuideItem, ProgrammeKind } from "../guide";

const PROGRAMME_KINDS: Partial<Record<MediaItemKind, ProgrammeKind>> = {
  [MediaItemKind.Movie]: "Movie",
  [MediaItemKind.Episode]: "Episode",
  [MediaItemKind.OtherVideo]: "OtherVideo",
  [MediaItemKind.MusicVideo]: "MusicVideo",
  [MediaItemKind.Song]: "Song",
};

/** Playout items of `playoutId` overlapping [from, to) as guide items (rows that make no programme dropped). */
export async function readGuideItems(repos: Repositories, playoutId: number, from: number, to: number, episodeArtwork: GuideEpisodeArtwork): Promise<GuideItem[]> {
  const rows = await repos.guide.itemsBetween(playoutId, from, to);
  const media = await loadMedia(repos, rows, episodeArtwork);
  const result: GuideItem[] = [];
  for (const row of rows) {
    const item = toGuideItem(row, media);
    if (item) result.push(item);
  }
  return result;
}

interface MediaLookup {
  genres: Map<number, string[]>;
  artwork: Map<number, Map<string, string>>;
  episodeArtwork: GuideEpisodeArtwork;
}

/** Genres and cached artwork of the rows' media, their seasons and shows (two batched queries). */
async function loadMedia(repos: Repositories, rows: readonly GuideItemRow[], episodeArtwork: GuideEpisodeArtwork): Promise<MediaLookup> {
  const ids = new Set<number>();
  for (const row of rows) {
    if (row.mediaItemId !== null) ids.add(row.mediaItemId);
    if (row.seasonId !== null) ids.add(row.seasonId);
    if (row.showId !== null) ids.add(row.showId);
  }
  const wanted = [...ids];
  const [genres, artwork] = await Promise.all([repos.guide.genresOf(wanted), repos.guide.artworkOf(wanted)]);
  return { genres, artwork, episodeArtwork };
}

/** Server path of a cached artwork file (served by `/iptv/artwork/…`). */
function artworkPath(folder: "posters" | "thumbnails", cacheKey: string | undefined): string | undefined {
  return cacheKey ? `/iptv/artwork/${folder}/${cacheKey.split("/").map(encodeURIComponent).join("/")}` : undefined;
}

/**
 * One guide item per playout row. Objects are written out field by field: spreading a shared `common`
 * object into each literal took V8's slow path (about 15 µs a row, most of a full guide rebuild).
 */
function toGuideItem(row: GuideItemRow, media: MediaLookup): GuideItem | undefined {
  const fillerKind = row.fillerKind && row.fillerKind !== "None" ? (row.fillerKind as GuideFillerKind) : undefined;
  const guideMode = row.hiddenFromGuide ? GuideMode.Filler : undefined;
  const guideStart = row.guideStart ?? undefined;
  const guideFinish = row.guideFinish ?? undefined;
  const customTitle = row.customTitle ?? undefined;
  const base = (kind: ProgrammeKind, title: string): GuideItem => ({
    start: row.start,
    finish: row.finish,
    guideStart,
    guideFinish,
    fillerKind,
    guideMode,
    guideGroup: row.guideGroup,
    customTitle,
    kind,
    title,
  });
  if (row.mediaItemId === null || row.kind === null) {
    const external = row.externalMetadata;
    if (external?.title) return Object.assign(base("Movie", external.title), externalProgramme(external));
    // An offline gap kept as an item: only worth a programme when it has a title of its own.
    return row.customTitle ? base("OtherVideo", row.customTitle) : undefined;
  }
  const kind = PROGRAMME_KINDS[row.kind as MediaItemKind] ?? "OtherVideo";
  const releaseDate = row.releaseDate ?? (row.year !== null ? String(row.year) : undefined);
  const art = media.artwork.get(row.mediaItemId);
  const item = base(kind, row.title ?? "");
  item.releaseDate = releaseDate;
  item.thumbnailUrl = artworkPath("thumbnails", art?.get("thumbnail") ?? art?.get("thumb"));
  if (kind === "Episode") {
    const showPoster = row.showId !== null ? media.artwork.get(row.showId)?.get("poster") : undefined;
    const seasonPoster = row.seasonId !== null ? media.artwork.get(row.seasonId)?.get("poster") : undefined;
    item.title = row.showTitle ?? row.title ?? "";
    item.subtitle = row.title ?? undefined;
    item.description = row.plot ?? row.showPlot ?? undefined;
    item.seasonNumber = row.seasonNumber ?? row.parentSeasonNumber ?? undefined;
    item.episodeNumber = row.episodeNumber ?? undefined;
    item.genres = row.showId !== null ? media.genres.get(row.showId) : undefined;
    item.posterUrl = artworkPath("posters", showPoster ?? seasonPoster);
    if (media.episodeArtwork === GuideEpisodeArtwork.EpisodeThumbnail) item.iconUrl = item.thumbnailUrl;
    item.contentRating = row.contentRating ?? row.showContentRating ?? undefined;
    return item;
  }
  item.description = row.plot ?? undefined;
  item.genres = media.genres.get(row.mediaItemId);
  // Songs: the album cover stands for a poster.
  item.posterUrl = artworkPath("posters", art?.get("poster") ?? art?.get("cover"));
  item.contentRating = row.contentRating ?? undefined;
  return item;
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
