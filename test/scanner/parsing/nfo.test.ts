import { describe, expect, it } from "vitest";
import { parseEpisodeNfo, parseMovieNfo, parseShowNfo, type NfoResult } from "../../../server/scanner/nfo";

const MOVIE_NFO = `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
<!-- written by a media manager -->
<movie>
  <title>Heat</title>
  <originaltitle>Heat (Original)</originaltitle>
  <sorttitle>Heat 1995</sorttitle>
  <outline>Short outline.</outline>
  <plot>A group of professional bank robbers
start to feel the heat from police.</plot>
  <tagline>A Los Angeles Crime Saga</tagline>
  <year>1995</year>
  <premiered>1995-12-15</premiered>
  <mpaa>Rated R</mpaa>
  <genre>Action</genre>
  <genre>Crime / Drama</genre>
  <genre>action</genre>
  <tag>heist</tag>
  <tag>los angeles</tag>
  <studio>Warner Bros. Pictures</studio>
  <studio>Regency Enterprises</studio>
  <country>United States of America</country>
  <director>Michael Mann</director>
  <credits>Michael Mann</credits>
  <uniqueid type="imdb" default="true">tt0113277</uniqueid>
  <uniqueid type="tmdb">949</uniqueid>
  <id>tt0113277</id>
  <actor>
    <name>Al Pacino</name>
    <role>Lt. Vincent Hanna</role>
    <order>0</order>
    <thumb>https://example.invalid/pacino.jpg</thumb>
  </actor>
  <actor>
    <name>Robert De Niro</name>
    <role>Neil McCauley</role>
    <order>1</order>
  </actor>
  <actor>
    <name>Val Kilmer</name>
  </actor>
  <actor><role>nameless</role></actor>
  <fileinfo><streamdetails><video><codec>h264</codec></video></streamdetails></fileinfo>
</movie>
`;

const SHOW_NFO = `<?xml version="1.0" encoding="UTF-8"?>
<tvshow>
  <title>The Wire</title>
  <showtitle>The Wire</showtitle>
  <plot><![CDATA[Baltimore & its <institutions>.]]></plot>
  <tagline>Listen carefully.</tagline>
  <premiered>2002-06-02</premiered>
  <mpaa>TV-MA</mpaa>
  <genre>Crime</genre>
  <genre>Drama</genre>
  <studio>HBO</studio>
  <tag>baltimore</tag>
  <id>79126</id>
  <uniqueid type="tvdb" default="true">79126</uniqueid>
  <uniqueid type="IMDB">tt0306414</uniqueid>
  <uniqueid type="tmdb">1438</uniqueid>
  <actor><name>Dominic West</name><role>Jimmy McNulty</role><order>0</order></actor>
  <actor><name>Idris Elba</name><role>Stringer Bell</role><order>2</order></actor>
  <season>5</season>
  <episode>60</episode>
</tvshow>`;

const EPISODE_NFO = `<?xml version="1.0" encoding="UTF-8"?>
<episodedetails>
  <title>The Target</title>
  <showtitle>The Wire</showtitle>
  <season>1</season>
  <episode>1</episode>
  <aired>2002-6-2</aired>
  <plot>Jimmy McNulty &amp; Kima Greggs &#8211; a murder trial.</plot>
  <mpaa>TV-MA</mpaa>
  <credits>David Simon</credits>
  <credits>Ed Burns</credits>
  <writer>David Simon</writer>
  <director>Clark Johnson</director>
  <uniqueid type="tvdb" default="true">80245</uniqueid>
  <actor><name>Dominic West</name><role>Jimmy McNulty</role></actor>
</episodedetails>`;

const MULTI_EPISODE_NFO = `<?xml version="1.0" encoding="UTF-8"?>
<episodedetails>
  <title>Pilot (1)</title>
  <showtitle>Lost</showtitle>
  <season>1</season>
  <episode>1</episode>
  <aired>2004-09-22</aired>
</episodedetails>
<episodedetails>
  <title>Pilot (2)</title>
  <showtitle>Lost</showtitle>
  <season>1</season>
  <episode>2</episode>
  <aired>2004-09-29</aired>
  <id>127131</id>
</episodedetails>
`;

