/**
 * The cover image of a song for its stream picture: the song's `Cover` artwork in the artwork cache (the
 * scanner stores the album folder's `cover|folder|front` image there, else the picture embedded in the file).
 * Only the cached file is ever handed to FFmpeg, never a path from elsewhere.
 */
import { ArtworkKind } from "../domain/enums";
import type { ArtworkService } from "./artwork-service";

/** The cached cover file of a song, or undefined when it has none. */
export type SongCoverLookup = (songId: number) => Promise<string | undefined>;

export function songCoverFromArtwork(artwork: ArtworkService): SongCoverLookup {
  return async (songId) => (await artwork.fileFor(songId, ArtworkKind.Cover))?.file;
}
