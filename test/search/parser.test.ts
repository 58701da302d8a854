import { describe, expect, it } from "vitest";
import { MediaItemKind, MediaItemState } from "../../server/domain/enums";
import { closestMatch, parseSearchQuery, SearchQueryError, type SearchNode, type TextField } from "../../server/services/search";
import { DomainError } from "../../server/services/domain-error";

const exact = (field: TextField, text: string, position: number, quoted = false): SearchNode => ({ type: "text", position, field, value: { kind: "exact", text, quoted } });
const free = (text: string, position: number, quoted = false) => exact("default", text, position, quoted);
const star = { wildcard: "*" as const };
const one = { wildcard: "?" as const };

function parseError(query: string): SearchQueryError {
  try {
    parseSearchQuery(query);
  } catch (error) {
    expect(error).toBeInstanceOf(SearchQueryError);
    return error as SearchQueryError;
  }
  throw new Error(`expected ${JSON.stringify(query)} to fail`);
}

describe("search query parser: constructs", () => {
  it("parses free terms and quoted phrases as full-text over title and plot", () => {
    expect(parseSearchQuery("batman")).toEqual(free("batman", 1));
    expect(parseSearchQuery('  "dark knight"')).toEqual(free("dark knight", 3, true));
    expect(parseSearchQuery('"say \\"hi\\" \\\\ there"')).toEqual(free('say "hi" \\ there', 1, true));
  });

  it("parses field:value with case-insensitive field names, keeping the value as written", () => {
    expect(parseSearchQuery("genre:comedy")).toEqual(exact("genre", "comedy", 1));
    expect(parseSearchQuery("GENRE:Comedy")).toEqual(exact("genre", "Comedy", 1));
    expect(parseSearchQuery('Show_Title:"The Simpsons"')).toEqual(exact("show_title", "The Simpsons", 1, true));
    expect(parseSearchQuery("genre: comedy")).toEqual(exact("genre", "comedy", 1));
    expect(parseSearchQuery("title:Star\\:Trek")).toEqual(exact("title", "Star:Trek", 1));
  });

  it("joins adjacent clauses with AND", () => {
    expect(parseSearchQuery('type:episode show_title:"X"')).toEqual({
      type: "and",
      position: 1,
      children: [{ type: "kind", position: 1, kind: MediaItemKind.Episode }, exact("show_title", "X", 14, true)],
    });
  });

  it("gives NOT precedence over AND, and AND over OR", () => {
    expect(parseSearchQuery("a OR b c")).toEqual({ type: "or", position: 1, children: [free("a", 1), { type: "and", position: 6, children: [free("b", 6), free("c", 8)] }] });
    expect(parseSearchQuery("a AND b OR c")).toEqual({ type: "or", position: 1, children: [{ type: "and", position: 1, children: [free("a", 1), free("b", 7)] }, free("c", 12)] });
    expect(parseSearchQuery("NOT a b")).toEqual({ type: "and", position: 1, children: [{ type: "not", position: 1, child: free("a", 5) }, free("b", 7)] });
  });

  it("accepts NOT, -, ! and the Lucene spellings && and ||; + is a no-op", () => {
    const notB = { type: "not", position: 3, child: free("b", 4) };
    expect(parseSearchQuery("a -b")).toEqual({ type: "and", position: 1, children: [free("a", 1), notB] });
    expect(parseSearchQuery("a !b")).toEqual({ type: "and", position: 1, children: [free("a", 1), notB] });
    expect(parseSearchQuery("NOT b")).toEqual({ type: "not", position: 1, child: free("b", 5) });
    expect(parseSearchQuery("+a")).toEqual(free("a", 2));
    expect(parseSearchQuery("a && b || c")).toEqual({ type: "or", position: 1, children: [{ type: "and", position: 1, children: [free("a", 1), free("b", 6)] }, free("c", 11)] });
    expect(parseSearchQuery("-(a OR b)")).toEqual({ type: "not", position: 1, child: { type: "or", position: 3, children: [free("a", 3), free("b", 8)] } });
  });

  it("treats lowercase and/or/not as words, like Lucene", () => {
    expect(parseSearchQuery("tom and jerry")).toEqual({ type: "and", position: 1, children: [free("tom", 1), free("and", 5), free("jerry", 9)] });
  });

  it("groups with parentheses and flattens nested ANDs and ORs", () => {
    expect(parseSearchQuery("(a OR b) c")).toEqual({ type: "and", position: 2, children: [{ type: "or", position: 2, children: [free("a", 2), free("b", 7)] }, free("c", 10)] });
    expect(parseSearchQuery("a OR (b OR c)")).toEqual({ type: "or", position: 1, children: [free("a", 1), free("b", 7), free("c", 12)] });
  });

  it("applies a field to a parenthesised group of values", () => {
    expect(parseSearchQuery("genre:(comedy OR drama)")).toEqual({ type: "or", position: 8, children: [exact("genre", "comedy", 8), exact("genre", "drama", 18)] });
    expect(parseSearchQuery("minutes:(<30 OR >60)")).toEqual({
      type: "or",
      position: 10,
      children: [
        { type: "number", position: 10, field: "minutes", min: null, max: 29 },
        { type: "number", position: 17, field: "minutes", min: 61, max: null },
      ],
    });
  });

  it("parses wildcards, also leading, in words and (only *) in phrases", () => {
    expect(parseSearchQuery("title:sci*")).toEqual({ type: "text", position: 1, field: "title", value: { kind: "pattern", parts: ["sci", star], quoted: false } });
    expect(parseSearchQuery("*man")).toEqual({ type: "text", position: 1, field: "default", value: { kind: "pattern", parts: [star, "man"], quoted: false } });
    expect(parseSearchQuery("b?tman")).toEqual({ type: "text", position: 1, field: "default", value: { kind: "pattern", parts: ["b", one, "tman"], quoted: false } });
    expect(parseSearchQuery('"star wa*"')).toEqual({ type: "text", position: 1, field: "default", value: { kind: "pattern", parts: ["star wa", star], quoted: true } });
    expect(parseSearchQuery('"what?"')).toEqual(free("what?", 1, true));
    expect(parseSearchQuery("a\\*b")).toEqual(free("a*b", 1));
  });

  it("reads * as 'everything' alone or as *:*, and as 'has a value' after a field", () => {
    expect(parseSearchQuery("*")).toEqual({ type: "all", position: 1 });
    expect(parseSearchQuery("*:*")).toEqual({ type: "all", position: 1 });
    expect(parseSearchQuery("genre:*")).toEqual({ type: "text", position: 1, field: "genre", value: { kind: "present" } });
    expect(parseSearchQuery("minutes:*")).toEqual({ type: "number", position: 1, field: "minutes", min: null, max: null });
    expect(parseSearchQuery("type:*")).toEqual({ type: "all", position: 1 });
  });

  it("parses numeric ranges (inclusive, exclusive, mixed, open) into inclusive bounds", () => {
    const year = (min: number | null, max: number | null) => ({ type: "number", position: 1, field: "year", min, max });
    expect(parseSearchQuery("year:[1990 TO 1999]")).toEqual(year(1990, 1999));
    expect(parseSearchQuery("year:{1990 TO 1999}")).toEqual(year(1991, 1998));
    expect(parseSearchQuery("year:[1990 TO 1999}")).toEqual(year(1990, 1998));
    expect(parseSearchQuery("year:[* TO 1999]")).toEqual(year(null, 1999));
    expect(parseSearchQuery("year:[1990 to *]")).toEqual(year(1990, null));
    expect(parseSearchQuery("year:1994")).toEqual(year(1994, 1994));
  });

  it("parses comparisons on numbers", () => {
    const minutes = (min: number | null, max: number | null) => ({ type: "number", position: 1, field: "minutes", min, max });
    expect(parseSearchQuery("minutes:<30")).toEqual(minutes(null, 29));
    expect(parseSearchQuery("minutes:<=30")).toEqual(minutes(null, 30));
    expect(parseSearchQuery("minutes:>30")).toEqual(minutes(31, null));
    expect(parseSearchQuery("minutes:>=30")).toEqual(minutes(30, null));
    expect(parseSearchQuery("minutes:< 30")).toEqual(minutes(null, 29));
    for (const field of ["seconds", "season_number", "episode_number", "height", "width", "chapters", "library_id"]) {
      expect(parseSearchQuery(`${field}:7`)).toEqual({ type: "number", position: 1, field, min: 7, max: 7 });
    }
  });

  it("parses dates as day spans: yyyyMMdd, yyyy-mm-dd, yyyy, yyyyMM, prefixes, ranges and comparisons", () => {
    const date = (field: string, from: string | null, to: string | null) => ({ type: "date", position: 1, field, from, to });
    expect(parseSearchQuery("release_date:19990131")).toEqual(date("release_date", "1999-01-31", "1999-01-31"));
    expect(parseSearchQuery("release_date:1999-01-31")).toEqual(date("release_date", "1999-01-31", "1999-01-31"));
    expect(parseSearchQuery("release_date:1999")).toEqual(date("release_date", "1999-01-01", "1999-12-31"));
    expect(parseSearchQuery("release_date:200002")).toEqual(date("release_date", "2000-02-01", "2000-02-29"));
    expect(parseSearchQuery("release_date:1999*")).toEqual(date("release_date", "1999-01-01", "1999-12-31"));
    expect(parseSearchQuery("release_date:1999-02*")).toEqual(date("release_date", "1999-02-01", "1999-02-28"));
    expect(parseSearchQuery("release_date:[19990101 TO 19991231]")).toEqual(date("release_date", "1999-01-01", "1999-12-31"));
    expect(parseSearchQuery("release_date:{19990101 TO 20000101}")).toEqual(date("release_date", "1999-01-02", "1999-12-31"));
    expect(parseSearchQuery("release_date:[1990 TO 1999]")).toEqual(date("release_date", "1990-01-01", "1999-12-31"));
    expect(parseSearchQuery("release_date:<2000")).toEqual(date("release_date", null, "1999-12-31"));
    expect(parseSearchQuery("release_date:<=2000")).toEqual(date("release_date", null, "2000-12-31"));
    expect(parseSearchQuery("release_date:>20001231")).toEqual(date("release_date", "2001-01-01", null));
    expect(parseSearchQuery("added_date:>=20240101")).toEqual(date("added_date", "2024-01-01", null));
    expect(parseSearchQuery("added_date:[* TO 2024-03-01]")).toEqual(date("added_date", null, "2024-03-01"));
    expect(parseSearchQuery("release_date:*")).toEqual(date("release_date", null, null));
  });

  it("parses the relative-date pseudo-fields", () => {
    expect(parseSearchQuery('released_inthelast:"7 days"')).toEqual({ type: "relative_date", position: 1, field: "released_inthelast", amount: 7, unit: "day" });
    expect(parseSearchQuery('released_notinthelast:"1 Year"')).toEqual({ type: "relative_date", position: 1, field: "released_notinthelast", amount: 1, unit: "year" });
    expect(parseSearchQuery("added_inthelast:2weeks")).toEqual({ type: "relative_date", position: 1, field: "added_inthelast", amount: 2, unit: "week" });
    expect(parseSearchQuery('added_notinthelast:"3 months"')).toEqual({ type: "relative_date", position: 1, field: "added_notinthelast", amount: 3, unit: "month" });
    expect(parseSearchQuery("released_onthisday:x")).toEqual({ type: "on_this_day", position: 1 });
    expect(parseSearchQuery("released_onthisday:*")).toEqual({ type: "on_this_day", position: 1 });
  });

  it("parses type and state values in ErsatzTV's and our spellings", () => {
    const kinds: Array<[string, MediaItemKind]> = [
      ["movie", MediaItemKind.Movie],
      ["show", MediaItemKind.Show],
      ["season", MediaItemKind.Season],
      ["episode", MediaItemKind.Episode],
      ["other_video", MediaItemKind.OtherVideo],
      ["OtherVideo", MediaItemKind.OtherVideo],
      ["music_video", MediaItemKind.MusicVideo],
      ["song", MediaItemKind.Song],
      ["artist", MediaItemKind.Artist],
      ["EPISODE", MediaItemKind.Episode],
    ];
    for (const [value, kind] of kinds) expect(parseSearchQuery(`type:${value}`)).toEqual({ type: "kind", position: 1, kind });
    expect(parseSearchQuery("state:normal")).toEqual({ type: "state", position: 1, state: MediaItemState.Normal });
    expect(parseSearchQuery("state:Trashed")).toEqual({ type: "state", position: 1, state: MediaItemState.Trashed });
    expect(parseSearchQuery("state:FileNotFound")).toEqual({ type: "state", position: 1, state: MediaItemState.Unavailable });
  });

  it("normalises languages to ISO 639-2/B from codes or English names", () => {
    const language = (field: string, code: string | null) => ({ type: "language", position: 1, field, code });
    expect(parseSearchQuery("language:en")).toEqual(language("language", "eng"));
    expect(parseSearchQuery("language:eng")).toEqual(language("language", "eng"));
    expect(parseSearchQuery("language:deu")).toEqual(language("language", "ger"));
    expect(parseSearchQuery("language:German")).toEqual(language("language", "ger"));
    expect(parseSearchQuery("language_tag:fra")).toEqual(language("language", "fre"));
    expect(parseSearchQuery("sub_language:fr")).toEqual(language("sub_language", "fre"));
    expect(parseSearchQuery("sub_language_tag:spa")).toEqual(language("sub_language", "spa"));
    expect(parseSearchQuery("language:*")).toEqual(language("language", null));
  });

  it("parses guid fields by provider", () => {
    expect(parseSearchQuery("imdb:tt0123456")).toEqual({ type: "guid", position: 1, provider: "imdb", value: { kind: "exact", text: "tt0123456", quoted: false } });
    expect(parseSearchQuery("TMDB:155")).toEqual({ type: "guid", position: 1, provider: "tmdb", value: { kind: "exact", text: "155", quoted: false } });
    expect(parseSearchQuery("tvdb:*")).toEqual({ type: "guid", position: 1, provider: "tvdb", value: { kind: "present" } });
  });

  it("keeps smart_collection references, with wildcard characters literal in the name", () => {
    expect(parseSearchQuery('type:episode AND smart_collection:"Saturday Cartoons"')).toEqual({
      type: "and",
      position: 1,
      children: [
        { type: "kind", position: 1, kind: MediaItemKind.Episode },
        { type: "smart_collection", position: 18, name: "Saturday Cartoons" },
      ],
    });
    expect(parseSearchQuery("smart_collection:What?")).toEqual({ type: "smart_collection", position: 1, name: "What?" });
  });

  it("parses the examples from ErsatzTV's documentation", () => {
    expect(parseSearchQuery('type:episode AND show_title:"The Simpsons" AND season_number:[1 TO 8]')).toEqual({
      type: "and",
      position: 1,
      children: [
        { type: "kind", position: 1, kind: MediaItemKind.Episode },
        exact("show_title", "The Simpsons", 18, true),
        { type: "number", position: 48, field: "season_number", min: 1, max: 8 },
      ],
    });
    expect(parseSearchQuery("type:movie AND genre:comedy AND minutes:[* TO 100] NOT content_rating:R")).toEqual({
      type: "and",
      position: 1,
      children: [
        { type: "kind", position: 1, kind: MediaItemKind.Movie },
        exact("genre", "comedy", 16),
        { type: "number", position: 33, field: "minutes", min: null, max: 100 },
        { type: "not", position: 52, child: exact("content_rating", "R", 56) },
      ],
    });
  });

  it("counts positions in characters, not UTF-16 units", () => {
    expect(parseSearchQuery("😀 x")).toEqual({ type: "and", position: 1, children: [free("😀", 1), free("x", 3)] });
    expect(parseError("😀 gnre:x").position).toBe(3);
  });
});

