import type { EntityManager } from "typeorm";
import { LibraryKind, MediaItemKind, MediaItemState } from "../../server/domain/enums";
import { seedLibrary, type ItemSpec } from "./fixture";

const { Movie, Show, Season, Episode, OtherVideo, MusicVideo } = MediaItemKind;

/** The clock of the search tests: 2024-07-01 12:00 UTC. */
export const NOW = Date.parse("2024-07-01T12:00:00Z");

export const MOVIES: ReadonlyArray<[string, ItemSpec]> = [
  [
    "dark",
    {
      kind: Movie,
      title: "The Dark Knight",
      sortTitle: "dark knight",
      year: 2008,
      releaseDate: "2008-07-18",
      plot: "Batman raises the stakes in his war on crime.",
      contentRating: "PG-13",
      addedAt: "2024-01-10T12:00:00Z",
      tags: { genre: ["Action", "Crime", "Drama"], studio: ["Warner Bros."], actor: ["Christian Bale", "Heath Ledger"], director: ["Christopher Nolan"], writer: ["Jonathan Nolan"] },
      guids: { imdb: "tt0468569", tmdb: "155" },
      version: { durationMs: 152 * 60_000, width: 1920, height: 1080, videoCodec: "h264", audio: ["eng", "spa"], subtitles: ["fre"], chapters: 3 },
    },
  ],
  [
    "amelie",
    {
      kind: Movie,
      title: "Amélie",
      sortTitle: "amelie",
      originalTitle: "Le Fabuleux Destin d'Amélie Poulain",
      year: 2001,
      releaseDate: "2001-04-25",
      plot: "A shy waitress decides to change the lives of those around her.",
      contentRating: "R",
      addedAt: "2024-03-01T08:00:00Z",
      tags: { genre: ["Romantic Comedy"], studio: ["UGC"], actor: ["Audrey Tautou"], director: ["Jean-Pierre Jeunet"] },
      guids: { imdb: "tt0211915" },
      // 121 min 30.5 s: 122 minutes and 7291 seconds, rounded up.
      version: { durationMs: 7_290_500, width: 3840, height: 2160, videoCodec: "hevc", audio: ["fre"], subtitles: ["eng"] },
    },
  ],
  [
    "begins",
    {
      kind: Movie,
      title: "Batman Begins",
      year: 2005,
      releaseDate: "2005-06-15",
      plot: "After training with his mentor, Batman begins his fight to free Gotham.",
      contentRating: "PG-13",
      addedAt: "2023-06-01T12:00:00Z",
      tags: { genre: ["Action"], studio: ["Warner Bros."], actor: ["Christian Bale", "Michael Caine"], director: ["Christopher Nolan"] },
      version: { durationMs: 140 * 60_000, width: 1920, height: 800, videoCodec: "H264", audio: ["eng"], chapters: 2 },
    },
  ],
  [
    "standup",
    {
      kind: Movie,
      title: "Comedy Night Live",
      year: 1999,
      releaseDate: "1999-12-31",
      plot: "A stand-up special.",
      addedAt: "2020-01-01T00:00:00Z",
      tags: { genre: ["Comedy"] },
      version: { durationMs: 29 * 60_000, videoCodec: "h264", audio: ["eng"] },
    },
  ],
  [
    "short",
    {
      kind: Movie,
      title: "Short Film",
      year: 1990,
      releaseDate: "1990-07-01",
      addedAt: "2024-06-15T10:00:00Z",
      tags: { genre: ["Drama", "Short"] },
      // One millisecond over 29 minutes: 30 minutes, rounded up.
      version: { durationMs: 29 * 60_000 + 1, width: 640, height: 480, videoCodec: "mpeg2video", audio: ["ger"] },
    },
  ],
  [
    "trashed",
    {
      kind: Movie,
      title: "Trashed Comedy",
      year: 2010,
      releaseDate: "2010-01-01",
      state: MediaItemState.Trashed,
      addedAt: "2024-06-20T00:00:00Z",
      tags: { genre: ["Comedy"] },
      version: { durationMs: 20 * 60_000, audio: ["eng"] },
    },
  ],
  ["unreleased", { kind: Movie, title: "Unreleased", state: MediaItemState.Unavailable, addedAt: "2024-06-30T23:30:00Z" }],
];

