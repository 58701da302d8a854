import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaSearchRepository } from "../../server/db/repositories/media-search-repository";
import { compileSearchQuery } from "../../server/db/search";
import { parseAndExpandSearchQuery, parseSearchQuery } from "../../server/services/search";
import { openTempDatabase, removeDir, type TempDatabase } from "./fixture";
import { NOW, seedSearchLibrary, type SeededLibrary } from "./library";

let db: TempDatabase;
let library: SeededLibrary;
let repository: MediaSearchRepository;

beforeAll(async () => {
  db = await openTempDatabase();
  library = await db.dataSource.transaction((manager) => seedSearchLibrary(manager));
  repository = new MediaSearchRepository(db.dataSource.manager);
});

afterAll(async () => {
  await db.close();
  removeDir(db.dir);
});

const MOVIES = ["dark", "amelie", "begins", "standup", "short", "unreleased"];
const SIMPSONS_CHILDREN = ["simS1", "roasting", "genius", "simS2", "bartF"];
const BREAKING_BAD_CHILDREN = ["bbS1", "pilot", "cats"];
const ALL_BUT_TRASHED = [...MOVIES, "simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN, "home", "thriller"];

function keysOf(ids: readonly number[]): string[] {
  const byId = new Map([...library.ids].map(([key, id]) => [id, key]));
  return ids.map((id) => byId.get(id) ?? `#${id}`).sort();
}

async function matching(query: string, options: { timeZone?: string; includeTrashed?: boolean; collections?: Record<string, string> } = {}): Promise<string[]> {
  const collections = options.collections ?? {};
  const node = parseAndExpandSearchQuery(query, (name) => collections[name]);
  return keysOf(await repository.ids(node, { now: NOW, timeZone: options.timeZone ?? "UTC", includeTrashed: options.includeTrashed }));
}

const CASES: Array<[query: string, expected: string[]]> = [
  // type
  ["type:movie", MOVIES],
  ["type:episode", ["roasting", "genius", "bartF", "pilot", "cats"]],
  ["type:season", ["simS1", "simS2", "bbS1"]],
  ["type:show", ["simpsons", "bb"]],
  ["type:other_video", ["home"]],
  ["type:music_video", ["thriller"]],
  ["type:song", []],
  // free text, title, plot: words, accents, original title, phrases
  ["batman", ["dark", "begins"]],
  ["BATMAN", ["dark", "begins"]],
  ["title:batman", ["begins"]],
  ["plot:batman", ["dark", "begins"]],
  ["amelie", ["amelie"]],
  ["poulain", ["amelie"]],
  ["title:poulain", []],
  ["zoe", ["home"]],
  ['"dark knight"', ["dark"]],
  ['"knight dark"', []],
  ["dark knight", ["dark"]],
  ["bart", ["genius", "bartF"]],
  ["plot:*", ["dark", "amelie", "begins", "standup", "simpsons", "roasting", "pilot"]],
  // wildcards
  ["title:bart*", ["genius", "bartF"]],
  ["title:*enius", ["genius"]],
  ["title:b?rt", ["genius", "bartF"]],
  ['title:"bart the gen*"', ["genius"]],
  ['title:"bart *enius"', ["genius"]],
  ["title:*zzz*", []],
  ["*man", ["dark", "begins"]],
  // tags: words in names
  ["genre:comedy", ["amelie", "standup", "simpsons"]],
  ["GENRE:Comedy", ["amelie", "standup", "simpsons"]],
  ['genre:"romantic comedy"', ["amelie"]],
  ["genre:com*", ["amelie", "standup", "simpsons"]],
  ["genre:*edy", ["amelie", "standup", "simpsons"]],
  ["genre:*", ["dark", "amelie", "begins", "standup", "short", "simpsons", "bb", "thriller"]],
  ['studio:"warner bros."', ["dark", "begins"]],
  ["studio:warner", ["dark", "begins"]],
  ['actor:"christian bale"', ["dark", "begins"]],
  ["actor:bale AND actor:caine", ["begins"]],
  ['actor:"bale christian"', []],
  ["director:nolan", ["dark", "begins"]],
  ["writer:nolan", ["dark"]],
  ["director:silverman", ["roasting"]],
  ["writer:pond", ["roasting"]],
  ["director:*", ["dark", "amelie", "begins", "roasting"]],
  ["tag:classic", ["simpsons"]],
  ["tag:family", ["home"]],
  // show-level fields match seasons and episodes through their show
  ['show_title:"the simpsons"', SIMPSONS_CHILDREN],
  ["show_title:simpsons type:episode", ["roasting", "genius", "bartF"]],
  ["show_title:simp*", SIMPSONS_CHILDREN],
  ["show_genre:crime", BREAKING_BAD_CHILDREN],
  ["show_studio:fox", SIMPSONS_CHILDREN],
  ["show_tag:classic", SIMPSONS_CHILDREN],
  ["show_content_rating:TV-MA", BREAKING_BAD_CHILDREN],
  ["show_content_rating:tv-*", [...SIMPSONS_CHILDREN, ...BREAKING_BAD_CHILDREN]],
  // year: the year column, else the release date's
  ["year:[1990 TO 1999]", ["standup", "short", "genius", "bartF"]],
  ["year:{1990 TO 1999}", []],
  ["year:[* TO 1989]", ["simpsons", "roasting"]],
  ["year:2008", ["dark", "bb", "pilot", "cats"]],
  ["year:*", ["dark", "amelie", "begins", "standup", "short", "simpsons", "roasting", "genius", "bartF", "bb", "pilot", "cats", "thriller"]],
  // durations, rounded up
  ["minutes:<30", ["standup", "roasting", "genius", "bartF", "home", "thriller"]],
  ["minutes:30", ["short"]],
  ["minutes:29", ["standup"]],
  ["minutes:<=30", ["standup", "short", "roasting", "genius", "bartF", "home", "thriller"]],
  ["minutes:>150", ["dark"]],
  ["minutes:[120 TO 140]", ["amelie", "begins"]],
  ["seconds:7291", ["amelie"]],
  ["seconds:7290", []],
  ["seconds:{7290 TO 7292}", ["amelie"]],
  ["minutes:*", ["dark", "amelie", "begins", "standup", "short", "roasting", "genius", "bartF", "pilot", "cats", "home", "thriller"]],
  // release dates
  ["release_date:20080718", ["dark"]],
  ["release_date:2008-07-18", ["dark"]],
  ["release_date:2008", ["dark", "bb", "pilot", "cats"]],
  ["release_date:200801", ["bb", "pilot", "cats"]],
  ["release_date:2008*", ["dark", "bb", "pilot", "cats"]],
  ["release_date:[19900101 TO 19901231]", ["short", "genius", "bartF"]],
  ["release_date:<1990", ["simpsons", "roasting"]],
  ["release_date:>=2024", ["thriller"]],
  ["release_date:*", ["dark", "amelie", "begins", "standup", "short", "simpsons", "roasting", "genius", "bartF", "bb", "pilot", "cats", "thriller"]],
  // added dates (UTC days here)
  ["added_date:20240630", ["unreleased", "home"]],
  ["added_date:[20240101 TO 20240301]", ["dark", "amelie"]],
  ["added_date:>20240614", ["short", "unreleased", "home"]],
  // pseudo-fields against NOW = 2024-07-01 12:00 UTC
  ['released_inthelast:"1 year"', ["thriller"]],
  ['released_inthelast:"30 years"', ["dark", "amelie", "begins", "standup", "bb", "pilot", "cats", "thriller"]],
  ['released_notinthelast:"30 years"', ["short", "simpsons", "roasting", "genius", "bartF"]],
  ["released_onthisday:x", ["short"]],
  ['added_inthelast:"7 days"', ["unreleased", "home"]],
  ['added_inthelast:"1 month"', ["short", "unreleased", "home"]],
  ['added_notinthelast:"1 year"', ["begins", "standup", "simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN]],
  // seasons and episodes
  ["season_number:1", ["simS1", "roasting", "genius", "bbS1", "pilot", "cats"]],
  ["season_number:2", ["simS2", "bartF"]],
  ["episode_number:3", ["genius"]],
  ["episode_number:1", ["roasting", "bartF", "pilot"]],
  ["episode_number:[2 TO 2]", ["genius", "cats"]],
  ["episode_number:>2", ["genius"]],
  // languages, in any spelling
  ["language:eng", ["dark", "begins", "standup", "roasting", "genius", "pilot", "home", "thriller"]],
  ["language:en", ["dark", "begins", "standup", "roasting", "genius", "pilot", "home", "thriller"]],
  ["language:English", ["dark", "begins", "standup", "roasting", "genius", "pilot", "home", "thriller"]],
  ["language:spa", ["dark", "genius"]],
  ["language:fra", ["amelie"]],
  ["language:french", ["amelie"]],
  ["language:deu", ["short"]],
  ["language:de", ["short"]],
  ["language:jpn", ["bartF"]],
  ["sub_language:eng", ["amelie", "roasting"]],
  ["sub_language:fre", ["dark"]],
  ["sub_language:jpn", []],
  ["language:*", ["dark", "amelie", "begins", "standup", "short", "roasting", "genius", "bartF", "pilot", "home", "thriller"]],
  // libraries
  ['library_name:"TV Shows"', ["simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN]],
  ['library_name:"tv shows"', ["simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN]],
  ["library_name:tv*", ["simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN]],
  ["library_name:movies", MOVIES],
  ["library_name:tv", []],
  // keywords
  ["content_rating:PG-13", ["dark", "begins"]],
  ["content_rating:pg-13", ["dark", "begins"]],
  ["content_rating:R", ["amelie"]],
  ["content_rating:TV*", ["simpsons", "bb"]],
  ["content_rating:*", ["dark", "amelie", "begins", "simpsons", "bb"]],
  ["NOT content_rating:R type:movie", ["dark", "begins", "standup", "short", "unreleased"]],
  ["state:normal", ALL_BUT_TRASHED.filter((key) => key !== "unreleased")],
  ["state:unavailable", ["unreleased"]],
  ["state:trashed", []],
  // versions
  ["height:1080", ["dark", "pilot"]],
  ["width:>=3840", ["amelie"]],
  ["height:[* TO 500]", ["short", "roasting"]],
  ["video_codec:hevc", ["amelie"]],
  ["video_codec:H264", ["dark", "begins", "standup", "roasting", "genius", "bartF", "pilot", "cats", "home", "thriller"]],
  ["video_codec:mpeg*", ["short"]],
  ["chapters:0", ["amelie", "standup", "short", "genius", "bartF", "pilot", "cats", "home", "thriller"]],
  ["chapters:>=3", ["dark", "roasting"]],
  ["chapters:2", ["begins"]],
  // guids
  ["imdb:tt0468569", ["dark"]],
  ["imdb:TT0468569", ["dark"]],
  ["tvdb:71663", ["simpsons"]],
  ["imdb:tt04*", ["dark"]],
  ["tmdb:*", ["dark"]],
  ["imdb:*", ["dark", "amelie", "simpsons"]],
  ["tmdb:tt0468569", []],
  // boolean structure
  ["type:movie AND (genre:drama OR genre:comedy) NOT content_rating:R", ["dark", "standup", "short"]],
  ["type:movie AND genre:comedy AND minutes:[* TO 100] NOT content_rating:R", ["standup"]],
  ["-genre:comedy type:movie", ["dark", "begins", "short", "unreleased"]],
  ["genre:(comedy OR crime)", ["dark", "amelie", "standup", "simpsons", "bb"]],
  ["NOT type:episode NOT type:season NOT type:show", [...MOVIES, "home", "thriller"]],
  ["batman OR zoe", ["dark", "begins", "home"]],
  ['type:episode AND show_title:"The Simpsons" AND season_number:[1 TO 8]', ["roasting", "genius", "bartF"]],
  ["*", ALL_BUT_TRASHED],
  ["*:*", ALL_BUT_TRASHED],
  // clauses that are only punctuation constrain nothing; alone they match nothing
  ["&", []],
  ["type:movie &", MOVIES],
  ["type:movie (& OR batman)", ["dark", "begins"]],
  ["NOT &", []],
];

describe("search compiler against SQLite", () => {
  it.each(CASES)("%s", async (query, expected) => {
    expect(await matching(query)).toEqual([...expected].sort());
  });

  it("uses the calendar days of the given time zone for added_date", async () => {
    // home was added 2024-06-30 00:00 UTC = 2024-06-29 20:00 in New York; unreleased 23:30 UTC = 19:30 there.
    expect(await matching("added_date:20240630", { timeZone: "America/New_York" })).toEqual(["unreleased"]);
    expect(await matching("added_date:20240629", { timeZone: "America/New_York" })).toEqual(["home"]);
  });

  it("uses the clock's day in the given time zone for released_onthisday, and takes the clock as a Date too", async () => {
    const node = parseSearchQuery("released_onthisday:x");
    const find = async (now: number | Date, timeZone: string) => keysOf(await repository.ids(node, { now, timeZone }));
    // 2024-07-01 12:00 UTC is already 2 July on Kiritimati (UTC+14); 30 June 23:00 UTC is 1 July there.
    expect(await find(NOW, "Pacific/Kiritimati")).toEqual([]);
    expect(await find(new Date("2024-06-30T23:00:00Z"), "Pacific/Kiritimati")).toEqual(["short"]);
    expect(() => compileSearchQuery(node, { now: NOW, timeZone: "Mars/Olympus_Mons" })).toThrow(RangeError);
    expect(() => compileSearchQuery(node, { now: Number.NaN })).toThrow(RangeError);
  });

  it("includes trashed items only when asked", async () => {
    expect(await matching("state:trashed", { includeTrashed: true })).toEqual(["trashed"]);
    expect(await matching("genre:comedy", { includeTrashed: true })).toEqual(["amelie", "simpsons", "standup", "trashed"]);
  });

  it("evaluates expanded smart collections", async () => {
    const collections = { Nolan: "director:nolan", "Nolan Classics": 'smart_collection:"Nolan" -title:begins' };
    expect(await matching('smart_collection:"Nolan Classics"', { collections })).toEqual(["dark"]);
    expect(await matching('smart_collection:"Nolan" OR type:other_video', { collections })).toEqual(["begins", "dark", "home"]);
  });

  it("binds every user value as a parameter", async () => {
    const hostile = `title:"x'; DROP TABLE media_item; --" OR genre:"a' OR 1=1 --" OR content_rating:"'; DELETE FROM media_item; --"`;
    const compiled = compileSearchQuery(parseSearchQuery(hostile), { now: NOW, timeZone: "UTC" });
    expect(compiled.sql).not.toMatch(/DROP|DELETE|1=1/);
    expect(compiled.params).toContain("'; DELETE FROM media_item; --");
    expect(await matching(hostile)).toEqual([]);
    expect(await matching("type:movie")).toEqual([...MOVIES].sort());
  });

  it("orders ids by sort title, then id", async () => {
    const ids = await repository.ids(parseSearchQuery("type:movie"), { now: NOW, timeZone: "UTC" });
    expect(ids.map((id) => [...library.ids].find(([, value]) => value === id)![0])).toEqual(["amelie", "begins", "standup", "dark", "short", "unreleased"]);
  });

  it("matches library_id numerically", async () => {
    expect(await matching(`library_id:${library.libraries.other}`)).toEqual(["home", "thriller"]);
    expect(await matching(`library_id:>=${library.libraries.shows}`)).toEqual(["simpsons", ...SIMPSONS_CHILDREN, "bb", ...BREAKING_BAD_CHILDREN, "home", "thriller"].sort());
  });
});