function reasonOf<T>(result: NfoResult<T>): string {
  if (result.ok) throw new Error("expected a failure");
  return result.reason;
}

describe("movie NFO", () => {
  it("reads every movie field", () => {
    expect(parseMovieNfo(MOVIE_NFO)).toEqual({
      ok: true,
      value: {
        title: "Heat",
        originalTitle: "Heat (Original)",
        sortTitle: "Heat 1995",
        plot: "A group of professional bank robbers\nstart to feel the heat from police.",
        tagline: "A Los Angeles Crime Saga",
        year: 1995,
        releaseDate: "1995-12-15",
        contentRating: "R",
        genres: ["Action", "Crime", "Drama"],
        tags: ["heist", "los angeles"],
        studios: ["Warner Bros. Pictures", "Regency Enterprises"],
        countries: ["United States of America"],
        actors: [
          { name: "Al Pacino", role: "Lt. Vincent Hanna", order: 0 },
          { name: "Robert De Niro", role: "Neil McCauley", order: 1 },
          { name: "Val Kilmer", order: 2 },
        ],
        directors: ["Michael Mann"],
        writers: ["Michael Mann"],
        guids: [
          { source: "imdb", value: "tt0113277" },
          { source: "tmdb", value: "949" },
        ],
      },
    });
  });

  it("falls back to the outline, the premiere year and legacy id tags", () => {
    const result = parseMovieNfo(`<movie><title>X</title><outline>Only an outline.</outline><premiered>2010-07-16</premiered>
      <id>27205</id><imdbid>tt1375666</imdbid><tvdbid>0</tvdbid><uniqueid type="imdb">not-an-id</uniqueid></movie>`);
    expect(result).toEqual({
      ok: true,
      value: {
        title: "X",
        plot: "Only an outline.",
        year: 2010,
        releaseDate: "2010-07-16",
        genres: [],
        tags: [],
        studios: [],
        countries: [],
        actors: [],
        directors: [],
        writers: [],
        guids: [
          { source: "imdb", value: "tt1375666" },
          { source: "tmdb", value: "27205" },
        ],
      },
    });
  });

  it("accepts a minimal, self-closing or empty-tag movie", () => {
    expect(parseMovieNfo("<movie/>")).toEqual({
      ok: true,
      value: { genres: [], tags: [], studios: [], countries: [], actors: [], directors: [], writers: [], guids: [] },
    });
    const empty = parseMovieNfo("<movie><title></title><year/><plot>   </plot><genre/></movie>");
    expect(empty.ok && empty.value).toEqual({ genres: [], tags: [], studios: [], countries: [], actors: [], directors: [], writers: [], guids: [] });
  });

  it("keeps numeric-looking text as text (titles, leading zeros)", () => {
    const result = parseMovieNfo("<movie><title>1917</title><sorttitle>007</sorttitle><year>2019</year></movie>");
    expect(result.ok && [result.value.title, result.value.sortTitle, result.value.year]).toEqual(["1917", "007", 2019]);
  });

  it("decodes entities and character references once, and CDATA not at all", () => {
    const result = parseMovieNfo(
      "<movie><title>Tom &amp; Jerry &#233;&#xE9; &lt;3 &quot;q&quot; &apos;a&apos; &amp;amp; &nbsp;</title><plot><![CDATA[a &amp; b]]></plot></movie>",
    );
    expect(result.ok && result.value.title).toBe(`Tom & Jerry éé <3 "q" 'a' &amp; &nbsp;`);
    expect(result.ok && result.value.plot).toBe("a &amp; b");
  });

  it("tolerates bare ampersands, a BOM, and a URL line after the XML", () => {
    const result = parseMovieNfo("\uFEFF<?xml version=\"1.0\"?>\n<movie><title>R & B</title><studio>A&E</studio></movie>\nhttps://www.imdb.com/title/tt0113277/\n");
    expect(result.ok && [result.value.title, result.value.studios]).toEqual(["R & B", ["A&E"]]);
  });

  it("reads bytes as UTF-8 or, with a byte-order mark, UTF-16", () => {
    const xml = "<movie><title>Amélie</title></movie>";
    const utf8 = parseMovieNfo(new TextEncoder().encode(xml));
    expect(utf8.ok && utf8.value.title).toBe("Amélie");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, "utf16le")]);
    const fromUtf16 = parseMovieNfo(utf16);
    expect(fromUtf16.ok && fromUtf16.value.title).toBe("Amélie");
  });

  it("reads the first of several movie elements", () => {
    const result = parseMovieNfo("<movie><title>One</title></movie><movie><title>Two</title></movie>");
    expect(result.ok && result.value.title).toBe("One");
  });
});

