import { describe, expect, it } from "vitest";
import { MAX_NFO_BYTES, isoDate, parseEpisodeNfo, parseMovieNfo, type NfoResult } from "../../../server/scanner/nfo";

function reasonOf<T>(result: NfoResult<T>): string {
  if (result.ok) throw new Error("expected a failure");
  return result.reason;
}

describe("NFO failures never throw", () => {
  const failures: Array<[string, string | Uint8Array, string]> = [
    ["empty", "", "NFO is empty"],
    ["whitespace", " \n\t ", "NFO is empty"],
    ["BOM only", "\uFEFF", "NFO is empty"],
    ["a URL line", "https://www.imdb.com/title/tt0113277/\n", "NFO contains only a URL, not XML metadata"],
    ["a www URL", "www.themoviedb.org/movie/949", "NFO contains only a URL, not XML metadata"],
    ["plain text", "just some notes", "NFO is not XML"],
    ["another root", "<episodedetails><title>x</title></episodedetails>", "NFO has no <movie> element"],
    ["a prefix of the root name", "<movies><title>x</title></movies>", "NFO has no <movie> element"],
    ["an unclosed root", "<movie><title>x</title>", "malformed XML: <movie> is not closed"],
  ];
  it.each(failures)("%s", (_name, input, reason) => {
    expect(parseMovieNfo(input)).toEqual({ ok: false, reason });
  });

  it("reports malformed XML with its line number", () => {
    const reason = reasonOf(parseMovieNfo('<?xml version="1.0"?>\n<movie>\n  <title>x</year>\n</movie>'));
    expect(reason).toMatch(/^malformed XML: .*'title'.* \(line 3\)$/);
    expect(reasonOf(parseMovieNfo("<movie><title>x</title><genre a=\"1\" a=\"2\">y</genre></movie>"))).toMatch(/^malformed XML: /);
    expect(reasonOf(parseMovieNfo("<movie><title>x<title></movie>"))).toMatch(/^malformed XML: /);
    expect(reasonOf(parseEpisodeNfo("<episodedetails><<>></episodedetails>"))).toMatch(/^malformed XML: /);
  });

  it("refuses files over the size cap without parsing them", () => {
    // How long the refusal takes is bench/nfo's figure (b); here, that it is refused.
    const filler = "<tag>x</tag>".repeat(Math.ceil(MAX_NFO_BYTES / 12) + 1);
    expect(parseMovieNfo(`<movie>${filler}</movie>`)).toEqual({ ok: false, reason: `NFO is larger than ${MAX_NFO_BYTES} bytes` });
    expect(parseMovieNfo(new Uint8Array(MAX_NFO_BYTES + 1))).toEqual({ ok: false, reason: `NFO is larger than ${MAX_NFO_BYTES} bytes` });
  });

  it("counts the cap in UTF-8 bytes", () => {
    const text = `<movie><title>${"é".repeat(MAX_NFO_BYTES / 2)}</title></movie>`;
    expect(text.length).toBeLessThan(MAX_NFO_BYTES);
    expect(reasonOf(parseMovieNfo(text))).toBe(`NFO is larger than ${MAX_NFO_BYTES} bytes`);
  });

  it("parses a large file just under the cap whole", () => {
    // How long it takes is bench/nfo's figure (a); here, that nothing of it is lost.
    const actor = (n: number) => `<actor><name>Someone ${n}</name><role>Extra</role></actor>`;
    const actors: string[] = [];
    let length = "<movie><title>Big</title></movie>".length;
    while (length + actor(actors.length).length < MAX_NFO_BYTES - 100) length += (actors[actors.length] = actor(actors.length)).length;
    const text = `<movie><title>Big</title>${actors.join("")}</movie>`;
    expect(new TextEncoder().encode(text).length).toBeLessThan(MAX_NFO_BYTES);
    const result = parseMovieNfo(text);
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.title).toBe("Big");
    expect(result.value.actors).toHaveLength(actors.length);
    expect(result.value.actors[0]).toMatchObject({ name: "Someone 0", role: "Extra" });
    expect(result.value.actors.at(-1)).toMatchObject({ name: `Someone ${actors.length - 1}`, role: "Extra" });
  });

  it("refuses entity declarations (billion laughs) without expanding anything", () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE movie [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<movie><title>&lol9;</title></movie>`;
    expect(parseMovieNfo(bomb)).toEqual({ ok: false, reason: "NFO declares XML entities, which are not allowed" });
  });

  it("refuses a quadratic blow-up (one large entity used many times)", () => {
    const big = "x".repeat(100_000);
    const bomb = `<!DOCTYPE movie [<!ENTITY a "${big}">]><movie><title>${"&a;".repeat(200_000)}</title></movie>`;
    // How long the refusal takes is bench/nfo's figure (c).
    expect(parseMovieNfo(bomb)).toEqual({ ok: false, reason: "NFO declares XML entities, which are not allowed" });
  });

  it("leaves undeclared entity references as written", () => {
    const result = parseMovieNfo("<!DOCTYPE movie><movie><title>&lol9; &copy;</title></movie>");
    expect(result.ok && result.value.title).toBe("&lol9; &copy;");
  });

  it("survives pathological nesting with a result, not an exception", () => {
    expect(parseMovieNfo(`<movie>${"<a>".repeat(1_000)}${"</a>".repeat(1_000)}<title>Deep</title></movie>`)).toMatchObject({ ok: true, value: { title: "Deep" } });
    const depth = 50_000;
    // How long it takes is bench/nfo's figure (d). Deep enough to exhaust the parser's recursion: whichever way it ends, it ends as a result.
    const result = parseMovieNfo(`<movie>${"<a>".repeat(depth)}${"</a>".repeat(depth)}</movie>`);
    expect(result.ok ? "parsed" : result.reason).toMatch(/^(parsed|malformed XML: .+)$/);
  });
});

describe("isoDate", () => {
  const cases: Array<[string | undefined, string | undefined]> = [
    ["2010-07-16", "2010-07-16"],
    ["2010-7-6", "2010-07-06"],
    ["2010/07/16", "2010-07-16"],
    ["2010.07.16", "2010-07-16"],
    ["2010-07-16 00:00:00", "2010-07-16"],
    ["2010-07-16T20:00:00Z", "2010-07-16"],
    [" 2010-07-16 ", "2010-07-16"],
    ["2012-02-29", "2012-02-29"],
    ["2011-02-29", undefined],
    ["2010-13-01", undefined],
    ["2010-00-10", undefined],
    ["2010-04-31", undefined],
    ["0000-01-01", undefined],
    ["2010", undefined],
    ["16/07/2010", undefined],
    ["2010-07-16x", undefined],
    ["", undefined],
    [undefined, undefined],
  ];
  it.each(cases)("%s → %s", (input, expected) => {
    expect(isoDate(input)).toBe(expected);
  });
});
