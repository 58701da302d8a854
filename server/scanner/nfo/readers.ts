/**
 * Kodi-style NFO readers: `movie.nfo`/`{file}.nfo` (`<movie>`), `tvshow.nfo` (`<tvshow>`) and episode
 * NFOs (`<episodedetails>`, one per episode of a multi-episode file). Pure: the caller reads the file.
 */
import { attributeOf, elements, readNfoRoots, textOf, type XmlElement } from "./safe-xml";
import type { EpisodeNfo, MovieNfo, NfoActor, NfoGuid, NfoMetadata, NfoResult, NfoThumb, ShowNfo } from "./types";

type NfoKind = "movie" | "show" | "episode";

/** Reads a movie NFO (the first `<movie>` element). */
export function parseMovieNfo(input: string | Uint8Array): NfoResult<MovieNfo> {
  const roots = readNfoRoots(input, "movie");
  if (!roots.ok) return roots;
  const root = roots.value[0];
  return { ok: true, value: { ...common(root, "movie"), countries: list(root, "country") } };
}

/** Reads a show NFO (`tvshow.nfo`, the first `<tvshow>` element). */
export function parseShowNfo(input: string | Uint8Array): NfoResult<ShowNfo> {
  const roots = readNfoRoots(input, "tvshow");
  if (!roots.ok) return roots;
  return { ok: true, value: common(roots.value[0], "show") };
}

/** Reads an episode NFO: one entry per `<episodedetails>` element, in file order. */
export function parseEpisodeNfo(input: string | Uint8Array): NfoResult<EpisodeNfo[]> {
  const roots = readNfoRoots(input, "episodedetails");
  if (!roots.ok) return roots;
  return {
    ok: true,
    value: roots.value.map((root) => {
      const episode: EpisodeNfo = common(root, "episode");
      const showTitle = line(root, "showtitle");
      const season = count(root, "season");
      const number = count(root, "episode");
      if (showTitle !== undefined) episode.showTitle = showTitle;
      if (season !== undefined) episode.season = season;
      if (number !== undefined) episode.episode = number;
      return episode;
    }),
  };
}

function common(root: XmlElement, kind: NfoKind): NfoMetadata {
  const dateTags = kind === "episode" ? ["aired", "premiered"] : ["premiered", "releasedate", "aired"];
  const releaseDate = firstDefined(dateTags.map((tag) => isoDate(line(root, tag))));
  const year = validYear(line(root, "year")) ?? (releaseDate ? Number(releaseDate.slice(0, 4)) : undefined);
  const out: NfoMetadata = {
    genres: list(root, "genre"),
    tags: list(root, "tag"),
    studios: list(root, "studio"),
    actors: actors(root),
    directors: list(root, "director"),
    writers: list(root, "credits", "writer"),
    guids: guids(root, kind),
  };
  assign(out, "title", line(root, "title"));
  assign(out, "originalTitle", line(root, "originaltitle"));
  assign(out, "sortTitle", line(root, "sorttitle"));
  assign(out, "plot", block(root, "plot") ?? block(root, "outline"));
  assign(out, "tagline", line(root, "tagline"));
  assign(out, "year", year);
  assign(out, "releaseDate", releaseDate);
  assign(out, "contentRating", contentRating(line(root, "mpaa")));
  const art = thumbs(root);
  if (art.length) out.thumbs = art;
  return out;
}

