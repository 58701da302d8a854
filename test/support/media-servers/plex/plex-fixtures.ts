/**
 * Content for the fake Plex server, typed with the Plex client's wire types: a Movies section, a
 * TV Shows section (a show, its seasons and episodes), a Photos section Airwave does not list, a
 * collection and a playlist. Every part is a real FFmpeg-made file; every thumb a real image.
 */
import fs from "node:fs";
import path from "node:path";
import type { PlexChapter, PlexMedia, PlexMetadata, PlexSection } from "../../../../server/media-servers/plex/plex-api";
import { makeImage } from "../../artwork-fixtures";
import { makeVideo } from "../../media-fixtures";
import type { FakePlexContent, FakePlexSection } from "./fake-plex-server";

/** What the master file is (makeVideo's defaults), as Plex would report it. */
const MASTER_SECONDS = 3;
const CHAPTERS = [0, 1, 2];

/** Epoch seconds of the fixtures' first scan on the fake server. */
export const FIXTURE_UPDATED_AT = 1_700_000_000;

export interface PlexFixture {
  content: FakePlexContent;
  movies: FakePlexSection;
  shows: FakePlexSection;
  /** Where the server says its files are (`/data/...`) and the local folder mirroring it (for path replacements). */
  serverRoot: string;
  localRoot: string;
  /** Adds an item to a section, with a real part file (mirrored locally) for playable ones. */
  add(section: FakePlexSection, item: PlexMetadata): PlexMetadata;
  /** Marks an item changed at `updatedAt` (epoch seconds), as Plex does when its metadata changes. */
  touch(item: PlexMetadata, updatedAt: number): void;
  remove(section: FakePlexSection, ratingKey: string): void;
}

let nextId = 100;

/** Builds the fixture library in `dir` (the master video, the poster, the local mirror of the server's files). */
export function makePlexFixture(dir: string): PlexFixture {
  const master = path.join(dir, "master.mkv");
  makeVideo(master, { seconds: MASTER_SECONDS, chapters: CHAPTERS });
  const poster = path.join(dir, "poster.png");
  makeImage(poster, "0x336699", "200x300");
  const serverRoot = "/data";
  const localRoot = path.join(dir, "mirror");
  const files = new Map<string, string>();

  const add = (section: FakePlexSection, item: PlexMetadata): PlexMetadata => {
    for (const part of item.Media?.flatMap((media) => media.Part ?? []) ?? []) {
      files.set(part.key, master);
      if (part.file) {
        const local = path.join(localRoot, path.relative(serverRoot, part.file));
        fs.mkdirSync(path.dirname(local), { recursive: true });
        if (!fs.existsSync(local)) fs.linkSync(master, local);
      }
    }
    if (item.thumb) files.set(item.thumb, poster);
    section.items.push(item);
    return item;
  };

  const movies: FakePlexSection = { section: plexSection("1", "movie", "Movies", `${serverRoot}/movies`), items: [], collections: [] };
  const shows: FakePlexSection = { section: plexSection("2", "show", "TV Shows", `${serverRoot}/tv`), items: [], collections: [] };
  const photos: FakePlexSection = { section: plexSection("3", "photo", "Photos", `${serverRoot}/photos`), items: [], collections: [] };

  const alpha = add(movies, plexMovie({ title: "Alpha Movie", year: 2001, file: `${serverRoot}/movies/Alpha Movie (2001).mkv`, guids: ["imdb://tt0000001", "tmdb://101"], genres: ["Drama"] }));
  const beta = add(movies, plexMovie({ title: "Beta Movie", year: 2002, file: `${serverRoot}/movies/Beta Movie (2002).mkv`, guids: ["imdb://tt0000002", "tmdb://102"], genres: ["Comedy"] }));
  const show = add(shows, plexShow({ title: "Plex Show", year: 2020, guids: ["tvdb://81189", "imdb://tt0903747", "tmdb://1396"] }));
  addSeason(shows, add, show, 1, 2, serverRoot);

  movies.collections.push({ meta: plexList("collection", "Plex Favourites"), itemKeys: [alpha.ratingKey, beta.ratingKey] });
  const content: FakePlexContent = {
    root: { friendlyName: "Fake Plex", machineIdentifier: "fake-plex-machine-id", version: "1.41.3.9314-a0bfb8370" },
    sections: [movies, shows, photos],
    playlists: [{ meta: { ...plexList("playlist", "Plex Evening"), playlistType: "video", smart: false }, itemKeys: [beta.ratingKey, alpha.ratingKey] }],
    files,
  };
  return {
    content,
    movies,
    shows,
    serverRoot,
    localRoot,
    add,
    touch: (item, updatedAt) => void (item.updatedAt = updatedAt),
    remove: (section, ratingKey) => void (section.items = section.items.filter((item) => item.ratingKey !== ratingKey)),
  };
}

/** Adds season `index` of `show` with `episodes` episodes; returns the season. */
export function addSeason(
  section: FakePlexSection,
  add: PlexFixture["add"],
  show: PlexMetadata,
  index: number,
  episodes: number,
  serverRoot = "/data",
  updatedAt = FIXTURE_UPDATED_AT,
): PlexMetadata {
  const season = add(section, plexSeason(show, index, updatedAt));
  for (let episode = 1; episode <= episodes; episode++) {
    const file = `${serverRoot}/tv/${show.title}/Season ${String(index).padStart(2, "0")}/${show.title} - S${String(index).padStart(2, "0")}E${String(episode).padStart(2, "0")}.mkv`;
    add(section, plexEpisode(show, season, episode, file, updatedAt));
  }
  return season;
}

