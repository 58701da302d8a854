import { describe, expect, it } from "vitest";
import type { PlayableItemRow } from "../../server/db/repositories/playout-content-repository";
import { MediaItemKind } from "../../server/domain/enums";
import { toMediaItem } from "../../server/services/playout-content/content-lookup";

const row = (overrides: Partial<PlayableItemRow>): PlayableItemRow => ({
  id: 7, kind: MediaItemKind.Song, title: "Song", sortTitle: "song", releaseDate: null, seasonNumber: null, episodeNumber: null, episodeEndNumber: null,
  versionId: 3, durationMs: 180_000, parentId: 2, parentKind: MediaItemKind.Artist, parentTitle: "Album Band", parentSeasonNumber: null,
  grandparentId: null, grandparentKind: null, grandparentTitle: null, artist: "Singer", albumArtist: "Album Band", album: "Hits", trackNumber: 4, live: false,
  ...overrides,
});

describe("songs as the playout engine sees them", () => {
  it("carry artist, album artist, album, track and their Artist item (album order, shuffle-in-order groups)", () => {
    expect(toMediaItem(row({}), undefined, undefined)).toEqual({
      id: 7, kind: "song", title: "Song", sortTitle: "song", durationMs: 180_000, artistId: 2, artist: "Singer", albumArtist: "Album Band", album: "Hits", track: 4,
    });
  });

  it("leave out what the tags did not say", () => {
    expect(toMediaItem(row({ parentId: null, parentKind: null, parentTitle: null, artist: null, albumArtist: null, album: null, trackNumber: null }), undefined, undefined)).toEqual({
      id: 7, kind: "song", title: "Song", sortTitle: "song", durationMs: 180_000,
    });
  });
});