export const SHOWS: ReadonlyArray<[string, ItemSpec]> = [
  [
    "simpsons",
    {
      kind: Show,
      title: "The Simpsons",
      sortTitle: "simpsons",
      releaseDate: "1989-12-17",
      plot: "Springfield's favourite family.",
      contentRating: "TV-PG",
      addedAt: "2022-05-05T00:00:00Z",
      tags: { genre: ["Animation", "Comedy"], studio: ["Fox"], tag: ["Classic"] },
      guids: { tvdb: "71663", imdb: "tt0096697" },
    },
  ],
  ["simS1", { kind: Season, title: "Season 1", parent: "simpsons", seasonNumber: 1, addedAt: "2022-05-05T00:00:00Z" }],
  [
    "roasting",
    {
      kind: Episode,
      title: "Simpsons Roasting on an Open Fire",
      parent: "simS1",
      seasonNumber: 1,
      episodeNumber: 1,
      releaseDate: "1989-12-17",
      plot: "Homer takes a job as a mall Santa to save Christmas.",
      addedAt: "2022-05-05T00:00:00Z",
      tags: { director: ["David Silverman"], writer: ["Mimi Pond"] },
      version: { durationMs: 23 * 60_000, width: 640, height: 480, videoCodec: "h264", audio: ["eng"], subtitles: ["eng"], chapters: 4 },
    },
  ],
  [
    "genius",
    {
      kind: Episode,
      title: "Bart the Genius",
      parent: "simS1",
      seasonNumber: 1,
      episodeNumber: 2,
      episodeEndNumber: 3,
      releaseDate: "1990-01-14",
      addedAt: "2022-05-05T00:00:00Z",
      version: { durationMs: 23 * 60_000, videoCodec: "h264", audio: ["eng", "spa"] },
    },
  ],
  ["simS2", { kind: Season, title: "Season 2", parent: "simpsons", seasonNumber: 2, addedAt: "2022-05-05T00:00:00Z" }],
  [
    "bartF",
    {
      kind: Episode,
      title: "Bart Gets an F",
      parent: "simS2",
      seasonNumber: 2,
      episodeNumber: 1,
      releaseDate: "1990-10-11",
      addedAt: "2022-05-05T00:00:00Z",
      version: { durationMs: 23 * 60_000, videoCodec: "h264", audio: ["jpn"] },
    },
  ],
  [
    "bb",
    {
      kind: Show,
      title: "Breaking Bad",
      releaseDate: "2008-01-20",
      contentRating: "TV-MA",
      addedAt: "2022-05-05T00:00:00Z",
      tags: { genre: ["Crime", "Drama"], studio: ["AMC"] },
    },
  ],
  ["bbS1", { kind: Season, title: "Season 1", parent: "bb", seasonNumber: 1, addedAt: "2022-05-05T00:00:00Z" }],
  [
    "pilot",
    {
      kind: Episode,
      title: "Pilot",
      parent: "bbS1",
      seasonNumber: 1,
      episodeNumber: 1,
      releaseDate: "2008-01-20",
      plot: "A chemistry teacher turns to crime.",
      addedAt: "2022-05-05T00:00:00Z",
      version: { durationMs: 58 * 60_000, width: 1920, height: 1080, videoCodec: "h264", audio: ["eng"] },
    },
  ],
  [
    "cats",
    {
      kind: Episode,
      title: "Cat's in the Bag...",
      parent: "bbS1",
      seasonNumber: 1,
      episodeNumber: 2,
      releaseDate: "2008-01-27",
      addedAt: "2022-05-05T00:00:00Z",
      version: { durationMs: 48 * 60_000, videoCodec: "h264" },
    },
  ],
];

export const OTHER: ReadonlyArray<[string, ItemSpec]> = [
  [
    "home",
    {
      kind: OtherVideo,
      title: "Home Video: Zoë's Birthday",
      addedAt: "2024-06-30T00:00:00Z",
      tags: { tag: ["Family"] },
      version: { durationMs: 10 * 60_000, videoCodec: "h264", audio: ["eng"] },
    },
  ],
  [
    "thriller",
    {
      kind: MusicVideo,
      title: "Thriller",
      releaseDate: "2024-05-01",
      addedAt: "2024-05-02T00:00:00Z",
      tags: { genre: ["Pop"] },
      version: { durationMs: 4 * 60_000, videoCodec: "h264", audio: ["eng"] },
    },
  ],
];

export interface SeededLibrary {
  ids: Map<string, number>;
  libraries: { movies: number; shows: number; other: number };
}

export async function seedSearchLibrary(manager: EntityManager): Promise<SeededLibrary> {
  const ids = new Map<string, number>();
  const movies = await seedLibrary(manager, { name: "Movies", kind: LibraryKind.Movies, path: "/media/movies" }, MOVIES, ids);
  const shows = await seedLibrary(manager, { name: "TV Shows", kind: LibraryKind.Shows, path: "/media/tv" }, SHOWS, ids);
  const other = await seedLibrary(manager, { name: "Other", kind: LibraryKind.OtherVideos, path: "/media/other" }, OTHER, ids);
  return { ids, libraries: { movies: movies.libraryId, shows: shows.libraryId, other: other.libraryId } };
}