function assign<K extends keyof NfoMetadata>(target: NfoMetadata, key: K, value: NfoMetadata[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

function firstDefined<T>(values: Array<T | undefined>): T | undefined {
  return values.find((v) => v !== undefined);
}

/** First non-empty `<tag>` as one line (inner whitespace collapsed). */
function line(node: XmlElement, tag: string): string | undefined {
  for (const element of elements(node, tag)) {
    const text = textOf(element);
    if (text !== undefined) return text.replace(/\s+/g, " ");
  }
  return undefined;
}

/** First non-empty `<tag>` keeping its line breaks (plots), with trailing spaces per line removed. */
function block(node: XmlElement, tag: string): string | undefined {
  for (const element of elements(node, tag)) {
    const text = textOf(element);
    if (text !== undefined) return text.replace(/\r\n?/g, "\n").replace(/[ \t]+\n/g, "\n");
  }
  return undefined;
}

/**
 * Every `<tag>` value of the given tags, each split on " / " (scrapers join several genres in one tag),
 * de-duplicated case-insensitively, in file order.
 */
function list(node: XmlElement, ...tags: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const tag of tags) {
    for (const element of elements(node, tag)) {
      const text = textOf(element);
      if (text === undefined) continue;
      for (const part of text.split(/\s+\/\s+/)) {
        const value = part.replace(/\s+/g, " ").trim();
        const key = value.toLowerCase();
        if (value === "" || seen.has(key)) continue;
        seen.add(key);
        out.push(value);
      }
    }
  }
  return out;
}

function actors(node: XmlElement): NfoActor[] {
  const out: NfoActor[] = [];
  for (const element of elements(node, "actor")) {
    const name = line(element, "name");
    if (name === undefined) continue;
    const actor: NfoActor = { name, order: count(element, "order") ?? out.length };
    const role = line(element, "role");
    if (role !== undefined) actor.role = role;
    out.push(actor);
  }
  return out;
}

/**
 * `<uniqueid type="imdb">tt…</uniqueid>` first, then the legacy `<imdbid>`, `<tmdbid>`, `<tvdbid>` and `<id>`
 * tags. A legacy `<id>` is imdb when it looks like `tt…`, else tmdb for movies and tvdb for shows/episodes.
 * Imdb ids must look like `tt` + digits, tmdb/tvdb ids like digits; other sources are kept as written.
 */
function guids(node: XmlElement, kind: NfoKind): NfoGuid[] {
  const out: NfoGuid[] = [];
  const add = (source: string | undefined, raw: string | undefined): void => {
    const guid = normalizeGuid(source, raw);
    if (guid && !out.some((g) => g.source === guid.source && g.value === guid.value)) out.push(guid);
  };
  for (const element of elements(node, "uniqueid")) {
    const value = textOf(element);
    const type = attributeOf(element, "type");
    add(type ?? (value !== undefined && /^tt\d+$/i.test(value) ? "imdb" : undefined), value);
  }
  add("imdb", line(node, "imdbid"));
  add("tmdb", line(node, "tmdbid"));
  add("tvdb", line(node, "tvdbid"));
  const id = line(node, "id");
  if (id !== undefined) add(/^tt\d+$/i.test(id) ? "imdb" : kind === "movie" ? "tmdb" : "tvdb", id);
  return out;
}

function normalizeGuid(source: string | undefined, raw: string | undefined): NfoGuid | undefined {
  if (source === undefined || raw === undefined) return undefined;
  const type = source.trim().toLowerCase();
  const value = raw.trim();
  if (type === "" || type.length > 20 || value === "" || value.length > 100) return undefined;
  if (type === "imdb") return /^tt\d+$/i.test(value) ? { source: type, value: value.toLowerCase() } : undefined;
  if (type === "tmdb" || type === "tvdb") return /^\d+$/.test(value) && !/^0+$/.test(value) ? { source: type, value } : undefined;
  return { source: type, value };
}

/** A non-negative integer (`01` → 1); anything else is undefined. */
function count(node: XmlElement, tag: string): number | undefined {
  const text = line(node, tag);
  if (text === undefined || !/^\d{1,6}$/.test(text)) return undefined;
  return Number(text);
}

function validYear(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= 1800 ? year : undefined;
}

/** `2010-07-16`, `2010-7-16`, `2010/07/16`, `2010-07-16 00:00:00`, `2010-07-16T…` → `2010-07-16`; impossible dates are undefined. */
export function isoDate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:$|[T\s])/.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1800 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${match[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function contentRating(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const value = text.replace(/^rated\s+/i, "").trim();
  return value === "" ? undefined : value;
}

/** `<thumb>` entries (with their `aspect`), then the `<thumb>`s of `<fanart>` as aspect `fanart`. */
function thumbs(root: XmlElement): NfoThumb[] {
  const out: NfoThumb[] = [];
  const add = (element: XmlElement, aspect: string | undefined) => {
    const value = textOf(element);
    if (value !== undefined && out.length < 50) out.push(aspect ? { aspect: aspect.toLowerCase(), value } : { value });
  };
  for (const element of elements(root, "thumb")) add(element, attributeOf(element, "aspect") || undefined);
  for (const fanart of elements(root, "fanart")) for (const element of elements(fanart, "thumb")) add(element, "fanart");
  return out;
}
