import { describe, expect, it } from "vitest";
import { maxReleaseYear, parseEpisodeFile, parseMovieName, parseSeasonFolder, parseShowFolder, sortTitle, type EpisodeName, type TitleYear } from "../../../server/scanner/naming";

// Fixed so "is this four-digit number a release year" does not depend on the day the tests run.
const MAX_YEAR = 2028;

describe("parseMovieName", () => {
  const cases: Array<[string, TitleYear]> = [
    ["The Matrix (1999).mkv", { title: "The Matrix", year: 1999 }],
    ["The Matrix (1999)", { title: "The Matrix", year: 1999 }],
    ["2001 A Space Odyssey (1968).mkv", { title: "2001 A Space Odyssey", year: 1968 }],
    ["Blade Runner 2049 (2017).mp4", { title: "Blade Runner 2049", year: 2017 }],
    ["1917 (2019).mkv", { title: "1917", year: 2019 }],
    ["Amélie (Le Fabuleux Destin d'Amélie Poulain) (2001).mkv", { title: "Amélie (Le Fabuleux Destin d'Amélie Poulain)", year: 2001 }],
    ["Heat (1995) - 1080p.mkv", { title: "Heat", year: 1995 }],
    ["Heat (1995) [Bluray-1080p] {imdb-tt0113277}.mkv", { title: "Heat", year: 1995 }],
    ["Heat [1995].mkv", { title: "Heat", year: 1995 }],
    ["Mr. Bean's Holiday (2007).avi", { title: "Mr. Bean's Holiday", year: 2007 }],
    ["The.Matrix.1999.1080p.BluRay.x264-GROUP.mkv", { title: "The Matrix", year: 1999 }],
    ["Blade.Runner.2049.2017.2160p.UHD.BluRay.x265-GRP.mkv", { title: "Blade Runner 2049", year: 2017 }],
    ["Blade.Runner.2049.1080p.WEB-DL.mkv", { title: "Blade Runner 2049" }],
    ["2001.A.Space.Odyssey.1968.1080p.BluRay.mkv", { title: "2001 A Space Odyssey", year: 1968 }],
    ["Wonder.Woman.1984.2020.1080p.WEBRip.mkv", { title: "Wonder Woman 1984", year: 2020 }],
    ["1917.2019.1080p.mkv", { title: "1917", year: 2019 }],
    ["1917.1080p.BluRay.mkv", { title: "1917" }],
    ["Some_Movie_2010_720p.mkv", { title: "Some Movie", year: 2010 }],
    ["Movie.Name.2019.mkv", { title: "Movie Name", year: 2019 }],
    ["Movie.Name.(2019).1080p.mkv", { title: "Movie Name", year: 2019 }],
    ["Movie.Name.Extended.1080p.BluRay.mkv", { title: "Movie Name" }],
    ["Movie Name 2019 1080p BluRay x264.mkv", { title: "Movie Name", year: 2019 }],
    ["Movie Name 2019 - 1080p.mkv", { title: "Movie Name", year: 2019 }],
    ["S.W.A.T.2003.1080p.mkv", { title: "S.W.A.T.", year: 2003 }],
    ["A.I.Artificial.Intelligence.2001.1080p.mkv", { title: "A.I. Artificial Intelligence", year: 2001 }],
    // Loose names: a bare year after spaces is part of the title unless release tags follow it.
    ["Wonder Woman 1984.mkv", { title: "Wonder Woman 1984" }],
    ["Blade Runner 2049.mkv", { title: "Blade Runner 2049" }],
    ["Some Movie.mkv", { title: "Some Movie" }],
    ["Some Movie [1080p].mkv", { title: "Some Movie" }],
    ["Some Movie", { title: "Some Movie" }],
    ["Some Movie (Director's Cut).mkv", { title: "Some Movie (Director's Cut)" }],
    // Numbers outside the year range never become years.
    ["Apollo 13 (1995).mkv", { title: "Apollo 13", year: 1995 }],
    ["The Movie (0000).mkv", { title: "The Movie (0000)" }],
    ["Fahrenheit.451.1966.mkv", { title: "Fahrenheit 451", year: 1966 }],
    ["2046.mkv", { title: "2046" }],
    ["1080p.mkv", { title: "1080p" }],
  ];
  it.each(cases)("%s", (name, expected) => {
    expect(parseMovieName(name, { maxYear: MAX_YEAR })).toEqual(expected);
  });

  it("reads years up to the configured maximum only", () => {
    expect(parseMovieName("Blade.Runner.2049.1080p.mkv", { maxYear: 2050 })).toEqual({ title: "Blade Runner", year: 2049 });
    expect(parseMovieName("Blade.Runner.2049.1080p.mkv", { maxYear: 2048 })).toEqual({ title: "Blade Runner 2049" });
  });

  it("accepts a path and uses its last segment", () => {
    expect(parseMovieName("/media/Movies/Heat (1995)/Heat (1995).mkv", { maxYear: MAX_YEAR })).toEqual({ title: "Heat", year: 1995 });
  });

  it("the maximum year is a little after the caller's now", () => {
    const now = Date.UTC(2026, 5, 1);
    expect(maxReleaseYear(now)).toBe(2028);
    expect(parseMovieName("Future.Film.2027.1080p.mkv", { maxYear: maxReleaseYear(now) })).toEqual({ title: "Future Film", year: 2027 });
    expect(parseMovieName("Distant.Future.2999.1080p.mkv", { maxYear: maxReleaseYear(now) })).toEqual({ title: "Distant Future 2999" });
  });
});

