import { describe, expect, it } from "vitest";
import { parseVersionName, versionGroupKey } from "../../../server/scanner/naming";

const options = { maxYear: 2028 };

describe("version names (Plex and Jellyfin conventions)", () => {
  it("reads the base and the label of version-named files", () => {
    expect(parseVersionName("Film (2001) - 1080p.mkv", options)).toEqual({ base: "Film (2001)", label: "1080p" });
    expect(parseVersionName("Film (2001) - Director's Cut.mp4", options)).toEqual({ base: "Film (2001)", label: "Director's Cut" });
    expect(parseVersionName("Film (2001) {edition-Director's Cut}.mkv", options)).toEqual({ base: "Film (2001)", label: "Director's Cut" });
    expect(parseVersionName("Film (2001) {imdb-tt0000001} - 4K.mkv", options)).toEqual({ base: "Film (2001)", label: "4K" });
    expect(parseVersionName("Film (2001) [720p].mkv", options)).toEqual({ base: "Film (2001)", label: "720p" });
    expect(parseVersionName("Film (2001).mkv", options)).toEqual({ base: "Film (2001)", label: null });
  });

  it("leaves names without a bracketed year or with other trailing text alone", () => {
    expect(parseVersionName("Film - 1080p.mkv", options)).toBeUndefined();
    expect(parseVersionName("Film.2001.1080p.BluRay.mkv", options)).toBeUndefined();
    expect(parseVersionName("Film (2001) 1080p BluRay.mkv", options)).toBeUndefined();
    expect(parseVersionName("Film (3001) - 1080p.mkv", options)).toBeUndefined();
  });

  it("groups versions of one film in one folder, case-insensitively, and nothing else", () => {
    const a = versionGroupKey("/m/Film (2001)", parseVersionName("Film (2001) - 1080p.mkv", options)!);
    const b = versionGroupKey("/m/Film (2001)", parseVersionName("film (2001) - 720p.mkv", options)!);
    expect(a).toBe(b);
    expect(versionGroupKey("/m/other", parseVersionName("Film (2001) - 720p.mkv", options)!)).not.toBe(a);
    expect(versionGroupKey("/m/Film (2001)", parseVersionName("Film 2 (2001) - 720p.mkv", options)!)).not.toBe(a);
  });
});