export function plexSection(key: string, type: string, title: string, location: string): PlexSection {
  return { key, type, title, agent: `tv.plex.agents.${type === "show" ? "series" : type}`, scanner: "Plex Scanner", updatedAt: FIXTURE_UPDATED_AT, Location: [{ id: Number(key), path: location }] };
}

function base(type: string, title: string, updatedAt = FIXTURE_UPDATED_AT): PlexMetadata {
  const ratingKey = String(nextId++);
  return {
    ratingKey,
    key: `/library/metadata/${ratingKey}`,
    type,
    title,
    guid: `plex://${type}/${ratingKey.padStart(24, "0")}`,
    addedAt: updatedAt,
    updatedAt,
    thumb: `/library/metadata/${ratingKey}/thumb/${updatedAt}`,
  };
}

/** One version of a movie with several: its file and the picture size Plex reports (`videoResolution` follows). */
export interface PlexVersion {
  file: string;
  width: number;
  height: number;
  /** Plex's `videoResolution`: `1080`, `720`, `sd`, `4k`. */
  resolution: string;
}

export function plexMovie(options: { title: string; year: number; file: string; guids?: string[]; genres?: string[]; updatedAt?: number; versions?: PlexVersion[] }): PlexMetadata {
  const item = base("movie", options.title, options.updatedAt);
  const updatedAt = item.updatedAt ?? FIXTURE_UPDATED_AT;
  // Several versions are several `Media` of one item, each with its own id, part and streams (Plex's multi-version movies).
  const versions = options.versions?.map((v, i) => media(i === 0 ? Number(item.ratingKey) : nextId++, v.file, updatedAt, v)) ?? [media(Number(item.ratingKey), options.file, updatedAt)];
  return {
    ...item,
    year: options.year,
    originallyAvailableAt: `${options.year}-05-01`,
    summary: `${options.title}, served by the fake Plex server.`,
    contentRating: "PG-13",
    studio: "Fake Studio",
    duration: MASTER_SECONDS * 1000,
    Genre: (options.genres ?? []).map((tag) => ({ tag })),
    Guid: (options.guids ?? []).map((id) => ({ id })),
    Media: versions,
    Chapter: chapters(),
  };
}

export function plexShow(options: { title: string; year: number; guids?: string[] }): PlexMetadata {
  return {
    ...base("show", options.title),
    year: options.year,
    originallyAvailableAt: `${options.year}-01-20`,
    summary: `${options.title}, a show on the fake Plex server.`,
    studio: "Fake Network",
    Genre: [{ tag: "Crime" }],
    Guid: (options.guids ?? []).map((id) => ({ id })),
  };
}

export function plexSeason(show: PlexMetadata, index: number, updatedAt = FIXTURE_UPDATED_AT): PlexMetadata {
  return { ...base("season", `Season ${index}`, updatedAt), index, parentRatingKey: show.ratingKey, parentTitle: show.title };
}

export function plexEpisode(show: PlexMetadata, season: PlexMetadata, index: number, file: string, updatedAt = FIXTURE_UPDATED_AT): PlexMetadata {
  const item = base("episode", `Episode ${season.index}.${index}`, updatedAt);
  return {
    ...item,
    index,
    parentIndex: season.index,
    parentRatingKey: season.ratingKey,
    grandparentRatingKey: show.ratingKey,
    grandparentTitle: show.title,
    originallyAvailableAt: `2020-0${season.index}-1${index}`,
    summary: `Episode ${index} of season ${season.index}.`,
    duration: MASTER_SECONDS * 1000,
    Guid: [{ id: `tvdb://${9000 + Number(item.ratingKey)}` }],
    Media: [media(Number(item.ratingKey), file, updatedAt)],
    Chapter: chapters(),
  };
}

function plexList(type: "collection" | "playlist", title: string): PlexMetadata {
  return base(type, title);
}

/** The master file as Plex describes it: H.264 160x120 (or a version's size) at 25 fps, one mono AAC English stream, Matroska. */
function media(id: number, file: string, updatedAt: number, picture: { width: number; height: number; resolution: string } = { width: 160, height: 120, resolution: "sd" }): PlexMedia {
  const { width, height } = picture;
  return {
    id,
    duration: MASTER_SECONDS * 1000,
    width,
    height,
    aspectRatio: Math.round((width / height) * 100) / 100,
    audioChannels: 1,
    audioCodec: "aac",
    videoCodec: "h264",
    videoResolution: picture.resolution,
    videoFrameRate: "PAL",
    container: "mkv",
    Part: [
      {
        id,
        key: `/library/parts/${id}/${updatedAt}/file.mkv`,
        file,
        duration: MASTER_SECONDS * 1000,
        container: "mkv",
        Stream: [
          { id: id * 10, streamType: 1, index: 0, codec: "h264", profile: "high", width, height, frameRate: 25, bitDepth: 8, default: true },
          { id: id * 10 + 1, streamType: 2, index: 1, codec: "aac", channels: 1, languageCode: "eng", language: "English", default: true },
        ],
      },
    ],
  };
}

function chapters(): PlexChapter[] {
  return CHAPTERS.map((start, i) => ({
    id: i + 1,
    index: i + 1,
    startTimeOffset: start * 1000,
    endTimeOffset: (CHAPTERS[i + 1] ?? MASTER_SECONDS) * 1000,
    tag: `Chapter ${i + 1}`,
  }));
}