describe("parseShowFolder", () => {
  const cases: Array<[string, TitleYear]> = [
    ["Doctor Who (2005)", { title: "Doctor Who", year: 2005 }],
    ["Doctor Who", { title: "Doctor Who" }],
    ["The Office (US)", { title: "The Office (US)" }],
    ["Battlestar Galactica (2003) [tvdbid-73545]", { title: "Battlestar Galactica", year: 2003 }],
    ["Battlestar Galactica (2004) {tvdb-73545}", { title: "Battlestar Galactica", year: 2004 }],
    ["S.W.A.T. (2017)", { title: "S.W.A.T.", year: 2017 }],
    ["Agents of S.H.I.E.L.D. (2013)", { title: "Agents of S.H.I.E.L.D.", year: 2013 }],
    ["9-1-1 (2018)", { title: "9-1-1", year: 2018 }],
    ["Stranger.Things.2016", { title: "Stranger Things", year: 2016 }],
    ["/tv/Lost (2004)/", { title: "Lost", year: 2004 }],
  ];
  it.each(cases)("%s", (name, expected) => {
    expect(parseShowFolder(name, { maxYear: MAX_YEAR })).toEqual(expected);
  });
});

describe("parseSeasonFolder", () => {
  const cases: Array<[string, number | undefined]> = [
    ["1", 1],
    ["01", 1],
    ["2016", 2016],
    ["Season 01", 1],
    ["Season 1", 1],
    ["season_03", 3],
    ["Season.04", 4],
    ["Season 10", 10],
    ["Season 00", 0],
    ["S02", 2],
    ["s2", 2],
    ["Show S02", 2],
    ["Show Name - S03", 3],
    ["Staffel 02", 2],
    ["Saison 5", 5],
    ["Temporada 3", 3],
    ["Series 4", 4],
    ["Season 7 (2016)", 7],
    ["Season 2 [1080p]", 2],
    ["Specials", 0],
    ["specials", 0],
    ["Season Specials", 0],
    ["Show Specials", 0],
    ["Book 3", 3],
    ["Extras", undefined],
    ["Featurettes", undefined],
    ["Season", undefined],
    ["S01E02", undefined],
    ["Show", undefined],
    ["Mass", undefined],
    ["/tv/Show/Season 06", 6],
  ];
  it.each(cases)("%s → %s", (name, expected) => {
    expect(parseSeasonFolder(name)).toBe(expected);
  });
});