describe("search query parser: errors", () => {
  const cases: Array<[query: string, message: string, position: number]> = [
    ["", "the query is empty at position 1", 1],
    ["   ", "the query is empty at position 1", 1],
    ["(comedy OR drama", 'expected ")" at position 17', 17],
    ["(a b", 'expected ")" at position 5', 5],
    ["(a]", 'expected ")" at position 3; found "]"', 3],
    ["a)", 'unexpected ")" at position 2', 2],
    ["a AND", "expected a search term at position 6", 6],
    ["a OR OR b", 'expected a search term at position 6; found "OR"', 6],
    ["()", 'expected a search term at position 2; found ")"', 2],
    ["NOT", "expected a search term at position 4", 4],
    ['"dark knight', `expected '"' at position 13; the phrase that starts at position 1 is not closed`, 13],
    ["a\\", 'expected a character after "\\" at position 2', 2],
    ["gnre:comedy", 'unknown field "gnre" at position 1; did you mean "genre"?', 1],
    ["comedy Titel:x", 'unknown field "Titel" at position 8; did you mean "title"?', 8],
    ["show_titel:x", 'unknown field "show_titel" at position 1; did you mean "show_title"?', 1],
    ["sesaon_number:1", 'unknown field "sesaon_number" at position 1; did you mean "season_number"?', 1],
    ['Star Trek: Picard', 'unknown field "Trek" at position 6; put text that contains ":" in quotes', 6],
    [":x", 'unexpected ":" at position 1; a field name goes before the colon, as in genre:comedy', 1],
    ["genre:", 'expected a value for "genre" at position 7', 7],
    ["genre:)", 'expected a value for "genre" at position 7; found ")"', 7],
    ["minutes:-5", 'expected a value for "minutes" at position 9; found "-"', 9],
    ["minutes:<", 'expected a value for "minutes" after "<" at position 10', 10],
    ["<30", 'unexpected "<" at position 1; comparisons and ranges need a field, as in minutes:<30 or year:[1990 TO 1999]', 1],
    ["[1 TO 2]", 'unexpected "[" at position 1; comparisons and ranges need a field, as in minutes:<30 or year:[1990 TO 1999]', 1],
    ["year:[1990 1999]", 'expected "TO" at position 12; found "1999"', 12],
    ["year:[1990 TO 1999", 'expected "]" or "}" at position 19', 19],
    ["year:[1990 TO )", 'expected a value for "year" or "*" at position 15; found ")"', 15],
    ["minutes:abc", 'invalid value "abc" for "minutes" at position 9; expected a whole number', 9],
    ["minutes:1.5", 'invalid value "1.5" for "minutes" at position 9; expected a whole number', 9],
    ["minutes:3*", '"minutes" does not take wildcards at position 9', 9],
    ["year:[1990 TO x]", 'invalid value "x" for "year" at position 15; expected a whole number', 15],
    ["title:[a TO b]", '"title" does not take a range at position 7; ranges work on numeric and date fields', 7],
    ["genre:>drama", '"genre" does not take a comparison at position 7; comparisons work on numeric and date fields', 7],
    ["release_date:2020-13-01", 'invalid date "2020-13-01" for "release_date" at position 14; use yyyyMMdd or yyyy-mm-dd (or yyyy, yyyyMM for a whole year or month)', 14],
    ["release_date:20210229", 'invalid date "20210229" for "release_date" at position 14; use yyyyMMdd or yyyy-mm-dd (or yyyy, yyyyMM for a whole year or month)', 14],
    ["added_date:*2024", 'invalid date "*2024" for "added_date" at position 12; use yyyyMMdd or yyyy-mm-dd (or yyyy, yyyyMM for a whole year or month)', 12],
    ["type:moive", 'unknown type "moive" at position 6; did you mean "movie"?', 6],
    ["type:film", 'unknown type "film" at position 6; use one of movie, show, season, episode, other_video, music_video, song, artist, remote, remote_stream', 6],
    ["type:mov*", '"type" does not take wildcards at position 6', 6],
    ["state:gone", 'unknown state "gone" at position 7; use one of normal, trashed, unavailable', 7],
    ["language:xx", 'unknown language "xx" at position 10; use an ISO 639 code (en, eng, ger) or an English name (german)', 10],
    ["added_inthelast:7", 'invalid period "7" for "added_inthelast" at position 17; use "N days", "N weeks", "N months" or "N years", in quotes', 17],
    ['released_inthelast:"7 fortnights"', 'invalid period "7 fortnights" for "released_inthelast" at position 20; use "N days", "N weeks", "N months" or "N years", in quotes', 20],
    ["added_inthelast:*", '"added_inthelast" needs a period, not "*" at position 17; as in "7 days", "2 weeks", "3 months" or "1 year"', 17],
    ['smart_collection:""', "expected the name of a smart collection at position 18", 18],
    ["title:foo~2", '"~" is not supported at position 10; fuzzy, proximity and boost operators are not part of the query language; put the text in quotes or write "\\~"', 10],
    ["*:x", 'expected "*" after "*:" at position 3', 3],
  ];

  it.each(cases)("%j → %s", (query, message, position) => {
    const error = parseError(query);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
  });

  it("is a validation DomainError on the query field, so the API answers 422", () => {
    const error = parseError("gnre:comedy");
    expect(error).toBeInstanceOf(DomainError);
    expect(error.kind).toBe("Validation");
    expect(error.errors).toEqual([{ field: "query", message: error.message }]);
  });

  it("refuses nesting deeper than 200 levels instead of overflowing the stack", () => {
    expect(() => parseSearchQuery(`${"(".repeat(200)}a${")".repeat(200)}`)).not.toThrow();
    const error = parseError(`${"(".repeat(201)}a${")".repeat(201)}`);
    expect(error.message).toBe("the query nests more than 200 levels deep at position 201");
    expect(parseError(`${"-".repeat(5000)}a`).position).toBe(201);
  });

  it("suggests only close matches", () => {
    expect(closestMatch("gnre", ["genre", "tag"])).toBe("genre");
    expect(closestMatch("minuts", ["minutes", "seconds"])).toBe("minutes");
    expect(closestMatch("xyz", ["genre", "tag"])).toBeUndefined();
  });
});