describe("show NFO", () => {
  it("reads every show field", () => {
    expect(parseShowNfo(SHOW_NFO)).toEqual({
      ok: true,
      value: {
        title: "The Wire",
        plot: "Baltimore & its <institutions>.",
        tagline: "Listen carefully.",
        year: 2002,
        releaseDate: "2002-06-02",
        contentRating: "TV-MA",
        genres: ["Crime", "Drama"],
        tags: ["baltimore"],
        studios: ["HBO"],
        actors: [
          { name: "Dominic West", role: "Jimmy McNulty", order: 0 },
          { name: "Idris Elba", role: "Stringer Bell", order: 2 },
        ],
        directors: [],
        writers: [],
        guids: [
          { source: "tvdb", value: "79126" },
          { source: "imdb", value: "tt0306414" },
          { source: "tmdb", value: "1438" },
        ],
      },
    });
  });

  it("reads a legacy numeric <id> of a show as tvdb", () => {
    const result = parseShowNfo("<tvshow><title>Lost</title><id>73739</id></tvshow>");
    expect(result.ok && result.value.guids).toEqual([{ source: "tvdb", value: "73739" }]);
  });

  it("is not a movie NFO", () => {
    expect(reasonOf(parseShowNfo(MOVIE_NFO))).toBe("NFO has no <tvshow> element");
    expect(reasonOf(parseMovieNfo(SHOW_NFO))).toBe("NFO has no <movie> element");
  });
});

describe("episode NFO", () => {
  it("reads one episode", () => {
    expect(parseEpisodeNfo(EPISODE_NFO)).toEqual({
      ok: true,
      value: [
        {
          title: "The Target",
          showTitle: "The Wire",
          season: 1,
          episode: 1,
          plot: "Jimmy McNulty & Kima Greggs – a murder trial.",
          year: 2002,
          releaseDate: "2002-06-02",
          contentRating: "TV-MA",
          genres: [],
          tags: [],
          studios: [],
          actors: [{ name: "Dominic West", role: "Jimmy McNulty", order: 0 }],
          directors: ["Clark Johnson"],
          writers: ["David Simon", "Ed Burns"],
          guids: [{ source: "tvdb", value: "80245" }],
        },
      ],
    });
  });

  it("reads every episode of a multi-episode file, in order", () => {
    const result = parseEpisodeNfo(MULTI_EPISODE_NFO);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.map((e) => [e.title, e.showTitle, e.season, e.episode, e.releaseDate, e.guids])).toEqual([
      ["Pilot (1)", "Lost", 1, 1, "2004-09-22", []],
      ["Pilot (2)", "Lost", 1, 2, "2004-09-29", [{ source: "tvdb", value: "127131" }]],
    ]);
  });

  it("ignores season and episode numbers that are not whole numbers", () => {
    const result = parseEpisodeNfo("<episodedetails><season>-1</season><episode>two</episode><title>T</title></episodedetails>");
    expect(result.ok && result.value).toEqual([
      { title: "T", genres: [], tags: [], studios: [], actors: [], directors: [], writers: [], guids: [] },
    ]);
  });
});
