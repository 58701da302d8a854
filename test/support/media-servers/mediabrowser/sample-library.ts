import path from "node:path";
import type { BaseItemDto } from "../../../../server/media-servers/mediabrowser/dto";
import { makeVideo } from "../../media-fixtures";
import { fakeId, type FakeItem, versionedVideoFields, videoFields } from "./fake-library";
import type { FakeMediaBrowserServer } from "./fake-mediabrowser-server";

/** Where the sample's files live on the fake server's disk (what path replacements rewrite). */
export const SERVER_MEDIA_ROOT = "/srv/media";

export interface SampleLibrary {
  moviesLibraryId: string;
  showsLibraryId: string;
  movieId: string;
  showId: string;
  seasonId: string;
  episodeIds: string[];
  boxSetId: string;
  playlistId: string;
  /** The real files (local paths) the fake streams, by item id. */
  files: Map<string, string>;
}

const T0 = Date.parse("2026-01-01T00:00:00Z");

/**
 * A Movies library (one movie in a box set) and a Shows library (one show with tvdb/tmdb/imdb ids,
 * one season, two episodes in a playlist), with real 3-second videos under `mediaDir`.
 */
export function addSampleLibrary(fake: FakeMediaBrowserServer, mediaDir: string, showTvdb = "70001"): SampleLibrary {
  const moviesLibraryId = fakeId();
  const showsLibraryId = fakeId();
  fake.libraries.push({ id: moviesLibraryId, name: "Films", collectionType: "movies" }, { id: showsLibraryId, name: "TV", collectionType: "tvshows" });
  fake.libraries.push({ id: fakeId(), name: "Photos", collectionType: "photos" });
  const files = new Map<string, string>();
  const video = (id: string, relative: string, chapters = false): Pick<BaseItemDto, "RunTimeTicks" | "MediaStreams" | "Chapters" | "Path" | "Container" | "Width" | "Height"> => {
    const local = path.join(mediaDir, relative);
    makeVideo(local, { seconds: 3, audioLanguages: ["eng", "fre"], chapters: chapters ? [0, 1.5] : undefined });
    files.set(id, local);
    return videoFields({ seconds: 3, audioLanguages: ["eng", "fre"], subtitleLanguages: ["spa"], chapters: chapters ? [{ startSeconds: 0, name: "Opening" }, { startSeconds: 1.5, name: "Middle" }] : [], path: `${SERVER_MEDIA_ROOT}/${relative}` });
  };
  const movieId = fakeId();
  const movie: FakeItem = {
    libraryId: moviesLibraryId,
    savedAt: T0,
    dto: {
      Id: movieId, Type: "Movie", Name: "Remote Movie", SortName: "remote movie", ProductionYear: 2001, PremiereDate: "2001-05-04T00:00:00.0000000Z",
      Genres: ["Drama"], Tags: ["Favourite"], Studios: [{ Name: "Fake Studio", Id: fakeId() }], OfficialRating: "PG-13", Overview: "A movie on a fake server.",
      ProviderIds: { Imdb: "tt0000001", Tmdb: "101" }, ImageTags: { Primary: "tag1" }, BackdropImageTags: ["tag2"],
      ...video(movieId, "movies/Remote Movie (2001).mp4", true),
    },
    file: undefined,
  };
  movie.file = files.get(movieId);
  fake.add(movie);
  const showId = fakeId();
  fake.add({ libraryId: showsLibraryId, savedAt: T0, dto: { Id: showId, Type: "Series", Name: "Remote Show", SortName: "remote show", ProductionYear: 2010, Genres: ["Comedy"], Tags: ["Classic TV"], Studios: [{ Name: "Fake Network", Id: fakeId() }], OfficialRating: "TV-PG", Overview: "A show.", ProviderIds: { Tvdb: showTvdb, Tmdb: "2001", Imdb: "tt0000002" }, ImageTags: { Primary: "tag3" } } });
  const seasonId = fakeId();
  fake.add({ libraryId: showsLibraryId, savedAt: T0, dto: { Id: seasonId, Type: "Season", Name: "Season 1", IndexNumber: 1, SeriesId: showId, ParentId: showId } });
  const episodeIds = [1, 2].map((n) => {
    const id = fakeId();
    fake.add({ libraryId: showsLibraryId, savedAt: T0, dto: { Id: id, Type: "Episode", Name: `Pilot ${n}`, IndexNumber: n, ParentIndexNumber: 1, SeriesId: showId, SeasonId: seasonId, ParentId: seasonId, PremiereDate: `2010-01-0${n}T00:00:00.0000000Z`, ProviderIds: { Tvdb: `8000${n}` }, ImageTags: { Primary: `ep${n}` }, ...video(id, `tv/Remote Show/Season 01/S01E0${n}.mp4`) }, file: files.get(id) });
    return id;
  });
  const boxSetId = fakeId();
  fake.add({ savedAt: T0, dto: { Id: boxSetId, Type: "BoxSet", Name: "Remote Box Set", IsFolder: true }, children: [movieId] });
  const playlistId = fakeId();
  fake.add({ savedAt: T0, dto: { Id: playlistId, Type: "Playlist", Name: "Remote Playlist", IsFolder: true }, children: [...episodeIds].reverse() });
  return { moviesLibraryId, showsLibraryId, movieId, showId, seasonId, episodeIds, boxSetId, playlistId, files };
}