describe("parseEpisodeFile", () => {
  const cases: Array<[string, EpisodeName]> = [
    ["Show - S01E02.mkv", { season: 1, episodes: [2] }],
    ["Show - S01E02 - The Title.mkv", { season: 1, episodes: [2], title: "The Title" }],
    ["show.s1e2.mkv", { season: 1, episodes: [2] }],
    ["Show.s01.e02.mkv", { season: 1, episodes: [2] }],
    ["Show_s01_e02.mkv", { season: 1, episodes: [2] }],
    ["Show s01xe02.mkv", { season: 1, episodes: [2] }],
    ["Show S01 E02.mkv", { season: 1, episodes: [2] }],
    ["Show - 1x02.mkv", { season: 1, episodes: [2] }],
    ["Show - 1x02 - Pilot.mkv", { season: 1, episodes: [2], title: "Pilot" }],
    ["Show - 12x101.mkv", { season: 12, episodes: [101] }],
    ["Show - S00E05 - Christmas Special.mkv", { season: 0, episodes: [5], title: "Christmas Special" }],
    ["Show - S2019E05.mkv", { season: 2019, episodes: [5] }],
    ["Show - S01E102.mkv", { season: 1, episodes: [102] }],
    // Multi-episode files.
    ["Show - S01E02-E03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - s01e02e03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - s01e02-03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - s01e02-s01e03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - S01E02 - S01E03 - Two Parter.mkv", { season: 1, episodes: [2, 3], title: "Two Parter" }],
    ["Show - S01E02-E03 - Part One & Two.mkv", { season: 1, episodes: [2, 3], title: "Part One & Two" }],
    ["Show - S01E02-E04.mkv", { season: 1, episodes: [2, 3, 4] }],
    ["Show - S01E01E02E03.mkv", { season: 1, episodes: [1, 2, 3] }],
    ["Show - S01E02E05.mkv", { season: 1, episodes: [2, 5] }],
    ["Show - 1x02-03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - 1x02x03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - 1x02-1x03.mkv", { season: 1, episodes: [2, 3] }],
    ["Show - s01e02-s02e01 - Crossover.mkv", { season: 1, episodes: [2], title: "Crossover" }],
    ["Show - 1x02-2x01.mkv", { season: 1, episodes: [2] }],
    // Release names: resolutions and codecs are neither episodes nor titles.
    ["Show.Name.S01E02.1080p.WEB-DL.x264-GRP.mkv", { season: 1, episodes: [2] }],
    ["Show.Name.S01E02.The.Title.1080p.WEB-DL.x264-GRP.mkv", { season: 1, episodes: [2], title: "The Title" }],
    ["Show.Name.S01E02-03.720p.HDTV.mkv", { season: 1, episodes: [2, 3] }],
    ["Show.Name.S01E02-1080p.mkv", { season: 1, episodes: [2] }],
    ["Show.Name.S01E02.PROPER.720p.HDTV.mkv", { season: 1, episodes: [2] }],
    ["Show - S01E02 - Title (1080p).mkv", { season: 1, episodes: [2], title: "Title" }],
    ["Show - S01E02 - Title [WEBDL-1080p].mkv", { season: 1, episodes: [2], title: "Title" }],
    ["Show 1080p 1920x1080.mkv", { episodes: [] }],
    ["Show.1080p.x264.mkv", { episodes: [] }],
    // Show names with S, digits and x in them.
    ["S.W.A.T. (2017) - S01E02 - Pilot.mkv", { season: 1, episodes: [2], title: "Pilot" }],
    ["Agents of S.H.I.E.L.D. - S02E03.mkv", { season: 2, episodes: [3] }],
    ["Mass Effect Stories S03E04.mkv", { season: 3, episodes: [4] }],
    ["Numb3rs - S01E02.mkv", { season: 1, episodes: [2] }],
    ["The 4400 - S04E01.mkv", { season: 4, episodes: [1] }],
    ["Se7en Days S01E01.mkv", { season: 1, episodes: [1] }],
    ["The X-Files - S05E10.mkv", { season: 5, episodes: [10] }],
    ["9-1-1 - 1x02.mkv", { season: 1, episodes: [2] }],
    ["Show Season 2 Episode 5.mkv", { season: 2, episodes: [5] }],
    // No season in the name: the folder decides.
    ["Show - E05.mkv", { episodes: [5] }],
    ["Show - Episode 12 - Finale.mkv", { episodes: [12], title: "Finale" }],
    ["Show - Ep 3.mkv", { episodes: [3] }],
    ["Show - E05-E06.mkv", { episodes: [5, 6] }],
    ["Random Video.mkv", { episodes: [] }],
    ["/tv/Show/Season 01/Show - S01E09.mkv", { season: 1, episodes: [9] }],
  ];
  it.each(cases)("%s", (name, expected) => {
    expect(parseEpisodeFile(name)).toEqual(expected);
  });

  it("keeps only the ends of an implausibly long range", () => {
    expect(parseEpisodeFile("Show - S01E01-E99.mkv")).toEqual({ season: 1, episodes: [1, 99] });
  });
});

describe("sortTitle", () => {
  const cases: Array<[string, string]> = [
    ["The Matrix", "matrix"],
    ["A Bug's Life", "bug's life"],
    ["An American Tail", "american tail"],
    ["the office", "office"],
    ["THE WIRE", "wire"],
    ["Theodore Rex", "theodore rex"],
    ["Annie", "annie"],
    ["Avatar", "avatar"],
    ["  The   Thing  ", "thing"],
    ["The", "the"],
    ["A", "a"],
    ["2001 A Space Odyssey", "2001 a space odyssey"],
  ];
  it.each(cases)("%s → %s", (title, expected) => {
    expect(sortTitle(title)).toBe(expected);
  });
});