/** A Shows library of `shows` × `episodesPerShow` episodes (one season each) with no files: for sync volume. */
export function addBulkShows(fake: FakeMediaBrowserServer, shows: number, episodesPerShow: number): string {
  const libraryId = fakeId();
  fake.libraries.push({ id: libraryId, name: "Bulk TV", collectionType: "tvshows" });
  for (let s = 0; s < shows; s++) {
    const showId = fakeId();
    fake.add({ libraryId, savedAt: T0, dto: { Id: showId, Type: "Series", Name: `Show ${s}`, Genres: ["Drama"], ProviderIds: { Tvdb: String(100000 + s) } } });
    const seasonId = fakeId();
    fake.add({ libraryId, savedAt: T0, dto: { Id: seasonId, Type: "Season", Name: "Season 1", IndexNumber: 1, SeriesId: showId } });
    for (let e = 1; e <= episodesPerShow; e++) {
      const id = fakeId();
      fake.add({ libraryId, savedAt: T0, dto: { Id: id, Type: "Episode", Name: `Episode ${e}`, IndexNumber: e, ParentIndexNumber: 1, SeriesId: showId, SeasonId: seasonId, Overview: "Bulk.", ...videoFields({ seconds: 1800, path: `/srv/bulk/${s}/${e}.mkv` }) } });
    }
  }
  return libraryId;
}

/** A small real PNG for the fake's images. */
export function samplePng(): Buffer {
  // 1×1 transparent PNG.
  return Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
}

export interface TwoVersionFilm {
  movieId: string;
  /** The MediaSource Ids of its versions, first the item's own (1080p), then the alternate (720p). */
  sourceIds: [string, string];
  /** The real files each version streams, by MediaSource Id. */
  files: Map<string, string>;
}

/**
 * A film in `libraryId` with two versions in one folder (`Two Versions (2003) - 1080p.mkv` and `- 720p.mkv`),
 * real files of different sizes under `mediaDir`, reported as Jellyfin and Emby report alternate versions.
 */
export function addTwoVersionFilm(fake: FakeMediaBrowserServer, libraryId: string, mediaDir: string): TwoVersionFilm {
  const movieId = fakeId();
  const alternateId = fakeId();
  const versions = [
    { id: movieId, name: "1080p", width: 192, height: 108 },
    { id: alternateId, name: "720p", width: 128, height: 72 },
  ].map((v) => ({ ...v, relative: `movies/Two Versions (2003)/Two Versions (2003) - ${v.name}.mkv` }));
  const files = new Map<string, string>();
  for (const v of versions) {
    const local = path.join(mediaDir, v.relative);
    makeVideo(local, { seconds: 3, size: `${v.width}x${v.height}` });
    files.set(v.id, local);
  }
  fake.add({
    libraryId,
    savedAt: T0,
    file: files.get(movieId),
    sourceFiles: new Map([[alternateId, files.get(alternateId)!]]),
    dto: {
      Id: movieId, Type: "Movie", Name: "Two Versions", SortName: "two versions", ProductionYear: 2003, Genres: ["Drama"], ProviderIds: { Tmdb: "303" },
      ...versionedVideoFields(3, versions.map((v) => ({ id: v.id, name: v.name, width: v.width, height: v.height, path: `${SERVER_MEDIA_ROOT}/${v.relative}` }))),
    },
  });
  return { movieId, sourceIds: [movieId, alternateId], files };
}
